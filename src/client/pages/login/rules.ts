import type { Rule } from 'antd/es/form';
import { t } from '../../locale/zh-CN';

/** Mobile numbers as spec §5 states them: 11 digits, 1 then 3/4/5/7/8. */
export const MOBILE_RE = /^1[34578]\d{9}$/;
/** Usernames: letters, digits, underscore, 4-18 characters (spec §5). */
export const USERNAME_RE = /^[a-zA-Z0-9_]{4,18}$/;

export const mobileRules: Rule[] = [
  { required: true, message: t.shell.login.mobile },
  { pattern: MOBILE_RE, message: t.shell.login.mobileInvalid },
];

export const captchaRules: Rule[] = [{ required: true, message: t.shell.login.captcha }];
