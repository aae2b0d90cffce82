import type { FastifyRequest } from 'fastify';
import type { CleanRecord } from '../../../shared/entity-record.js';
import { checkFormValues, formDictCodes } from '../../../shared/form-values.js';
import type { EntityDefinition, EntityField } from '../../../shared/schema-types.js';
import { badRequest } from '../../http/errors.js';
import { callerDictItems, isTableDict } from '../dict/dict-items.js';
import { resolveForm } from '../form/resolve.js';
import type { EntityModel } from './entity-model.js';
import type { EntityRow } from './entity-records.js';

/**
 * Fields of type form (动态表单 documents): the row names its form in two of its own fields (code and
 * version), the document is validated against that version on every write and stored as canonical JSON
 * text; reads give it back as an object, lists leave it out.
 */

type FormField = EntityField & { form: NonNullable<EntityField['form']> };

export const formFields = (entity: Pick<EntityDefinition, 'fields'>): FormField[] =>
  entity.fields.filter((f): f is FormField => f.type === 'form' && !!f.form);

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** JSON with object keys sorted at every level: the same document is always the same text. */
export function canonicalJson(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(sort(value));
}

function parseDocument(f: FormField, raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw badRequest(`${f.title}：表单数据格式不正确`);
  }
}

/** Known values of the plain dictionaries a form names (table dictionaries are not checked here). */
async function formDictItems(request: FastifyRequest, codes: string[]) {
  const out: Record<string, string[]> = {};
  for (const code of codes.filter((c) => !isTableDict(c)))
    out[code] = (await callerDictItems(request, code)).map((i) => String(i.value));
  return out;
}

/**
 * Settles the form fields of a write in place (before the record's own validation): on an edit the
 * stored code and version may not change; the version is filled with the newest published one when
 * empty; a document is validated against its form (400 with the form's first messages) and replaced by
 * its canonical JSON — shown, declared fields only. A document absent from an edit is left as stored.
 */
export async function settleFormDocuments(
  request: FastifyRequest,
  model: EntityModel,
  record: CleanRecord,
  stored?: EntityRow,
): Promise<void> {
  const { ctx } = request.server;
  for (const f of formFields(model.entity)) {
    const { codeField, versionField } = f.form;
    if (stored)
      for (const name of [codeField, versionField]) {
        const before = stored[name];
        if (name in record && !blank(before) && String(before) !== String(record[name] ?? ''))
          throw badRequest(`${model.byName.get(name)?.title ?? name}：已填写的表单不能更换表单或版本`);
      }
    if (stored && !(f.name in record) && !(codeField in record)) continue;
    const code = record[codeField] ?? stored?.[codeField];
    const version = record[versionField] ?? stored?.[versionField];
    const doc = f.name in record ? record[f.name] : stored?.[f.name];
    if (blank(code)) {
      if (!blank(doc)) throw badRequest(`${f.title}：未指定表单`);
      continue;
    }
    const wanted = blank(version) ? undefined : Number(version);
    const resolved = await resolveForm(
      ctx.db.kysely,
      ctx.defs,
      request.user().tenantId,
      String(code),
      wanted,
    );
    if (!resolved)
      throw badRequest(`${f.title}：表单不存在（${String(code)}${wanted ? ` 第 ${wanted} 版` : ''}）`);
    if (blank(version)) record[versionField] = resolved.version;
    if (blank(doc) || !(f.name in record)) continue;
    const dictItems = await formDictItems(request, formDictCodes(resolved.definition));
    const { values, errors } = checkFormValues(resolved.definition, parseDocument(f, doc), { dictItems });
    if (errors.length)
      throw badRequest(
        `${f.title}：${errors
          .slice(0, 3)
          .map((e) => (e.title ? `${e.title}：${e.message}` : e.message))
          .join('；')}`,
      );
    record[f.name] = canonicalJson(values);
  }
}

/** Rows with their form documents as objects (a record's form and detail). */
export function withFormDocuments<T extends EntityRow>(entity: EntityDefinition, rows: T[]): T[] {
  const fields = formFields(entity);
  if (!fields.length) return rows;
  return rows.map((row) => {
    const out: EntityRow = { ...row };
    for (const f of fields) {
      const raw = row[f.name];
      if (typeof raw !== 'string' || raw === '') continue;
      try {
        out[f.name] = JSON.parse(raw) as unknown;
      } catch {
        out[f.name] = null;
      }
    }
    return out as T;
  });
}

/** Rows without their form documents: lists never carry them. */
export function withoutFormDocuments<T extends EntityRow>(entity: EntityDefinition, rows: T[]): T[] {
  const fields = formFields(entity);
  if (!fields.length) return rows;
  return rows.map((row) => {
    const out: EntityRow = { ...row };
    for (const f of fields) delete out[f.name];
    return out as T;
  });
}

const parsedObject = (raw: unknown): Record<string, unknown> => {
  if (typeof raw !== 'string' || raw === '') return {};
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/**
 * The row with its form documents' top-level values beside its fields as <form field>.<key> (data.sbp),
 * for what reads a record through the formula language (a trigger's condition and values). Values that
 * are lists or tables are left out: a formula compares single values.
 */
export function withDocumentValues<T extends Record<string, unknown>>(
  entity: Pick<EntityDefinition, 'fields'>,
  row: T,
): T {
  const fields = formFields(entity);
  if (!fields.length) return row;
  const out: Record<string, unknown> = { ...row };
  for (const f of fields) {
    const raw = row[f.name];
    const doc =
      raw && typeof raw === 'object' && !Array.isArray(raw)
        ? (raw as Record<string, unknown>)
        : parsedObject(raw);
    for (const [key, v] of Object.entries(doc))
      if (v === null || typeof v !== 'object') out[`${f.name}.${key}`] = v;
  }
  return out as T;
}

const shown = (v: unknown): string | null => {
  if (v === undefined || v === null || v === '') return null;
  if (Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object')) return v.join(',');
  return typeof v === 'object' ? canonicalJson(v) : String(v);
};

/**
 * The top-level fields a change of a stored document touched, as history shows them: each its own
 * before/after line (a child table as its rows' JSON).
 */
export function documentChanges(
  before: unknown,
  after: unknown,
): Array<{ key: string; before: string | null; after: string | null }> {
  const b = parsedObject(before);
  const a = parsedObject(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .map((key) => ({ key, before: shown(b[key]), after: shown(a[key]) }))
    .filter((c) => c.before !== c.after);
}
