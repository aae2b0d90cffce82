import { Ajv } from 'ajv';
import type { EntityDefinition, EntityField } from '../../../shared/schema-types.js';
import {
  cleanRecord,
  recordMessages,
  recordSchema,
  recordValidator,
  systemFields,
  type CleanRecord,
  type FieldError,
  type RecordValidator,
} from '../../../shared/entity-record.js';
import type { FieldMap, FieldSpec } from '../../lib/list-query.js';
import { badRequest } from '../../http/errors.js';
import { areaErrors } from '../../lib/area.js';
import { dropClientNumbers } from './numbering.js';
import { settleStateField } from './workflow.js';

/** What the API needs of one entity, derived once from its definition. */
export interface EntityModel {
  entity: EntityDefinition;
  /** The table (= entity code; the definition's pattern makes it a safe identifier). */
  table: string;
  /** Filterable/sortable properties for the list query language: fields plus audit columns. */
  fields: FieldMap;
  byName: Map<string, EntityField>;
  validate: RecordValidator;
  defaultSort: [string, 'asc' | 'desc'];
}

// Record validation uses the same schema the console's precompiled validators are made from.
const ajv = new Ajv({ allErrors: true, allowUnionTypes: true });
const models = new WeakMap<EntityDefinition, EntityModel>();

const specType = (f: Pick<EntityField, 'type'>): FieldSpec['type'] =>
  f.type === 'int' || f.type === 'bigint' || f.type === 'decimal'
    ? 'number'
    : f.type === 'date' || f.type === 'datetime'
      ? f.type
      : 'string';

/** Compiled on first use: listing or describing an entity needs no validator. */
function lazyValidator(entity: EntityDefinition): RecordValidator {
  let validate: RecordValidator | null = null;
  return (record) => {
    validate ??= recordValidator(entity, ajv.compile(recordSchema(entity)), recordMessages(entity));
    // Area codes are checked against the area data, which only the server loads (lib/area.ts).
    return [...validate(record), ...areaErrors(entity, record)];
  };
}

export function entityModel(entity: EntityDefinition): EntityModel {
  let m = models.get(entity);
  if (m) return m;
  const fields: FieldMap = {};
  for (const s of systemFields(entity)) {
    // The tenant is the session's; it is never a client filter.
    if (s.name === 'tenantId') continue;
    fields[s.name] = { type: specType(s) };
  }
  if (fields.sysOrgCode) fields.sysOrgCode.dict = 'sys_depart,depart_name,org_code';
  for (const f of entity.fields) {
    // A live field has no stored value (live-fields.ts computes it on read): not a filter, nor a sort key.
    if (f.live) continue;
    // A form document is read whole in a record's form and detail: not a filter, nor a sort key.
    if (f.type === 'form') continue;
    fields[f.name] = { type: specType(f), dict: f.dictCode, sortable: f.sortable !== false };
  }
  const sort = entity.defaultSort;
  m = {
    entity,
    table: entity.code,
    fields,
    byName: new Map(entity.fields.map((f) => [f.name, f])),
    validate: lazyValidator(entity),
    defaultSort: sort ? [sort.field, sort.order ?? 'desc'] : ['createTime', 'desc'],
  };
  models.set(entity, m);
  return m;
}

const storageModels = new WeakMap<EntityDefinition, EntityModel>();

/**
 * The entity with only what its columns can store (types, lengths, ranges): no required fields, no
 * patterns, no bounds. An import without validation (validateStatus 0) checks rows against this.
 */
export function storageModel(entity: EntityDefinition): EntityModel {
  let m = storageModels.get(entity);
  if (!m) {
    const relaxed: EntityDefinition = {
      ...entity,
      fields: entity.fields.map(({ required: _r, rules: _p, min: _min, max: _max, ...f }) => f),
    };
    m = { ...entityModel(relaxed), entity };
    storageModels.set(entity, m);
  }
  return m;
}

/** Field errors as one Chinese sentence naming each field. */
export const describeErrors = (errors: FieldError[]) =>
  errors.map((e) => `${e.title}：${e.message}`).join('；');

/**
 * The declared fields of a request body, cleaned, with defaults for empty ones on add; numbers the client
 * may not set are dropped (the insert generates them, an edit keeps them), and so is a workflow's state
 * (workflow.ts: add starts in the initial state; only a transition changes it).
 */
export function recordFromBody(
  model: EntityModel,
  body: Record<string, unknown>,
  mode: 'add' | 'edit',
): CleanRecord {
  // Only a form document comes as an object; anywhere else an object is a malformed value, not text.
  for (const f of model.entity.fields)
    if (f.type !== 'form' && body[f.name] !== null && typeof body[f.name] === 'object' && !Array.isArray(body[f.name]))
      throw badRequest(`${f.title}：格式不正确`);
  const record = cleanRecord(model.entity, body);
  dropClientNumbers(model.entity, record);
  if (mode === 'add')
    for (const f of model.entity.fields)
      if (f.default !== undefined && (record[f.name] === undefined || record[f.name] === null))
        record[f.name] = f.default;
  settleStateField(model.entity, record, mode);
  return record;
}

/** Refuses a record that breaks the entity's rules (HTTP 400 naming the fields). */
export function assertValid(model: EntityModel, record: Record<string, unknown>): void {
  const errors = model.validate(record);
  if (errors.length) throw badRequest(describeErrors(errors));
}
