import { isField, type Field, type Form } from '@formily/core';
import { looksMasked } from '../../../shared/mask';

/**
 * Fields still holding the masked personal value the record was loaded with (数据脱敏). The server keeps
 * the stored value when the mask comes back, so their format rules (mobile, e-mail …) do not apply;
 * a changed value is an ordinary value again and is checked as usual.
 */
export function maskedUntouched(form: Form): Field[] {
  const out: Field[] = [];
  form.query('*').forEach((f) => {
    if (isField(f) && looksMasked(f.value) && f.value === f.initialValue) out.push(f);
  });
  return out;
}

/** Runs the form's validation with the given fields' rules set aside (restored afterwards). */
export async function validateExcept(form: Form, skipped: Field[]): Promise<void> {
  const saved = skipped.map((f) => [f, f.validator] as const);
  for (const f of skipped) f.setValidator(undefined);
  try {
    await form.validate();
  } finally {
    for (const [f, v] of saved) f.setValidator(v);
  }
}
