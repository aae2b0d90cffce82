import { namedChecks, type NamedCheck } from './validators.js';

/**
 * The pattern presets of spec §5 (editable-table and entity field rules), as regular expressions that
 * compile with the `u` flag (ajv's) and messages a form shows under the field. A preset a regular
 * expression cannot decide (a checksum, a real date) also names a check of shared/validators.ts, which
 * the record validator (server and console) and the derived form's rules run after the expression.
 */
export const PATTERN_PRESETS = {
  'n6-16': { pattern: '^\\d{6,16}$', message: '请输入6-16位数字' },
  '*6-16': { pattern: '^.{6,16}$', message: '请输入6-16位任意字符' },
  's6-18': { pattern: '^[A-Za-z]{6,18}$', message: '请输入6-18位字母' },
  url: {
    pattern: '^https?:\\/\\/[\\w-]+(\\.[\\w-]+)+([\\w.,@?^=%&:\\/~+#-]*[\\w@?^=%&\\/~+#-])?$',
    message: '请输入正确的网址',
  },
  e: {
    pattern:
      "^[A-Za-z0-9.!#$%&'*+\\/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$",
    message: '请输入正确的电子邮件',
  },
  m: { pattern: '^1[3-9]\\d{9}$', message: '请输入正确的手机号码' },
  p: { pattern: '^[1-9]\\d{5}$', message: '请输入正确的邮政编码' },
  s: { pattern: '^[A-Za-z]+$', message: '请输入字母' },
  n: { pattern: '^-?\\d+(\\.\\d+)?$', message: '请输入数字' },
  z: { pattern: '^-?\\d+$', message: '请输入整数' },
  '*': { pattern: '^[\\s\\S]+$', message: '该字段不能为空' },
  money: { pattern: '^(0|[1-9]\\d*)(\\.\\d{1,2})?$', message: '请输入正确的金额（最多两位小数）' },
  idCard: { pattern: '^\\d{17}[\\dXx]$', message: '身份证号码不正确', check: 'idCard' },
} as const satisfies Record<string, { pattern: string; message: string; check?: NamedCheck }>;

export type PatternPreset = keyof typeof PATTERN_PRESETS;

export const isPreset = (name: string): name is PatternPreset =>
  Object.prototype.hasOwnProperty.call(PATTERN_PRESETS, name);

/** The regular expression text of a rule: a preset's, or the rule's own anchored expression. */
export const rulePattern = (pattern: string): string =>
  isPreset(pattern) ? PATTERN_PRESETS[pattern].pattern : pattern;

/**
 * Whether a non-empty value passes the preset's named check (true for presets without one). The
 * expression has already fixed the shape: `idCard`'s 18 characters make the named check (which also
 * knows the old 15 digits) the resident ID rule.
 */
export const passesPresetCheck = (pattern: string, value: string | number): boolean => {
  const check = presetCheck(pattern);
  return !check || namedChecks[check](value) === undefined;
};

/** The named check a rule's preset runs beyond its expression, if any. */
export function presetCheck(pattern: string): NamedCheck | undefined {
  const preset = isPreset(pattern) ? PATTERN_PRESETS[pattern] : undefined;
  return preset && 'check' in preset ? preset.check : undefined;
}
