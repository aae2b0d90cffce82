import { registerValidateRules } from '@formily/core';
import type { ValidatorFunction } from '@formily/validator';
import { namedChecks, sizedChecks, type NamedCheck, type SizedCheck } from '../../../shared/validators';
import { checkCron } from '../../../shared/cron';
import { checkRuleValidator } from './check-rule';
import { duplicateValidator, type DuplicateCheck } from './duplicate';

/**
 * The shared rules by name, so a JSON definition can write
 * `"x-validator": [{"mobile": true}, {"maxSelect": 3}, {"checkRule": "code"}, {"duplicate": {"tableName": "sys_user", "fieldName": "username"}}, {"cron": true}]`.
 */
let registered = false;

export function registerWidgetRules(): void {
  if (registered) return;
  registered = true;
  const rules: Record<string, ValidatorFunction> = {};
  for (const name of Object.keys(namedChecks) as NamedCheck[]) {
    rules[name] = (value, rule, ctx) => {
      const problem = rule[name] ? namedChecks[name](value) : undefined;
      // The rule as written (a field rule preset's own message) is in ctx; rule.message is Formily's
      // locale fallback when the definition gave none, so the check's own words are used then.
      const own = typeof ctx.message === 'string' ? ctx.message : undefined;
      return problem ? (own ?? problem) : '';
    };
  }
  for (const name of Object.keys(sizedChecks) as SizedCheck[]) {
    rules[name] = (value, rule) => {
      const n = Number(rule[name]);
      return Number.isFinite(n) ? (sizedChecks[name](n)(value) ?? '') : '';
    };
  }
  rules.checkRule = (value, rule, ctx, render) => (rule.checkRule ? checkRuleValidator(String(rule.checkRule))(value, rule, ctx, render) : '');
  rules.duplicate = (value, rule, ctx, render) =>
    rule.duplicate ? duplicateValidator(rule.duplicate as unknown as DuplicateCheck)(value, rule, ctx, render) : '';
  rules.cron = (value, rule) => {
    if (!rule.cron || value === undefined || value === null || value === '') return '';
    const r = checkCron(String(value));
    return r.ok ? '' : r.error;
  };
  registerValidateRules(rules);
}
