import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import { protectRows, sensitiveFields } from '../../lib/sensitive.js';
import { parentEntityOf } from '../online/children.js';
import { dbOf, type EntityRow } from '../online/entity-records.js';
import { requestScope } from '../online/entity-scope.js';
import { readAccess } from '../online/routes.js';

/** Records of one entity on a tracking screen: id → label. */
export interface TrackedRecords {
  entity: EntityDefinition;
  labels: Map<string, string>;
}

/** How many linked rows of one entity a tracking screen follows (bounds the change-log query). */
const MAX_LINKED_ROWS = 1000;

/** The field a record is named by: the tracked search field, its numbering field, or its first field. */
export const labelField = (entity: EntityDefinition): string =>
  entity.track?.search ?? entity.fields.find((f) => f.numbering)?.name ?? entity.fields[0].name;

/** Whether the caller may read the entity's rows (a child's through its parent's access). */
export async function mayRead(request: FastifyRequest, entity: EntityDefinition): Promise<boolean> {
  const access = readAccess(parentEntityOf(request.server.ctx.defs, entity) ?? entity);
  return access === 'login' || (await request.permissions()).has(access);
}

/** id → label of some rows, masked as lists show them. */
export async function labelMap(request: FastifyRequest, entity: EntityDefinition, rows: EntityRow[]) {
  const field = labelField(entity);
  const picked = rows.map((r) => ({ id: r.id, [field]: r[field] }));
  const shown = await protectRows(request, entity.code, sensitiveFields(request.server.ctx.defs, entity.code), picked);
  return new Map(shown.map((r) => [String(r.id), r[field] === null || r[field] === undefined ? '' : String(r[field])]));
}

/** The caller's rows of `entity` whose `column` is one of `values` (scope and data rules applied): one query. */
async function scopedLabels(request: FastifyRequest, entity: EntityDefinition, column: string, values: string[]) {
  if (values.length === 0) return new Map<string, string>();
  const field = labelField(entity);
  const rows = (await dbOf(request.server.ctx)
    .selectFrom(entity.code)
    .select([sql.ref('id').as('id'), sql.ref(field).as(field)])
    .where(sql.ref(column), 'in', values)
    .where(await requestScope(request, entity))
    .orderBy(sql.ref('id'))
    .limit(MAX_LINKED_ROWS)
    .execute()) as EntityRow[];
  return labelMap(request, entity, rows);
}

/**
 * The record and the records linked to it per `track.include`, in order: rows whose ref field points at
 * the record (or at an earlier included entity's rows, `of`), or the row the record's `refBy` field
 * points at. Entities the caller may not read are left out, and so is everything reached through them.
 */
export async function trackedRecords(
  request: FastifyRequest,
  entity: EntityDefinition,
  row: EntityRow,
): Promise<TrackedRecords[]> {
  const { defs } = request.server.ctx;
  const found = new Map<string, TrackedRecords>([[entity.code, { entity, labels: await labelMap(request, entity, [row]) }]]);
  for (const link of entity.track?.include ?? []) {
    const target = defs.entities.find((e) => e.code === link.entity);
    if (!target || !(await mayRead(request, target))) continue;
    let labels = new Map<string, string>();
    if (link.refBy) {
      const value = row[link.refBy];
      if (value) labels = await scopedLabels(request, target, 'id', [String(value)]);
    } else if (link.field) {
      const from = found.get(link.of ?? entity.code);
      if (from) labels = await scopedLabels(request, target, link.field, [...from.labels.keys()]);
    }
    const known = found.get(target.code);
    if (known) for (const [k, v] of labels) known.labels.set(k, v);
    else found.set(target.code, { entity: target, labels });
  }
  return [...found.values()];
}
