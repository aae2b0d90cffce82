import { sql } from 'kysely';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import { badRequest } from '../../http/errors.js';
import type { AnyDb } from './entity-records.js';

export const TREE_CYCLE = '上级不能是自身或其下级';

/** How far up a parent chain is followed; deeper trees are not expected (and a stored loop must end). */
const MAX_DEPTH = 1000;

/**
 * A tree entity (EntityTree) refuses a parent that is the row itself or one of its descendants: the
 * chain of parents from the new parent up to a root must not pass through the row (HTTP 400).
 */
export async function assertTreeParent(db: AnyDb, entity: EntityDefinition, id: string, parent: unknown) {
  const field = entity.tree?.field;
  if (!field || parent === null || parent === undefined || parent === '') return;
  let current: string | null = String(parent);
  const seen = new Set<string>();
  while (current !== null && !seen.has(current) && seen.size < MAX_DEPTH) {
    if (current === id) throw badRequest(TREE_CYCLE);
    seen.add(current);
    const row = (await db
      .selectFrom(entity.code)
      .select(sql.ref(field).as('parent'))
      .where(sql.ref('id'), '=', current)
      .executeTakeFirst()) as { parent: unknown } | undefined;
    const up = row?.parent;
    current = up === null || up === undefined || up === '' ? null : String(up);
  }
}
