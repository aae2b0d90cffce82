import { registerValidateRules } from '@formily/core';
import { Schema } from '@formily/react';
import { t } from '../../locale/zh-CN';
import { registerWidgetRules } from '../../widgets/validators/formily-rules';
import { readPath } from '../../../shared/conditions';

let ready = false;

/**
 * Formily set-up for definition forms, once: the widgets' named rules, `equalsField` (confirm
 * password), and a schema compiler that never evaluates `{{ }}` text — Formily's default would run it
 * through `new Function`.
 */
export function prepareFormily(): void {
  if (ready) return;
  ready = true;
  registerWidgetRules();
  registerValidateRules({
    equalsField(value, rule, ctx: { form?: { values?: Record<string, unknown> } }) {
      const other =
        typeof rule.equalsField === 'string' ? readPath(ctx.form?.values, rule.equalsField) : undefined;
      return (value ?? '') === (other ?? '') ? '' : (rule.message ?? t.renderer.form.passwordMismatch);
    },
  });
  Schema.registerCompiler(() => undefined);
}
