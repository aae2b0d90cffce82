/**
 * An entity record as data: the JSON Schema its values must satisfy (built from the entity definition),
 * the messages for each failed rule, and the cleaning step both halves apply before validating. The
 * server compiles the schema with ajv; the console uses the same schema precompiled (standalone) by
 * `npm run schemas:types`, so a form and the API refuse the same values with the same words.
 */
import type { EntityDefinition, EntityField } from './schema-types.js';
import { PATTERN_PRESETS, isPreset, passesPresetCheck, rulePattern } from './validate-presets.js';
import { ownField } from './own-field.js';
import { isRealDateTime, ruleMessages } from './validators.js';

export const DEFAULT_STRING_LENGTH = 255;
/** A ref field stores the target row's id: 32 characters (newId's hex, stable md5 ids). */
export const REF_ID_LENGTH = 32;
/** A string field's length: as declared, else an id's for a ref, else the default. */
export const stringLength = (f: { length?: number; ref?: unknown }) =>
  f.length ?? (f.ref ? REF_ID_LENGTH : DEFAULT_STRING_LENGTH);
export const DEFAULT_PRECISION = 18;
export const DEFAULT_SCALE = 2;
const MAX_TEXT_LENGTH = 100_000;

export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
export const DATETIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$';

export type RecordValue = string | number | null;
export type CleanRecord = Record<string, RecordValue>;

/** One refused value: the field, its title and the message a form shows under it. */
export interface FieldError {
  field: string;
  title: string;
  message: string;
}

/** Messages by field, then by rule key: required, maxLength, type, format, min, max, range, rule<i>. */
export type RecordMessages = Record<string, { title: string } & Record<string, string>>;

/** The part of an ajv error object the message mapping reads (the standalone code makes the same). */
export interface ValidationErrorLike {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
}

export type JsonSchema = Record<string, unknown>;

/** The scope flags that give an entity columns: a via entity (scope.via) keeps only its tenant. */
export const ownScopeColumns = (entity: Pick<EntityDefinition, 'scope'>): NonNullable<EntityDefinition['scope']> =>
  entity.scope?.via ? { tenant: entity.scope.tenant } : (entity.scope ?? {});

/** A column every entity table has besides its declared fields (audit columns, scope columns it declares). */
export interface SystemField {
  name: string;
  title: string;
  type: 'string' | 'int' | 'datetime';
  length?: number;
}

export function systemFields(entity: Pick<EntityDefinition, 'scope' | 'parent'>): SystemField[] {
  const scope = ownScopeColumns(entity);
  return [
    { name: 'id', title: '主键', type: 'string', length: 32 },
    { name: 'createBy', title: '创建人', type: 'string', length: 50 },
    { name: 'createTime', title: '创建时间', type: 'datetime' },
    { name: 'updateBy', title: '更新人', type: 'string', length: 50 },
    { name: 'updateTime', title: '更新时间', type: 'datetime' },
    ...(scope.tenant ? [{ name: 'tenantId', title: '租户', type: 'int' } as const] : []),
    ...(scope.department
      ? [{ name: 'sysOrgCode', title: '所属部门', type: 'string', length: 64 } as const]
      : []),
    ...(scope.doctor ? [{ name: 'doctorId', title: '医生', type: 'string', length: 32 } as const] : []),
    ...(scope.organisation
      ? [{ name: 'orgId', title: '所属机构', type: 'string', length: 32 } as const]
      : []),
    // A child row's position in its parent's table (master-detail).
    ...(entity.parent ? [{ name: 'sortNo', title: '序号', type: 'int' } as const] : []),
  ];
}

const isNumeric = (f: EntityField) => f.type === 'int' || f.type === 'bigint' || f.type === 'decimal';

/** The largest absolute value a decimal(precision, scale) column holds. */
const decimalLimit = (f: EntityField) =>
  10 ** ((f.precision ?? DEFAULT_PRECISION) - (f.scale ?? DEFAULT_SCALE));

function propertySchema(f: EntityField): JsonSchema {
  const s: JsonSchema = {};
  switch (f.type) {
    case 'string':
      Object.assign(s, { type: 'string', maxLength: stringLength(f) });
      break;
    case 'text':
      Object.assign(s, { type: 'string', maxLength: MAX_TEXT_LENGTH });
      break;
    case 'int':
      Object.assign(s, { type: 'integer', minimum: -2147483648, maximum: 2147483647 });
      break;
    case 'bigint':
      Object.assign(s, {
        type: 'integer',
        minimum: Number.MIN_SAFE_INTEGER,
        maximum: Number.MAX_SAFE_INTEGER,
      });
      break;
    case 'decimal':
      Object.assign(s, {
        type: 'number',
        exclusiveMinimum: -decimalLimit(f),
        exclusiveMaximum: decimalLimit(f),
      });
      break;
    case 'date':
      Object.assign(s, { type: 'string', pattern: DATE_PATTERN });
      break;
    case 'datetime':
      Object.assign(s, { type: 'string', pattern: DATETIME_PATTERN });
      break;
    case 'form':
      // The document as canonical JSON text; its own form checks it (server/modules/online/form-documents.ts).
      Object.assign(s, { type: 'string', maxLength: MAX_TEXT_LENGTH });
      break;
  }
  // Declared bounds go in an allOf so their errors are told apart from the storage range.
  const bounds: JsonSchema[] = [];
  if (f.min !== undefined && isNumeric(f)) bounds.push({ minimum: f.min });
  if (f.max !== undefined && isNumeric(f)) bounds.push({ maximum: f.max });
  const rules = (f.rules ?? []).map((r) => ({ pattern: rulePattern(r.pattern) }));
  if (rules.length || bounds.length) s.allOf = [...rules, ...bounds];
  return s;
}

/** The JSON Schema of a cleaned record of the entity (empty values already removed). */
export function recordSchema(entity: EntityDefinition): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const f of entity.fields) properties[f.name] = propertySchema(f);
  const required = entity.fields.filter((f) => f.required).map((f) => f.name);
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

const TYPE_MESSAGES: Record<EntityField['type'], string> = {
  string: '请输入文本',
  text: '请输入文本',
  int: '请输入整数',
  bigint: '请输入整数',
  decimal: '请输入数字',
  date: '日期格式应为 YYYY-MM-DD',
  datetime: '时间格式应为 YYYY-MM-DD HH:mm:ss',
  form: '表单数据格式不正确',
};

/** The message of every rule of every field, so the console needs no definition to explain an error. */
export function recordMessages(entity: EntityDefinition): RecordMessages {
  const out: RecordMessages = {};
  for (const f of entity.fields) {
    const m: { title: string } & Record<string, string> = {
      title: f.title,
      required: ruleMessages.required,
      type: TYPE_MESSAGES[f.type],
      format: TYPE_MESSAGES[f.type],
      range: '数值超出允许的范围',
    };
    if (f.type === 'string') m.maxLength = ruleMessages.maxLength(stringLength(f));
    if (f.type === 'text' || f.type === 'form') m.maxLength = ruleMessages.maxLength(MAX_TEXT_LENGTH);
    const rules = f.rules ?? [];
    rules.forEach((r, i) => {
      m[`rule${i}`] = r.message ?? (isPreset(r.pattern) ? PATTERN_PRESETS[r.pattern].message : '格式不正确');
    });
    if (f.min !== undefined) m[`rule${rules.length}`] = `不能小于${f.min}`;
    if (f.max !== undefined) m[`rule${rules.length + (f.min !== undefined ? 1 : 0)}`] = `不能大于${f.max}`;
    out[f.name] = m;
  }
  return out;
}

/** Which message an error means: its field and the rule key of recordMessages. */
function errorKey(e: ValidationErrorLike): [string, string] | null {
  if (e.keyword === 'required') return [String(e.params.missingProperty ?? ''), 'required'];
  const field = e.instancePath.split('/')[1] ?? '';
  const rule = /\/allOf\/(\d+)\//.exec(e.schemaPath);
  if (rule) return [field, `rule${rule[1]}`];
  switch (e.keyword) {
    case 'maxLength':
      return [field, 'maxLength'];
    case 'pattern':
      return [field, 'format'];
    case 'type':
      return [field, 'type'];
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return [field, 'range'];
    default:
      return null;
  }
}

/** ajv errors as one message per field (the first rule that failed, in declaration order). */
export function fieldErrors(
  errors: readonly ValidationErrorLike[] | null | undefined,
  messages: RecordMessages,
): FieldError[] {
  const out = new Map<string, FieldError>();
  for (const e of errors ?? []) {
    const key = errorKey(e);
    if (!key) continue;
    const [field, rule] = key;
    const m = ownField(messages, field);
    if (!m || out.has(field)) continue;
    out.set(field, { field, title: m.title, message: m[rule] ?? ruleMessages.required });
  }
  return [...out.values()];
}

/** Values may arrive as text (forms, sheets): numeric text becomes a number for numeric fields. */
function cleanValue(f: EntityField, raw: unknown): RecordValue | undefined {
  if (raw === undefined) return undefined;
  if (raw === null) return null;
  // A form document (an object) is kept whole as JSON text.
  if (f.type === 'form' && typeof raw === 'object') return JSON.stringify(raw);
  if (typeof raw === 'boolean') return raw ? '1' : '0';
  if (Array.isArray(raw)) return raw.length ? raw.map(String).join(',') : null;
  if (typeof raw === 'number') return isNumeric(f) ? raw : String(raw);
  if (typeof raw !== 'string') return JSON.stringify(raw);
  if (raw.trim() === '') return null;
  if (isNumeric(f) && /^\s*-?\d+(\.\d+)?\s*$/.test(raw)) return Number(raw);
  return raw;
}

/**
 * The declared fields present in the input, cleaned: empty text becomes null (a cleared field), numeric
 * text a number, lists comma-joined. Undeclared keys — ids, audit and scope columns, `_dictText` — are
 * dropped, so a request can never set them (mass assignment).
 */
export function cleanRecord(entity: EntityDefinition, input: Record<string, unknown>): CleanRecord {
  const out: CleanRecord = {};
  for (const f of entity.fields) {
    if (!Object.prototype.hasOwnProperty.call(input, f.name)) continue;
    const v = cleanValue(f, input[f.name]);
    if (v !== undefined) out[f.name] = v;
  }
  return out;
}

/** The record without its empty fields: what the schema validates (required means present). */
export const presentValues = (record: CleanRecord): Record<string, string | number> =>
  Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null)) as Record<string, string | number>;

/** A compiled record validator (ajv function or its standalone code). */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: readonly ValidationErrorLike[] | null;
}

/** Validates a record and answers the refused fields (empty when valid). */
export type RecordValidator = (record: Record<string, unknown>) => FieldError[];

export function recordValidator(
  entity: EntityDefinition,
  validate: CompiledValidator,
  messages = recordMessages(entity),
): RecordValidator {
  return (record) => {
    const values = presentValues(cleanRecord(entity, record));
    return validate(values)
      ? [...calendarErrors(entity, values), ...presetCheckErrors(entity, values, messages)]
      : fieldErrors(validate.errors, messages);
  };
}

/** Dates of the right shape that are not on the calendar (2026-13-40, 2026-02-30 24:00:00). */
function calendarErrors(entity: EntityDefinition, values: Record<string, string | number>): FieldError[] {
  const out: FieldError[] = [];
  for (const f of entity.fields) {
    const v = ownField(values, f.name);
    if ((f.type === 'date' || f.type === 'datetime') && typeof v === 'string' && !isRealDateTime(v))
      out.push({ field: f.name, title: f.title, message: NOT_ON_CALENDAR[f.type] });
  }
  return out;
}

/** Values of the right shape that a preset's own check refuses (an ID number's check digit). */
function presetCheckErrors(
  entity: EntityDefinition,
  values: Record<string, string | number>,
  messages: RecordMessages,
): FieldError[] {
  const out: FieldError[] = [];
  for (const f of entity.fields) {
    const v = ownField(values, f.name);
    if (v === undefined) continue;
    const failed = (f.rules ?? []).findIndex((r) => !passesPresetCheck(r.pattern, v));
    if (failed >= 0) out.push({ field: f.name, title: f.title, message: messages[f.name][`rule${failed}`] });
  }
  return out;
}

const NOT_ON_CALENDAR = { date: '日期不存在，请检查年月日', datetime: '时间不存在，请检查年月日时分秒' };
