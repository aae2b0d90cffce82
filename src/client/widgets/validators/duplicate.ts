import type { ValidatorFunction } from '@formily/validator';
import { getAction } from '../../api';
import { isEmpty } from '../../../shared/validators';

export interface DuplicateCheck {
  tableName: string;
  fieldName: string;
  /** Id of the record being edited (excluded from the count); by default the form's `id` value. */
  dataId?: string;
}

/**
 * A Formily async validator that asks the server whether a value is already taken
 * (`GET /sys/duplicate/check`, protocol §11.1); the server's message is shown when it is.
 */
export function duplicateValidator(check: DuplicateCheck): ValidatorFunction {
  return async (value: unknown, _rule: unknown, ctx: { form?: { values?: Record<string, unknown> } } | undefined) => {
    if (isEmpty(value)) return '';
    const dataId = check.dataId ?? (ctx?.form?.values?.id as string | undefined);
    try {
      const res = await getAction('/sys/duplicate/check', { tableName: check.tableName, fieldName: check.fieldName, fieldVal: String(value), dataId });
      return res.success ? '' : res.message;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  };
}
