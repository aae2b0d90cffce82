import type { ValidatorFunction } from '@formily/validator';
import { getAction } from '../../api';
import { isEmpty } from '../../../shared/validators';

/**
 * A Formily async validator for a coding rule kept on the server (`GET /sys/checkRule/checkByCode`,
 * protocol §11.2): the value goes URL-encoded as the original client sends it; the server's message is
 * shown when it fails. Empty values are left to `required`.
 */
export function checkRuleValidator(ruleCode: string): ValidatorFunction {
  return async (value: unknown) => {
    if (isEmpty(value)) return '';
    try {
      const res = await getAction('/sys/checkRule/checkByCode', { ruleCode, value: encodeURIComponent(String(value)) });
      return res.success ? '' : res.message;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  };
}
