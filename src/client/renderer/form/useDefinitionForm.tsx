import { createForm, type Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import { Alert, Spin } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { FieldError } from '../../../shared/entity-record';
import type { Envelope } from '../../../shared/envelope';
import { feedback } from '../../api/feedback';
import { useDevice } from '../../layout/device';
import { t } from '../../locale/zh-CN';
import type { PageForm } from '../definition/types';
import { maskedUntouched, validateExcept } from './masked-fields';
import { usePrecompiledValidator } from './precompiled';
import { prepareFormily } from './rules';
import { SchemaField } from './SchemaField';
import { toFormilySchema, type FieldAuthState, type FormMode } from './schema';

prepareFormily();

const L = t.renderer.form;

export interface DefinitionFormOptions {
  active: boolean;
  form: PageForm;
  mode: FormMode;
  /** Values to start from; a promise while they load (edit reads the record first). */
  values: Record<string, unknown> | Promise<Record<string, unknown>>;
  fieldState: (code: string) => FieldAuthState;
  /** Sends the values; a failed envelope keeps the form with the server's message. */
  submit: (values: Record<string, unknown>) => Promise<Envelope<unknown>>;
  onSaved: () => void;
}

type LoadState =
  { status: 'loading' } | { status: 'ready'; form: Form } | { status: 'error'; message: string };

/**
 * A definition's form: Formily renders the schema with the registered widgets; `ok` validates the
 * fields, then the precompiled record validator (when the definition names one), then sends.
 */
export function useDefinitionForm({
  active,
  form: def,
  mode,
  values,
  fieldState,
  submit,
  onSaved,
}: DefinitionFormOptions) {
  const [loaded, setLoaded] = useState<{ values: DefinitionFormOptions['values']; state: LoadState } | null>(
    null,
  );
  const [saving, setSaving] = useState(false);
  const precompiled = usePrecompiledValidator(def.validator);
  // A phone has no room for a label column: labels go above their inputs instead of being cut short.
  const phone = useDevice() === 'mobile';

  const schema = useMemo(() => {
    try {
      return { ok: true as const, schema: toFormilySchema(def.schema, { mode, fieldState }) ?? {} };
    } catch (e) {
      return { ok: false as const, message: e instanceof Error ? e.message : String(e) };
    }
  }, [def.schema, mode, fieldState]);

  // One Formily form per set of starting values (a new dialog opening, or a new record).
  useEffect(() => {
    if (!active) return;
    let alive = true;
    Promise.resolve(values).then(
      (initial) =>
        alive &&
        setLoaded({ values, state: { status: 'ready', form: createForm({ initialValues: initial }) } }),
      (e: unknown) =>
        alive &&
        setLoaded({
          values,
          state: { status: 'error', message: e instanceof Error && e.message ? e.message : L.loadFailed },
        }),
    );
    return () => {
      alive = false;
    };
  }, [active, values]);
  const state: LoadState = loaded && loaded.values === values ? loaded.state : { status: 'loading' };

  /** Resolves true when the server accepted the values. */
  const ok = async (): Promise<boolean> => {
    if (state.status !== 'ready') return false;
    const form = state.form;
    // Messages the record validator set last time go; the field rules and the validator run afresh.
    form.clearErrors('*');
    // Masked values sent back unchanged keep the stored ones on the server: their rules do not apply.
    const masked = maskedUntouched(form);
    try {
      await validateExcept(form, masked);
    } catch {
      return false; // Formily shows each field's message under it.
    }
    const data = { ...(form.values as Record<string, unknown>) };
    let refused: FieldError[] = [];
    try {
      const skipped = new Set(masked.map((f) => f.path.toString()));
      refused = precompiled ? precompiled(data).filter((r) => !skipped.has(r.field)) : [];
    } catch (e) {
      // A broken generated validator must not lock the form: the server checks the same rules.
      console.error('precompiled record validator failed', def.validator, e);
    }
    if (refused.length) {
      for (const r of refused) form.setFieldState(r.field, (s) => void (s.selfErrors = [r.message]));
      feedback().message.warning(refused.map((r) => L.validatorFailed(r.title, r.message)).join('；'));
      return false;
    }
    setSaving(true);
    try {
      const res = await submit(data);
      if (!res.success) {
        feedback().message.warning(res.message || t.common.failed);
        return false;
      }
      feedback().message.success(res.message || t.common.success);
      onSaved();
      return true;
    } catch {
      return false; // The HTTP client has already shown the failure.
    } finally {
      setSaving(false);
    }
  };

  let body: ReactNode;
  if (!schema.ok) body = <Alert type="error" showIcon message={schema.message} />;
  else if (state.status === 'loading') body = <Spin style={{ display: 'block', padding: 48 }} />;
  else if (state.status === 'error') body = <Alert type="error" showIcon message={state.message} />;
  else
    body = (
      <FormProvider form={state.form}>
        <FormLayout
          {...(phone
            ? { layout: 'vertical' as const, colon: false }
            : { labelCol: def.labelCol ?? 5, wrapperCol: def.wrapperCol ?? 16 })}
        >
          <SchemaField schema={schema.schema} />
        </FormLayout>
      </FormProvider>
    );

  return { body, ok, saving, ready: schema.ok && state.status === 'ready' };
}
