/**
 * Field rules of spec §5, shared by the console's forms and the server. Each check takes the raw value
 * and returns the Chinese message when it fails, or `undefined` when it passes. Optional rules pass on an
 * empty value (pair them with `required`). Pure: no DOM, no I/O.
 */

export type Check = (value: unknown) => string | undefined;

/** The messages, kept together so the console's locale and the server answer the same words. */
export const ruleMessages = {
  required: '该字段是必填字段',
  mobileRequired: '请输入手机号码',
  mobile: '请输入正确手机号',
  phone: '请输入11位以1开头的手机号码',
  usernameRequired: '请输入用户名',
  username: '用户名须为4-18位字母、数字或下划线',
  email: '邮箱格式不正确',
  naturalNumber: '请输入自然数',
  letters: '请输入英文字母',
  landline: '请输入正确的座机号码（区号加7或8位号码）',
  bankCard: '请输入正确的银行卡号（10-20位数字）',
  idNumber: '证件号码须为不超过50位的字母或数字',
  idCard: '请输入正确的身份证号码',
  qq: '请输入正确的QQ号码（5-12位数字）',
  url: '请输入以http或https开头的网址',
  alphanumeric20: '最多20位字母或数字',
  name2to100: '请输入2-100位中英文字母或空格',
  digitsLines: '只能输入数字和换行',
  max255: '最多255个字符',
  minLength: (n: number) => `最小长度${n}位字符`,
  maxLength: (n: number) => `最大长度${n}位字符`,
  minSelect: (n: number) => `最少选择${n}项`,
  maxSelect: (n: number) => `最多选择${n}项`,
} as const;

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const text = (value: unknown) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '');

/** An optional pattern rule: empty passes, anything else must match. */
function pattern(re: RegExp, message: string): Check {
  return (value) => (isEmpty(value) || re.test(text(value)) ? undefined : message);
}

export const required: Check = (value) => (isEmpty(value) ? ruleMessages.required : undefined);

/** Mobile: 11 digits, `1` then one of 3,4,5,7,8 (spec §5). Optional; see `mobileRequired`. */
export const mobile = pattern(/^1[34578]\d{9}$/, ruleMessages.mobile);
export const mobileRequired: Check = (value) => (isEmpty(value) ? ruleMessages.mobileRequired : mobile(value));
/** The looser helper: any 11 digits starting with 1. */
export const phone = pattern(/^1\d{10}$/, ruleMessages.phone);

/** Username: 4-18 letters, digits or underscores (the spec's rule; its message wrongly said 6). */
export const username = pattern(/^\w{4,18}$/, ruleMessages.username);
export const usernameRequired: Check = (value) => (isEmpty(value) ? ruleMessages.usernameRequired : username(value));

export const email = pattern(
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/,
  ruleMessages.email,
);
export const naturalNumber = pattern(/^\d+$/, ruleMessages.naturalNumber);
export const letters = pattern(/^[A-Za-z]+$/, ruleMessages.letters);
/** Area code (0 plus 2-3 digits), optional dash, then 7 or 8 digits. */
export const landline = pattern(/^0\d{2,3}-?\d{7,8}$/, ruleMessages.landline);
export const bankCard = pattern(/^\d{10,20}$/, ruleMessages.bankCard);
export const idNumber = pattern(/^[A-Za-z0-9]{1,50}$/, ruleMessages.idNumber);
export const qq = pattern(/^[1-9]\d{4,11}$/, ruleMessages.qq);
export const url = pattern(/^https?:\/\/[^\s/$.?#][^\s]*$/i, ruleMessages.url);
export const alphanumeric20 = pattern(/^[A-Za-z0-9]{1,20}$/, ruleMessages.alphanumeric20);
export const name2to100 = pattern(/^[\u4e00-\u9fa5A-Za-z ]{2,100}$/, ruleMessages.name2to100);
export const digitsLines: Check = (value) =>
  isEmpty(value) || /^[\d\r\n]+$/.test(typeof value === 'string' ? value : text(value)) ? undefined : ruleMessages.digitsLines;
export const max255: Check = (value) => (isEmpty(value) || [...text(value)].length <= 255 ? undefined : ruleMessages.max255);

/** Province-level region codes (first two digits of a national ID). */
const ID_REGIONS = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63,
  64, 65, 71, 81, 82, 91,
]);
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

/** Whether the day exists on the calendar (2026-02-30 does not). */
export function validDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' naming a real day and time of day (the shape is checked elsewhere). */
export function isRealDateTime(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text);
  if (!m) return true;
  if (!validDate(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  return m[4] === undefined || (Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 60);
}

/** Today as YYYYMMDD (local calendar), to compare with a birth date. */
const todayNumber = (now: Date) => now.getFullYear() * 10000 + (now.getMonth() + 1) * 100 + now.getDate();

/**
 * A mainland resident ID number (GB 11643): 18 characters, a province-level region, a birth date that
 * exists and is not after `now`, and the mod-11 check character (X allowed). The entity rule preset
 * `idCard` and the named check below both end here.
 */
export function isResidentIdCard(raw: string, now = new Date()): boolean {
  const id = raw.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  if (!ID_REGIONS.has(Number(id.slice(0, 2)))) return false;
  const y = Number(id.slice(6, 10));
  if (y < 1800 || !validDate(y, Number(id.slice(10, 12)), Number(id.slice(12, 14)))) return false;
  if (Number(id.slice(6, 14)) > todayNumber(now)) return false;
  return idCardCheckChar(id.slice(0, 17)) === id[17];
}

/** The 18th character (GB 11643 check character) of a resident ID number's first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ID_CHECK_CHARS[sum % 11];
}

/** National ID: the 18-character resident ID number above, or the old 15 digits (region and birth date). */
export function isChineseIdCard(raw: string): boolean {
  const id = raw.trim().toUpperCase();
  if (/^\d{15}$/.test(id)) {
    return ID_REGIONS.has(Number(id.slice(0, 2))) && validDate(1900 + Number(id.slice(6, 8)), Number(id.slice(8, 10)), Number(id.slice(10, 12)));
  }
  return isResidentIdCard(id);
}

export const idCard: Check = (value) => (isEmpty(value) || isChineseIdCard(text(value)) ? undefined : ruleMessages.idCard);

/** Length in characters (a Chinese character counts once); a list counts its items. */
function lengthOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return [...text(value)].length;
}
export const minLength =
  (n: number): Check =>
  (value) =>
    isEmpty(value) || lengthOf(value) >= n ? undefined : ruleMessages.minLength(n);
export const maxLength =
  (n: number): Check =>
  (value) =>
    isEmpty(value) || lengthOf(value) <= n ? undefined : ruleMessages.maxLength(n);

/** Checkbox groups: values arrive as an array or a comma-joined string. */
function selectionCount(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (typeof value === 'string') return value.split(',').filter((v) => v !== '').length;
  return 0;
}
export const minSelect =
  (n: number): Check =>
  (value) =>
    selectionCount(value) >= n ? undefined : ruleMessages.minSelect(n);
export const maxSelect =
  (n: number): Check =>
  (value) =>
    selectionCount(value) <= n ? undefined : ruleMessages.maxSelect(n);

/** The named rules a definition may ask for by name (`"x-validator": [{"mobile": true}]`). */
export const namedChecks = {
  mobile,
  phone,
  username,
  email,
  naturalNumber,
  letters,
  landline,
  bankCard,
  idNumber,
  idCard,
  qq,
  url,
  alphanumeric20,
  name2to100,
  digitsLines,
  max255,
} as const satisfies Record<string, Check>;
export type NamedCheck = keyof typeof namedChecks;

/** The rules that take a number (`{"minSelect": 2}`). */
export const sizedChecks = { minLength, maxLength, minSelect, maxSelect } as const;
export type SizedCheck = keyof typeof sizedChecks;
