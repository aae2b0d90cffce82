/**
 * Control characters no form, rich text or spreadsheet cell legitimately holds: C0 controls other than
 * tab, line feed and carriage return, and DEL. PostgreSQL refuses NUL in text outright, and the others
 * turn links and log lines into something other than what they look like.
 */
// Matching control characters is the point of this expression.
// eslint-disable-next-line no-control-regex
export const FORBIDDEN_CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARS_MESSAGE = '请求包含非法控制字符';

export const hasForbiddenControlChars = (text: string): boolean => FORBIDDEN_CONTROL_CHARS.test(text);
