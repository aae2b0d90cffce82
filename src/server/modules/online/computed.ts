import { sql } from 'kysely';
import type { CleanRecord } from '../../../shared/entity-record.js';
import { formulaDependencies, toDecimal, type AggregateFn } from '../../../shared/formula.js';
import { applyFormulas, formulaPlan, resultScale } from '../../../shared/formula-plan.js';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import type { AppContext } from '../../context.js';
import { childrenOf, parentEntityOf, type ChildLink } from './children.js';
import type { AnyDb, EntityRow } from './entity-records.js';
import { entityModel, type EntityModel } from './entity-model.js';

/**
 * Computed fields (entity `formula`, src/shared/formula.ts) on the server. Row formulas are computed
 * from the record on every write (form, API, Excel import) and replace whatever the client sent;
 * roll-ups over child rows are never taken from a record: refreshRollups computes them from the stored
 * children inside the write's transaction, then the row formulas that read them.
 */

/** Fills the row formula fields of a record in place (dependency order) and returns it. */
export function computeRecord(entity: EntityDefinition, record: CleanRecord): CleanRecord {
  const plan = formulaPlan(entity.fields);
  if (plan.ordered.length === 0) return record;
  for (const c of plan.ordered) if (c.rollup) delete record[c.field];
  return applyFormulas(plan, record, {}, 'row');
}

/** The formula fields of a computed record: what an edit writes besides the changed fields. */
export function formulaValues(entity: EntityDefinition, record: CleanRecord): CleanRecord {
  const plan = formulaPlan(entity.fields);
  return Object.fromEntries(
    plan.ordered.filter((c) => !c.rollup).map((c) => [c.field, record[c.field] ?? null]),
  );
}

interface Wanted {
  fn: AggregateFn;
  field: string | null;
  alias: string;
}

/** One child's roll-ups, grouped by parent id: alias → value (null when the parent has no rows). */
async function aggregates(
  db: AnyDb,
  child: ChildLink,
  wanted: Wanted[],
  parentIds: string[],
): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < parentIds.length; i += 500) {
    const chunk = parentIds.slice(i, i + 500);
    const rows = (await db
      .selectFrom(child.model.table)
      .select([
        sql.ref(child.field).as('parentId'),
        ...wanted.map((w) =>
          w.field === null
            ? sql`count(*)`.as(w.alias)
            : sql`${sql.raw(w.fn)}(${sql.ref(w.field)})`.as(w.alias),
        ),
      ])
      .where(sql.ref(child.field), 'in', chunk)
      .groupBy(sql.ref(child.field))
      .execute()) as EntityRow[];
    for (const r of rows) out.set(String(r.parentId), r);
  }
  return out;
}

/**
 * A stored child aggregate as exact text: SQLite keeps decimals as floats, so a SUM may carry binary
 * noise (59.970000000000006); rounding to the child field's scale gives the exact value back. A parent
 * without rows sums and counts to 0 and has no min or max.
 */
function exactAggregate(child: ChildLink, w: Wanted, value: unknown): string | null {
  const d = toDecimal(value);
  if (d === null) return w.fn === 'sum' || w.fn === 'count' ? '0' : null;
  const f = w.field === null ? null : child.model.byName.get(w.field);
  return d.toFixed(f ? resultScale(f) : 0);
}

/**
 * Recomputes the roll-up formulas of the given parent rows from their stored children (SQL aggregates
 * grouped by the child's parent field), then the row formulas, and stores them. Call it inside the
 * write's transaction, after the children were saved.
 */
export async function refreshRollups(
  db: AnyDb,
  ctx: AppContext,
  parentModel: EntityModel,
  parentIds: string[],
): Promise<void> {
  const plan = formulaPlan(parentModel.entity.fields);
  const rollups = plan.ordered.filter((c) => c.rollup);
  if (rollups.length === 0 || parentIds.length === 0) return;
  const links = childrenOf(ctx.defs, parentModel.entity.code);
  // Each distinct roll-up once per child entity, as a column alias of that child's grouped query.
  const wanted = new Map<string, Wanted[]>();
  const aliasOf = (fn: AggregateFn, entity: string, field: string | null) => {
    const list = wanted.get(entity) ?? [];
    let w = list.find((x) => x.fn === fn && x.field === field);
    if (!w) list.push((w = { fn, field, alias: `a${list.length}` }));
    wanted.set(entity, list);
    return w;
  };
  for (const c of rollups)
    for (const n of formulaDependencies(c.ast).children) aliasOf(n.fn, n.entity, n.field);
  const byChild = new Map<string, { link: ChildLink; groups: Map<string, Record<string, unknown>> }>();
  for (const [entity, list] of wanted) {
    const link = links.find((l) => l.model.table === entity);
    // The definition check refuses a roll-up over an entity that is not a child of this one.
    if (!link) throw new Error(`${parentModel.entity.code}: ${entity} is not a child entity`);
    byChild.set(entity, { link, groups: await aggregates(db, link, list, parentIds) });
  }
  const stored = (await db
    .selectFrom(parentModel.table)
    .selectAll()
    .where(sql.ref('id'), 'in', parentIds)
    .execute()) as EntityRow[];
  for (const row of stored) {
    const id = String(row.id);
    const values: Record<string, unknown> = Object.fromEntries(
      parentModel.entity.fields.map((f) => [f.name, row[f.name] ?? null]),
    );
    applyFormulas(plan, values, (fn, entity, field) => {
      const c = byChild.get(entity);
      const w = aliasOf(fn, entity, field);
      return c ? exactAggregate(c.link, w, c.groups.get(id)?.[w.alias]) : null;
    });
    const computed = Object.fromEntries(plan.ordered.map((c) => [c.field, values[c.field] ?? null]));
    await db.updateTable(parentModel.table).set(computed).where(sql.ref('id'), '=', id).execute();
  }
}

/**
 * After child rows were written outside their parent's form (a child sheet imported on its own): the
 * roll-ups of the parents they belong to. Call it inside the same transaction.
 */
export async function refreshParentsOf(
  db: AnyDb,
  ctx: AppContext,
  child: EntityDefinition,
  records: CleanRecord[],
): Promise<void> {
  const parent = parentEntityOf(ctx.defs, child);
  const field = child.parent?.field;
  if (!parent || !field) return;
  const ids = [...new Set(records.map((r) => r[field]).filter((v): v is string => typeof v === 'string'))];
  await refreshRollups(db, ctx, entityModel(parent), ids);
}
