import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Definitions } from '../../definitions/load.js';
import { childrenOf, storedChildren } from '../online/children.js';
import type { EntityModel } from '../online/entity-model.js';
import type { AnyDb, EntityRow } from '../online/entity-records.js';
import { recordChanges, type Snapshot } from './change-log.js';

/**
 * Entity records as history stores them: the whole row (every column, so a restore can put it back)
 * with each child table under its code, grandchildren nested the same way.
 */
export async function entitySnapshots(
  db: AnyDb,
  defs: Definitions,
  model: EntityModel,
  ids: string[],
): Promise<Map<string, Snapshot>> {
  const out = new Map<string, Snapshot>();
  if (ids.length === 0) return out;
  for (let i = 0; i < ids.length; i += 500) {
    const rows = (await db
      .selectFrom(model.table)
      .selectAll()
      .where(sql.ref('id'), 'in', ids.slice(i, i + 500))
      .execute()) as EntityRow[];
    for (const r of rows) out.set(String(r.id), { ...r });
  }
  for (const child of childrenOf(defs, model.entity.code)) {
    const rows = await storedChildren(db, child, [...out.keys()]);
    const nested = await entitySnapshots(db, defs, child.model, rows.map((r) => String(r.id)));
    for (const snap of out.values()) snap[child.model.table] = [];
    for (const r of rows) {
      const parent = out.get(String(r[child.field]));
      (parent?.[child.model.table] as Snapshot[] | undefined)?.push(nested.get(String(r.id)) ?? r);
    }
  }
  return out;
}

/** One record's snapshot (null when it does not exist). */
export const entitySnapshot = async (db: AnyDb, defs: Definitions, model: EntityModel, id: string) =>
  (await entitySnapshots(db, defs, model, [id])).get(id) ?? null;

/** History entries for records just inserted in `trx` (an import writes one per record). */
export async function recordInserted(
  trx: AnyDb,
  request: FastifyRequest,
  model: EntityModel,
  ids: string[],
  action: 'add' | 'import' | 'restore' | 'trigger',
  comment?: string,
) {
  const snaps = await entitySnapshots(trx, request.server.ctx.defs, model, ids);
  await recordChanges(
    trx,
    request,
    ids.map((id) => ({ table: model.table, id, action, before: null, after: snaps.get(id) ?? null, comment })),
  );
}
