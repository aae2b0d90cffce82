import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import type { CleanRecord } from '../../../shared/entity-record.js';
import type { PageResult } from '../../../shared/envelope.js';
import type { AppContext } from '../../context.js';
import { bizError, badRequest } from '../../http/errors.js';
import { attachDictText } from '../../lib/dict-text.js';
import { listFilters, sortKeys, tieOrder } from '../../lib/list-query.js';
import { listPage } from '../../lib/list-page.js';
import { probeSafeFields, protectRows, sensitiveFields } from '../../lib/sensitive.js';
import type { Session } from '../../auth/sessions.js';
import type { EntityModel } from './entity-model.js';
import { requestScope, scopeValues, type ScopePredicate } from './entity-scope.js';
import { assignNumbers } from './numbering.js';
import { attachRefText } from './ref-text.js';
import { attachPickedText, pickFilter } from './ref-many.js';
import { childFilter } from './child-filter.js';
import { withLiveFields } from './live-fields.js';
import { withoutFormDocuments } from './form-documents.js';

export const RECORD_NOT_FOUND = '未找到对应数据';
/** An export larger than this is refused with a message asking for a narrower query. */
export const MAX_EXPORT_ROWS = 20_000;

export type EntityRow = Record<string, unknown>;
// Entity tables are dynamic: their names and columns come from validated definitions only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

export const dbOf = (ctx: AppContext) => ctx.db.kysely as unknown as AnyDb;

/** The caller's rows of the entity: table plus tenant and data-scope predicates (AC-04/AC-06). */
function scoped(ctx: AppContext, model: EntityModel, where: ScopePredicate) {
  return dbOf(ctx).selectFrom(model.table).where(where);
}

/** Rows as the caller may see them: personal fields masked unless a permission reveals them. */
export const protectRecords = (
  ctx: AppContext,
  request: FastifyRequest,
  model: EntityModel,
  rows: EntityRow[],
) => protectRows(request, model.table, sensitiveFields(ctx.defs, model.table), rows);

/**
 * One page of the list with `<field>_dictText`; filters, super query and sort through the field map;
 * `narrow` limits it further (a workflow's 待我处理).
 */
export async function listRecords(
  ctx: AppContext,
  request: FastifyRequest,
  model: EntityModel,
  query: Record<string, unknown>,
  narrow?: ScopePredicate,
) {
  const where = await requestScope(request, model.entity);
  const fields = await probeSafeFields(request, model.fields, sensitiveFields(ctx.defs, model.table));
  let base = narrow ? scoped(ctx, model, where).where(narrow) : scoped(ctx, model, where);
  // Many-to-many: ?<junction>=id1,id2 keeps rows linked to any of those targets (ref-many.ts).
  const picked = pickFilter(ctx.defs, model.entity, query);
  if (picked) base = base.where(picked);
  // ?<child>.<field>=v keeps parents with a matching child row (child-filter.ts).
  const byChild = await childFilter(request, ctx.defs, model.entity, query);
  if (byChild) base = base.where(byChild);
  const result = await listPage<EntityRow>(
    ctx.db,
    base,
    fields,
    query,
    model.defaultSort,
  );
  const records = await attachDictText(
    ctx.db.kysely,
    ctx.defs,
    withoutFormDocuments(model.entity, withLiveFields(model.entity, result.records)),
    model.fields,
    request.user().tenantId,
  );
  const withRefs = await attachPickedText(request, model.entity, await attachRefText(request, model.entity, records));
  return {
    ...result,
    records: await protectRecords(ctx, request, model, withRefs),
  } satisfies PageResult<EntityRow>;
}

/**
 * Rows for an export: the current query (filters, super query, sort) or, with `selections`, exactly the
 * selected ids — in both cases only inside the caller's scope and what `narrow` leaves of the list
 * (as listRecords), personal fields masked as in the list.
 */
export async function exportRecords(
  ctx: AppContext,
  request: FastifyRequest,
  model: EntityModel,
  query: Record<string, unknown>,
  selections: string[],
  narrow?: ScopePredicate,
): Promise<EntityRow[]> {
  const where = await requestScope(request, model.entity);
  let q = narrow ? scoped(ctx, model, where).where(narrow).selectAll() : scoped(ctx, model, where).selectAll();
  if (selections.length) q = q.where(sql.ref('id'), 'in', selections);
  const fields = await probeSafeFields(request, model.fields, sensitiveFields(ctx.defs, model.table));
  if (!selections.length) q = q.where((eb) => listFilters(eb, fields, query));
  const picked = selections.length ? undefined : pickFilter(ctx.defs, model.entity, query);
  if (picked) q = q.where(picked);
  const byChild = selections.length ? undefined : await childFilter(request, ctx.defs, model.entity, query);
  if (byChild) q = q.where(byChild);
  const sort = sortKeys(fields, query, model.defaultSort);
  for (const [field, dir] of sort) q = q.orderBy(sql.ref(field), dir);
  // Ties as the list breaks them, so the file holds the list's order.
  const rows = (await q
    .orderBy(sql.ref('id'), tieOrder(sort))
    .limit(MAX_EXPORT_ROWS + 1)
    .execute()) as EntityRow[];
  if (rows.length > MAX_EXPORT_ROWS)
    throw bizError(`导出的数据超过 ${MAX_EXPORT_ROWS} 行，请缩小查询范围后再导出`);
  return protectRecords(ctx, request, model, await attachRefText(request, model.entity, withLiveFields(model.entity, rows)));
}

/** One row by id inside the caller's scope; a row outside it does not exist for them. */
export async function findRecord(
  ctx: AppContext,
  request: FastifyRequest,
  model: EntityModel,
  id: string,
): Promise<EntityRow> {
  const where = await requestScope(request, model.entity);
  const row = (await scoped(ctx, model, where)
    .selectAll()
    .where(sql.ref('id'), '=', id)
    .executeTakeFirst()) as EntityRow | undefined;
  if (!row) throw bizError(RECORD_NOT_FOUND);
  return row;
}

/** The declared field values of a stored row (what an edit merges its changes onto). */
export const fieldValues = (model: EntityModel, row: EntityRow): CleanRecord =>
  Object.fromEntries(model.entity.fields.map((f) => [f.name, (row[f.name] ?? null) as CleanRecord[string]]));

/**
 * Refuses a value of a unique field that another row of the tenant already has (rows `except` aside:
 * the record itself, or those a merge deletes). The message does not say which row, and the row may be
 * outside the caller's scope.
 */
export async function assertUnique(
  db: AnyDb,
  model: EntityModel,
  session: Session,
  record: CleanRecord,
  except?: string | string[],
) {
  const others = except === undefined ? [] : ([] as string[]).concat(except);
  for (const f of model.entity.fields) {
    const value = record[f.name];
    if (!f.unique || value === null || value === undefined) continue;
    let q = db.selectFrom(model.table).select(sql.ref('id').as('id')).where(sql.ref(f.name), '=', value);
    if (model.entity.scope?.tenant) q = q.where(sql.ref('tenantId'), '=', session.tenantId);
    if (others.length) q = q.where(sql.ref('id'), 'not in', others);
    if (await q.executeTakeFirst()) throw bizError(`${f.title}：该值不可用，系统中已存在！`);
  }
}

/**
 * Inserts validated records with new ids, audit and scope columns and their numbers (numbering.ts);
 * returns the ids. Runs in a transaction (its own unless `db` is one), so a failed insert gives its
 * numbers back. `clock` is the instant the numbers are dated (ms); `inherited` columns replace the
 * session's scope (a child row takes its parent's tenant and department).
 */
export async function insertRecords(
  db: AnyDb,
  ctx: AppContext,
  model: EntityModel,
  session: Session,
  records: CleanRecord[],
  clock: number = Date.now(),
  inherited: EntityRow = {},
): Promise<string[]> {
  if (!db.isTransaction)
    return db
      .transaction()
      .execute((trx) => insertRecords(trx, ctx, model, session, records, clock, inherited));
  // Inside the transaction: on a single-connection database another handle would wait for it forever.
  const scope = await scopeValues(db, model.entity, session);
  const now = formatDateTime();
  await assignNumbers(db, model.entity, session.tenantId, records, clock);
  const rows = records.map((r) => ({
    ...r,
    ...scope,
    ...inherited,
    id: newId(),
    createBy: session.username,
    createTime: now,
    updateBy: null,
    updateTime: null,
  }));
  // Chunks keep every dialect under its bound-parameter limit.
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto(model.table)
      .values(rows.slice(i, i + 100))
      .execute();
  return rows.map((r) => r.id);
}

export async function updateRecord(
  db: AnyDb,
  model: EntityModel,
  session: Session,
  id: string,
  changes: CleanRecord,
) {
  await db
    .updateTable(model.table)
    .set({ ...changes, updateBy: session.username, updateTime: formatDateTime() })
    .where(sql.ref('id'), '=', id)
    .execute();
}

/** Refuses ids of which any is outside the caller's scope (or gone): a delete touches all or none. */
export async function assertInScope(ctx: AppContext, request: FastifyRequest, model: EntityModel, ids: string[]) {
  if (ids.length === 0) throw badRequest('请选择一条记录！');
  const where = await requestScope(request, model.entity);
  const found = await scoped(ctx, model, where)
    .select(sql.ref('id').as('id'))
    .where(sql.ref('id'), 'in', ids)
    .execute();
  if (found.length !== new Set(ids).size) throw bizError(RECORD_NOT_FOUND);
}
