/**
 * A document filled with a case-report form (动态表单), checked as the console's form checks it: linkage
 * (`x-reactions` with `when` conditions) decides which fields are shown and required, hidden fields are
 * dropped, then required, number types, options, `x-validator` rules and child-table rows are checked
 * with the words the console's form shows. Pure, so the server (every write of an entity field of type
 * form) and the console share it. Rules that need the server (checkRule, duplicate) and dictionary
 * membership (`dictItems`, given by the caller) are not decided here.
 */
import { getLocaleByPath, getValidateFormats } from '@formily/validator';
import { evaluateCondition } from './conditions.js';
import { checkCron } from './cron.js';
import { formDataFields } from './form-fields.js';
import type { FormDefinition, FormReaction, FormSchema, ValidatorRule } from './schema-types.js';
import { isEmpty, namedChecks, ruleMessages, sizedChecks, type NamedCheck, type SizedCheck } from './validators.js';

export interface FormValueError {
  /** The field's name; a child-table cell is `<table>[<row>].<column>`. */
  field: string;
  /** The field's title as the form shows it; a cell's is `<table title>第<n>行·<column title>`. */
  title: string;
  message: string;
}

export interface FormValuesResult {
  /** The document as stored: shown, non-empty, declared fields only, numbers as numbers. */
  values: Record<string, unknown>;
  errors: FormValueError[];
}

export interface FormValuesOptions {
  /** Known values of the dictionaries the form names (by dictCode); a dictionary left out is not checked. */
  dictItems?: Readonly<Record<string, readonly string[]>>;
}

type Doc = Record<string, unknown>;

export const FORM_DOCUMENT_INVALID = '表单数据格式不正确';
const NOT_AN_OPTION = (v: string) => `所选值“${v}”不存在或无权使用`;

const isPlainObject = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Formily's own message for a rule (zh-CN), with its `{{rule}}` value filled in. */
function formilyMessage(key: string, rule: Record<string, unknown> = {}): string {
  const text = String(getLocaleByPath(key, 'zh-CN') ?? getLocaleByPath('invalid', 'zh-CN'));
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(rule[name] ?? ''));
}

/** The options a field may take: `enum` values, or its dictionary's known values. */
function allowedValues(node: FormSchema, opts: FormValuesOptions): Set<string> | null {
  if (node.enum?.length)
    return new Set(node.enum.map((o) => String(typeof o === 'object' && o !== null ? o.value : o)));
  const dictCode = node['x-component-props']?.dictCode;
  const items = typeof dictCode === 'string' ? opts.dictItems?.[dictCode] : undefined;
  return items ? new Set(items.map(String)) : null;
}

interface FieldState {
  visible: boolean;
  required: boolean;
  value?: unknown;
}

/** The field's state after its linkage: the schema's own, then each reaction whose `when` holds (or not). */
function fieldState(node: FormSchema, required: boolean, scope: Doc): FieldState {
  const state: FieldState = {
    visible:
      node['x-display'] !== 'none' &&
      node['x-display'] !== 'hidden' &&
      node['x-visible'] !== false &&
      node['x-hidden'] !== true,
    required,
  };
  const reactions = node['x-reactions'];
  const list: FormReaction[] = reactions ? (Array.isArray(reactions) ? reactions : [reactions]) : [];
  for (const r of list) {
    const s = evaluateCondition(r.when, scope) ? r.fulfill?.state : r.otherwise?.state;
    if (!s) continue;
    if (s.display !== undefined) state.visible = s.display === 'visible';
    if (s.visible !== undefined) state.visible = s.visible;
    if (s.required !== undefined) state.required = s.required;
    if (s.value !== undefined) state.value = s.value;
  }
  return state;
}

/** The `x-validator` entries as rule objects ('email' → { format: 'email' }). */
function rulesOf(node: FormSchema): ValidatorRule[] {
  const v = node['x-validator'];
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).map((r) => (typeof r === 'string' ? { format: r } : r));
}

const lengthOf = (v: unknown) => (Array.isArray(v) ? v.length : [...String(v)].length);
const sizeOf = (v: unknown) => (typeof v === 'number' ? v : lengthOf(v));

/** The first message of one rule that refuses a non-empty value, else undefined. */
function ruleProblem(rule: ValidatorRule, value: unknown, doc: Doc): string | undefined {
  const r = rule as Record<string, unknown>;
  const own = (key: string) => rule.message ?? formilyMessage(key, r);
  if (rule.format) {
    const format = getValidateFormats(rule.format) as RegExp | undefined;
    if (format && !new RegExp(format).test(String(value))) return own(rule.format);
  }
  if (rule.pattern !== undefined && !new RegExp(rule.pattern).test(String(value))) return own('pattern');
  if (rule.min !== undefined && sizeOf(value) < rule.min) return own('min');
  if (rule.max !== undefined && sizeOf(value) > rule.max) return own('max');
  if (rule.minimum !== undefined && sizeOf(value) < rule.minimum) return own('minimum');
  if (rule.maximum !== undefined && sizeOf(value) > rule.maximum) return own('maximum');
  if (rule.len !== undefined && lengthOf(value) !== rule.len) return own('len');
  if (rule.whitespace && typeof value === 'string' && value.trim() === '') return own('whitespace');
  for (const name of Object.keys(namedChecks) as NamedCheck[])
    if (rule[name]) {
      const problem = namedChecks[name](value);
      if (problem) return rule.message ?? problem;
    }
  for (const name of Object.keys(sizedChecks) as SizedCheck[])
    if (rule[name] !== undefined) {
      const problem = sizedChecks[name](Number(rule[name]))(value);
      if (problem) return problem;
    }
  // minLength / maxLength are also Formily's own keys; sizedChecks answers them in the console's words.
  if (rule.cron) {
    const cron = checkCron(String(value));
    if (!cron.ok) return cron.error;
  }
  if (rule.equalsField !== undefined && String(value) !== String(doc[rule.equalsField] ?? ''))
    return rule.message ?? formilyMessage('invalid');
  return undefined;
}

/** A value of the field's type: numeric text becomes a number; undefined when it cannot be one. */
function typedValue(node: FormSchema, value: unknown): { value: unknown } | { problem: string } {
  switch (node.type) {
    case 'number': {
      const n = typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
      return typeof n === 'number' && Number.isFinite(n) ? { value: n } : { problem: formilyMessage('number') };
    }
    case 'boolean':
      return typeof value === 'boolean' ? { value } : { problem: FORM_DOCUMENT_INVALID };
    case 'array':
      return Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')
        ? { value }
        : { problem: FORM_DOCUMENT_INVALID };
    case 'object':
      return isPlainObject(value) ? { value } : { problem: FORM_DOCUMENT_INVALID };
    default:
      // string, date, datetime and untyped inputs: text (a number typed into a text input stays as sent).
      return typeof value === 'string' || typeof value === 'number'
        ? { value }
        : { problem: FORM_DOCUMENT_INVALID };
  }
}

/** Checks the values of one level (the document, or one child-table row) against its fields. */
function checkLevel(
  schema: FormSchema,
  input: Doc,
  scope: Doc,
  prefix: string,
  titlePrefix: string,
  opts: FormValuesOptions,
  errors: FormValueError[],
): Doc {
  const out: Doc = {};
  const requiredNames = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const { name, node, table } of formDataFields(schema)) {
    const required = node.required === true || requiredNames.has(name) || rulesOf(node).some((r) => r.required);
    const state = fieldState(node, required, scope);
    if (!state.visible) continue;
    const at = `${prefix}${name}`;
    const title = `${titlePrefix}${node.title ?? name}`;
    const raw = state.value !== undefined ? state.value : input[name];
    if (isEmpty(raw) || (table && Array.isArray(raw) && raw.length === 0)) {
      if (state.required) errors.push({ field: at, title, message: ruleMessages.required });
      continue;
    }
    if (table) {
      if (!Array.isArray(raw) || !raw.every(isPlainObject) || !node.items) {
        errors.push({ field: at, title, message: FORM_DOCUMENT_INVALID });
        continue;
      }
      const items = node.items;
      out[name] = raw.map((row, i) =>
        checkLevel(items, row, { ...scope, ...row }, `${at}[${i}].`, `${title}第${i + 1}行·`, opts, errors),
      );
      continue;
    }
    const typed = typedValue(node, raw);
    if ('problem' in typed) {
      errors.push({ field: at, title, message: typed.problem });
      continue;
    }
    const allowed = allowedValues(node, opts);
    const picked = Array.isArray(typed.value) ? typed.value.map(String) : [String(typed.value)];
    const unknown = allowed ? picked.filter((v) => !allowed.has(v)) : [];
    if (unknown.length) {
      errors.push({ field: at, title, message: NOT_AN_OPTION(unknown.join('、')) });
      continue;
    }
    const problem = rulesOf(node)
      .map((rule) => ruleProblem(rule, typed.value, scope))
      .find((p) => p !== undefined);
    if (problem) {
      errors.push({ field: at, title, message: problem });
      continue;
    }
    out[name] = typed.value;
  }
  return out;
}

/**
 * The document cleaned and checked against the form: `values` keeps the shown, declared, non-empty fields
 * (unknown keys and fields a linkage hides are dropped); `errors` has at most one message per field.
 */
export function checkFormValues(
  def: Pick<FormDefinition, 'schema'>,
  values: unknown,
  opts: FormValuesOptions = {},
): FormValuesResult {
  if (!isPlainObject(values)) return { values: {}, errors: [{ field: '', title: '', message: FORM_DOCUMENT_INVALID }] };
  const errors: FormValueError[] = [];
  return { values: checkLevel(def.schema, values, values, '', '', opts, errors), errors };
}

/** The dictionaries a form's fields and child-table columns name (for `dictItems`). */
export function formDictCodes(def: Pick<FormDefinition, 'schema'>): string[] {
  const codes = new Set<string>();
  const walk = (schema: FormSchema) => {
    for (const { node, table } of formDataFields(schema)) {
      const code = node['x-component-props']?.dictCode;
      if (typeof code === 'string') codes.add(code);
      if (table && node.items) walk(node.items);
    }
  };
  walk(def.schema);
  return [...codes];
}
