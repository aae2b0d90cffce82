import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { formatDateTime } from '../../../shared/time.js';
import { ApiError, bizError, noPermission } from '../../http/errors.js';
import { childrenOf } from '../online/children.js';
import { afterWrite } from '../online/derived-updates.js';
import { entityModel, type EntityModel } from '../online/entity-model.js';
import { assertUnique, dbOf, fieldValues, type AnyDb, type EntityRow } from '../online/entity-records.js';
import { formFields } from '../online/form-documents.js';
import { entityAccess } from '../online/routes.js';
import type { Snapshot } from './change-log.js';
import { snapshotInScope } from './change-view.js';
import { recordInserted } from './entity-snapshot.js';

/**
 * Restoring a deleted entity record from its history (issue 16 §2): the row and its children go back
 * with their ids, needing the entity's `<code>:add` permission — a restore creates the record again, so
 * whoever may add it may restore it — and only inside the caller's scope. Unique values taken since the
 * delete refuse the restore.
 */

/** The columns of a snapshot the table still has (a field removed since the delete is dropped). */
function storedColumns(model: EntityModel, snap: Snapshot): EntityRow {
  const out: EntityRow = {};
  // Form documents are columns too, though not query fields.
  const documents = formFields(model.entity).map((f) => f.name);
  for (const k of ['id', 'tenantId', ...Object.keys(model.fields), ...documents]) if (k in snap) out[k] = snap[k];
  return out;
}

/** Unique values of the record and its child rows must still be free. */
async function assertStillUnique(db: AnyDb, request: FastifyRequest, model: EntityModel, snap: Snapshot) {
  try {
    await assertUnique(db, model, request.user(), fieldValues(model, snap));
  } catch (err) {
    if (err instanceof ApiError) throw bizError(`无法还原：${err.message.replace(/！$/, '')}，请先修改占用该值的记录`);
    throw err;
  }
  for (const child of childrenOf(request.server.ctx.defs, model.entity.code))
    for (const row of (snap[child.model.table] ?? []) as Snapshot[]) await assertStillUnique(db, request, child.model, row);
}

/** Inserts the row and, after it, its child rows (grandchildren after their parents). */
async function insertSnapshot(trx: AnyDb, request: FastifyRequest, model: EntityModel, snap: Snapshot) {
  const session = request.user();
  await trx
    .insertInto(model.table)
    .values({ ...storedColumns(model, snap), updateBy: session.username, updateTime: formatDateTime() })
    .execute();
  for (const child of childrenOf(request.server.ctx.defs, model.entity.code))
    for (const row of (snap[child.model.table] ?? []) as Snapshot[]) await insertSnapshot(trx, request, child.model, row);
}

/** Restores the record a delete entry holds; returns its id. */
export async function restoreDeleted(request: FastifyRequest, logId: string): Promise<string> {
  const { ctx } = request.server;
  const entry = await ctx.db.kysely.selectFrom('sysChangeLog').selectAll().where('id', '=', logId).executeTakeFirst();
  const entity = entry && ctx.defs.entities.find((e) => e.code === entry.tableName && !e.parent);
  if (!entry || entry.action !== 'delete' || !entity) throw bizError('未找到可还原的删除记录');
  if (!(await request.permissions()).has(entityAccess(entity, 'add'))) throw noPermission();
  const model = entityModel(entity);
  const snap = JSON.parse(entry.changes) as Snapshot;
  if (!(await snapshotInScope(request, model, snap))) throw bizError('未找到可还原的删除记录');
  const db = dbOf(ctx);
  const id = String(snap.id);
  if (await db.selectFrom(model.table).select(sql.ref('id').as('id')).where(sql.ref('id'), '=', id).executeTakeFirst())
    throw bizError('该记录已存在（已还原过），无需再次还原');
  const derived = await db.transaction().execute(async (trx) => {
    await assertStillUnique(trx, request, model, snap);
    await insertSnapshot(trx, request, model, snap);
    await recordInserted(trx, request, model, [id], 'restore');
    // The record counts again in the roll-ups that read it (and must keep their checks).
    return afterWrite(trx, ctx, request, entity.code, [id]);
  });
  await derived.notify();
  request.log.info({ entity: entity.code, id, by: request.user().userId }, 'online record restored');
  return id;
}
