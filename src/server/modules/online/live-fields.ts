import type { EntityDefinition } from '../../../shared/schema-types.js';
import { applyLiveFields, formulaPlan } from '../../../shared/formula-plan.js';
import type { EntityRow } from './entity-records.js';

/**
 * Fills an entity's `live` fields (formula computed when read, never stored: e.g. daysSince(dueDate))
 * into rows read for a list, a detail or an export, in place; rows of an entity without any pass as is.
 * Called on the stored values, before personal fields are masked.
 */
export function withLiveFields<T extends EntityRow>(entity: EntityDefinition, rows: T[]): T[] {
  const plan = formulaPlan(entity.fields);
  if (plan.ordered.some((c) => c.live)) for (const row of rows) applyLiveFields(plan, row);
  return rows;
}
