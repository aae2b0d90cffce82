import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { recordChanges } from '../history/change-log.js';
import { entitySnapshots } from '../history/entity-snapshot.js';
import { childrenOf } from '../online/children.js';
import { afterWrite, type Derived } from '../online/derived-updates.js';
import { entityModel, type EntityModel } from '../online/entity-model.js';
import type { AnyDb } from '../online/entity-records.js';
import { referencesTo } from '../online/ref-delete.js';

/**
 * Inside a merge's transaction: every child row and every ref of any entity pointing at one of
 * `others` is pointed at `survivor` (the referring rows' history records the move), and the roll-ups
 * reading those rows refreshed. The others can then be deleted without losing anything linked to them.
 */
export async function repointToSurvivor(
  trx: AnyDb,
  request: FastifyRequest,
  model: EntityModel,
  survivor: string,
  others: string[],
  comment: string,
): Promise<Derived[]> {
  const { defs } = request.server.ctx;
  const links = [
    ...childrenOf(defs, model.table).map((c) => ({ model: c.model, field: c.field, history: false })),
    ...referencesTo(defs, model.table).map((r) => ({ model: entityModel(r.entity), field: r.field.name, history: true })),
  ];
  const derived: Derived[] = [];
  for (const link of links) {
    const rows = (await trx
      .selectFrom(link.model.table)
      .select(sql.ref('id').as('id'))
      .where(sql.ref(link.field), 'in', others)
      .execute()) as Array<{ id: string }>;
    if (!rows.length) continue;
    const ids = rows.map((r) => String(r.id));
    const before = link.history ? await entitySnapshots(trx, defs, link.model, ids) : null;
    await trx
      .updateTable(link.model.table)
      .set({ [link.field]: survivor })
      .where(sql.ref('id'), 'in', ids)
      .execute();
    // A child row is part of its parent's history (the survivor's edit shows it); a ref is its own record's.
    if (before) {
      const after = await entitySnapshots(trx, defs, link.model, ids);
      await recordChanges(
        trx,
        request,
        ids.map((id) => ({ table: link.model.table, id, action: 'edit' as const, before: before.get(id) ?? null, after: after.get(id) ?? null, comment })),
      );
    }
    derived.push(await afterWrite(trx, request.server.ctx, request, link.model.table, ids));
  }
  return derived;
}
