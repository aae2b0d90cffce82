import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { recordChanges, type Snapshot } from './change-log.js';

// System tables are named as the database spells them (`sys_user`); the camel-case plugin keeps that.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function rowsOf(db: AnyDb, table: string, ids: Array<string | number>): Promise<Map<string, Snapshot>> {
  const out = new Map<string, Snapshot>();
  for (let i = 0; i < ids.length; i += 500)
    for (const r of (await db.selectFrom(table).selectAll().where('id', 'in', ids.slice(i, i + 500)).execute()) as Snapshot[])
      out.set(String(r.id), r);
  return out;
}

/** What a system write does; an add, import or restore records the whole row as new (no before). */
type SystemAction = 'add' | 'edit' | 'delete' | 'restore' | 'import';
const FRESH = new Set<SystemAction>(['add', 'import', 'restore']);

/**
 * Runs one write of a system table's rows inside `trx` and records each row's change there too: the
 * rows are read before and after the write, so the history holds exactly what changed. A logical
 * delete (del_flag) is recorded as a delete, undoing it as a restore.
 */
export async function trackSystemWrite<T>(
  trx: AnyDb,
  request: FastifyRequest,
  table: string,
  ids: Array<string | number>,
  action: SystemAction,
  write: () => Promise<T>,
): Promise<T> {
  const before = FRESH.has(action) ? new Map<string, Snapshot>() : await rowsOf(trx, table, ids);
  const result = await write();
  const after = action === 'delete' ? new Map<string, Snapshot>() : await rowsOf(trx, table, ids);
  await recordChanges(
    trx,
    request,
    ids
      .map(String)
      .filter((id) => before.has(id) || after.has(id))
      .map((id) => ({ table, id, action, before: before.get(id) ?? null, after: after.get(id) ?? null })),
  );
  return result;
}

/** `trackSystemWrite` in a transaction of its own (or the caller's, when `db` is one). */
export const trackedWrite = <T>(
  db: AnyDb,
  request: FastifyRequest,
  table: string,
  ids: Array<string | number>,
  action: SystemAction,
  write: (trx: AnyDb) => Promise<T>,
): Promise<T> =>
  db.isTransaction
    ? trackSystemWrite(db, request, table, ids, action, () => write(db))
    : db.transaction().execute((trx) => trackSystemWrite(trx, request, table, ids, action, () => write(trx)));
