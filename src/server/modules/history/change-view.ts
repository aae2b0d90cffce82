import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { attachDictText } from '../../lib/dict-text.js';
import type { FieldMap } from '../../lib/list-query.js';
import { protectRows, sensitiveFields } from '../../lib/sensitive.js';
import { childrenOf } from '../online/children.js';
import type { EntityModel } from '../online/entity-model.js';
import type { EntityRow } from '../online/entity-records.js';
import { requestScope } from '../online/entity-scope.js';
import { documentChanges } from '../online/form-documents.js';
import { resolveForm } from '../form/resolve.js';
import { formDataFields } from '../../../shared/form-fields.js';
import { attachRefText } from '../online/ref-text.js';
import { fieldChanges, type FieldChanges, type Snapshot } from './change-log.js';
import { systemTitle, type SystemTable } from './system-tables.js';

/** One line of a readable diff: values as a person reads them (dictionary and ref text, masked). */
export interface ChangeItem {
  field: string;
  title: string;
  before: string | null;
  after: string | null;
}

/** What a diff is read against: an entity (titles, dictionaries, refs, children) or a system table. */
export type Subject =
  | { kind: 'entity'; table: string; model: EntityModel }
  | { kind: 'system'; table: string; spec: SystemTable };

/** A value as a person reads it: its dictionary or ref text when it has one. */
export const text = (row: EntityRow, field: string): string | null => {
  const shown = row[`${field}_dictText`] ?? row[field];
  if (shown === null || shown === undefined || shown === '') return null;
  if (Array.isArray(shown)) return shown.join(',');
  return typeof shown === 'object' ? JSON.stringify(shown) : String(shown);
};

/** Both sides of some field changes with `_dictText` (and ref text) added and personal fields masked. */
async function present(request: FastifyRequest, subject: Subject, changes: FieldChanges) {
  const { ctx } = request.server;
  const keys = Object.keys(changes);
  const sides: EntityRow[] = [0, 1].map((i) => Object.fromEntries(keys.map((k) => [k, changes[k][i]])));
  const fields: FieldMap = subject.kind === 'entity' ? subject.model.fields : subject.spec.fields;
  let rows = await attachDictText(ctx.db.kysely, ctx.defs, sides, fields, request.user().tenantId);
  if (subject.kind === 'entity') rows = await attachRefText(request, subject.model.entity, rows);
  return protectRows(request, subject.table, sensitiveFields(ctx.defs, subject.table), rows);
}

const titleOf = (subject: Subject, field: string) =>
  subject.kind === 'entity'
    ? (subject.model.byName.get(field)?.title ?? systemTitle({ access: '', fields: {}, titles: {} }, field))
    : systemTitle(subject.spec, field);

/**
 * The titles of a form's fields by key, for the form named by the record's code and version fields (or,
 * when the entry itself set them, by the entry); empty when the form is gone.
 */
async function formTitles(
  request: FastifyRequest,
  form: { codeField: string; versionField: string },
  changes: FieldChanges,
  record: Snapshot | null | undefined,
): Promise<Map<string, string>> {
  const valueOf = (name: string) => record?.[name] ?? changes[name]?.[1] ?? changes[name]?.[0];
  const code = valueOf(form.codeField);
  if (code === null || code === undefined || code === '') return new Map();
  const version = Number(valueOf(form.versionField)) || undefined;
  const { ctx } = request.server;
  const resolved = await resolveForm(ctx.db.kysely, ctx.defs, request.user().tenantId, String(code), version);
  if (!resolved) return new Map();
  return new Map(
    formDataFields(resolved.definition.schema)
      .filter((d) => typeof d.node.title === 'string')
      .map((d) => [d.name, String(d.node.title)]),
  );
}

/** Readable diff lines of one history entry (child tables as per-row lines under the table's title). */
export async function changeItems(
  request: FastifyRequest,
  subject: Subject,
  changes: FieldChanges,
  prefix = '',
  /** The record as stored (or its snapshot): which form its documents were entered with. */
  record?: Snapshot | null,
): Promise<ChangeItem[]> {
  const links =
    subject.kind === 'entity' ? childrenOf(request.server.ctx.defs, subject.model.entity.code) : [];
  const own: FieldChanges = {};
  const nested: ChangeItem[] = [];
  for (const [k, pair] of Object.entries(changes)) {
    const link = links.find((l) => l.model.table === k);
    if (!link) {
      own[k] = pair;
      continue;
    }
    const before = (Array.isArray(pair[0]) ? pair[0] : []) as Snapshot[];
    const after = (Array.isArray(pair[1]) ? pair[1] : []) as Snapshot[];
    const child: Subject = { kind: 'entity', table: link.model.table, model: link.model };
    const quiet = (c: FieldChanges) => {
      delete c[link.field];
      delete c.sortNo;
      return c;
    };
    const old = new Map(before.map((r) => [String(r.id), r]));
    const kept = new Set<string>();
    for (const [i, row] of after.entries()) {
      const was = old.get(String(row.id));
      if (was) kept.add(String(row.id));
      const label = `${prefix}${link.title}${was ? `第${i + 1}行` : '新增行'}·`;
      nested.push(...(await changeItems(request, child, quiet(fieldChanges(was ?? null, row)), label)));
    }
    for (const row of before.filter((r) => !kept.has(String(r.id))))
      nested.push(
        ...(await changeItems(
          request,
          child,
          quiet(fieldChanges(row, null)),
          `${prefix}${link.title}删除行·`,
        )),
      );
  }
  // A form document's changed fields are lines of their own under the field's title and the form field's
  // title (随访内容·体重(kg)), read from the form the record was entered with.
  const documents: ChangeItem[] = [];
  if (subject.kind === 'entity')
    for (const [k, pair] of Object.entries(own)) {
      const f = subject.model.byName.get(k);
      if (f?.type !== 'form' || !f.form) continue;
      delete own[k];
      const titles = await formTitles(request, f.form, own, record);
      for (const c of documentChanges(pair[0], pair[1]))
        documents.push({
          field: `${k}.${c.key}`,
          title: `${prefix}${f.title}·${titles.get(c.key) ?? c.key}`,
          before: c.before,
          after: c.after,
        });
    }
  const [b, a] = await present(request, subject, own);
  const items = Object.keys(own).map((field) => ({
    field,
    title: `${prefix}${titleOf(subject, field)}`,
    before: text(b, field),
    after: text(a, field),
  }));
  return [...items, ...documents, ...nested];
}

/**
 * Whether a deleted record's snapshot lies inside the caller's scope: the same predicate lists use,
 * evaluated over a one-row table made of the snapshot's columns (cast, so PostgreSQL knows their types).
 */
export async function snapshotInScope(request: FastifyRequest, model: EntityModel, snap: Snapshot) {
  const where = await requestScope(request, model.entity);
  const columns = ['tenantId', ...Object.keys(model.fields)].map((k) => {
    const type = k === 'tenantId' ? 'integer' : model.fields[k].type === 'number' ? 'numeric' : 'text';
    const v = snap[k];
    const value = v === undefined || v === null ? null : type === 'text' ? String(v) : Number(v);
    return sql`cast(${value} as ${sql.raw(type)})`.as(k);
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = request.server.ctx.db.kysely as any;
  const row = await db
    .selectFrom(db.selectNoFrom(columns).as('snapshot'))
    .select(sql<number>`1`.as('hit'))
    .where(where)
    .executeTakeFirst();
  return !!row;
}
