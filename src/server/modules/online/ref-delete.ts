import { sql } from 'kysely';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import type { Definitions } from '../../definitions/load.js';
import { bizError } from '../../http/errors.js';
import type { AnyDb } from './entity-records.js';
import { isRef, type RefField } from './ref-lookup.js';

/** Values are matched in chunks so every dialect stays under its bound-parameter limit. */
const CHUNK = 500;

/**
 * The ref fields of other entities (and of the entity itself) that point at `code`, with their
 * `onDelete`. A child's link to its parent is left out: the parent's `parent.onDelete` rules it
 * (children.ts).
 */
export function referencesTo(defs: Pick<Definitions, 'entities'>, code: string) {
  return defs.entities.flatMap((e) =>
    e.fields
      .filter((f): f is RefField => isRef(f) && f.ref.entity === code && f.name !== e.parent?.field)
      .map((f) => ({ entity: e, field: f, onDelete: f.ref.onDelete ?? 'restrict' })),
  );
}

/** How many rows of `entity` name one of `ids` in `field` (rows being deleted themselves excluded). */
async function countReferences(
  db: AnyDb,
  entity: EntityDefinition,
  field: string,
  ids: string[],
  self: boolean,
) {
  let n = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    let q = db
      .selectFrom(entity.code)
      .select(sql<number>`count(*)`.as('n'))
      .where(sql.ref(field), 'in', chunk);
    if (self) q = q.where(sql.ref('id'), 'not in', chunk);
    n += Number(((await q.executeTakeFirst()) as { n: number | string } | undefined)?.n ?? 0);
  }
  return n;
}

/**
 * Before rows of `target` are deleted, inside the delete's transaction: a `restrict` reference to any of
 * them refuses the delete (naming the referencing entity and how many rows), a `setNull` one is cleared.
 * References are matched by id without a tenant filter: ids are unique across tenants and a write may
 * only name rows in the caller's own tenant, so every referencing row is the tenant's own — and a row
 * that predates that check still blocks (or is cleared) rather than being left dangling.
 */
export async function releaseReferences(
  db: AnyDb,
  defs: Definitions,
  target: EntityDefinition,
  ids: string[],
) {
  const refs = referencesTo(defs, target.code);
  for (const r of refs.filter((x) => x.onDelete === 'restrict')) {
    const n = await countReferences(db, r.entity, r.field.name, ids, r.entity.code === target.code);
    if (n > 0) throw bizError(`该记录已被${r.entity.name}引用（${n} 条），不能删除`);
  }
  for (const r of refs.filter((x) => x.onDelete === 'setNull'))
    for (let i = 0; i < ids.length; i += CHUNK)
      await db
        .updateTable(r.entity.code)
        .set({ [r.field.name]: null })
        .where(sql.ref(r.field.name), 'in', ids.slice(i, i + CHUNK))
        .execute();
}
