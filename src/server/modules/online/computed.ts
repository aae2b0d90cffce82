import { sql } from 'kysely';
import type { CleanRecord } from '../../../shared/entity-record.js';
import { formulaDependencies, toDecimal, type AggregateFn } from '../../../shared/formula.js';
import { applyFormulas, formulaPlan, resultScale } from '../../../shared/formula-plan.js';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import type { Definitions } from '../../definitions/load.js';
import type { AnyDb, EntityRow } from './entity-records.js';
import { entityModel, type EntityModel } from './entity-model.js';
import { rollupLink } from './rollup-links.js';

/**
 * Computed fields (entity `formula`, src/shared/formula.ts) on the server. Row formulas are computed
 * from the record on every write (form, API, Excel import) and replace whatever the client sent;
 * roll-ups (over child rows or rows referring to the record) are never taken from a record: refreshComputed
 * computes them from the stored rows inside the write's transaction, then the row formulas that read them
 * (derived-updates.ts decides which rows to refresh).
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

/** The rows one roll-up entity contributes: its model and the field naming the row they roll up into. */
interface Source {
  model: EntityModel;
  link: string;
}

/** One source's roll-ups, grouped by the target id: alias → value (none when the target has no rows). */
async function aggregates(
  db: AnyDb,
  source: Source,
  wanted: Wanted[],
  targetIds: string[],
): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  const grouped = wanted.filter((w) => w.fn !== 'last');
  for (let i = 0; i < targetIds.length; i += 500) {
    const chunk = targetIds.slice(i, i + 500);
    const rows = grouped.length
      ? ((await db
          .selectFrom(source.model.table)
          .select([
            sql.ref(source.link).as('targetId'),
            ...grouped.map((w) =>
              w.field === null
                ? sql`count(*)`.as(w.alias)
                : sql`${sql.raw(w.fn)}(${sql.ref(w.field)})`.as(w.alias),
            ),
          ])
          .where(sql.ref(source.link), 'in', chunk)
          .groupBy(sql.ref(source.link))
          .execute()) as EntityRow[])
      : [];
    for (const r of rows) out.set(String(r.targetId), r);
    for (const w of wanted)
      if (w.fn === 'last')
        for (const r of await newest(db, source, w.field as string, chunk))
          out.set(String(r.targetId), { ...out.get(String(r.targetId)), [w.alias]: r.value });
  }
  return out;
}

/**
 * `last(<entity>.<field>)`: the field of each target's newest row — the greatest value of the source's
 * defaultSort field (its createTime without one), empty ones last on every dialect, ties by the greater
 * id. A window function numbers each target's rows in that order; the first is taken.
 */
async function newest(db: AnyDb, source: Source, field: string, targetIds: string[]) {
  const sort = sql.ref(source.model.defaultSort[0]);
  const ranked = db
    .selectFrom(source.model.table)
    .select([
      sql.ref(source.link).as('targetId'),
      sql.ref(field).as('value'),
      sql`row_number() over (partition by ${sql.ref(source.link)} order by case when ${sort} is null then 1 else 0 end, ${sort} desc, ${sql.ref('id')} desc)`.as(
        'position',
      ),
    ])
    .where(sql.ref(source.link), 'in', targetIds);
  return (await db
    .selectFrom(ranked.as('ranked'))
    .select([sql.ref('targetId').as('targetId'), sql.ref('value').as('value')])
    .where(sql.ref('position'), '=', 1)
    .execute()) as Array<{ targetId: string; value: unknown }>;
}

/**
 * A stored aggregate as exact text: SQLite keeps decimals as floats, so a SUM may carry binary noise
 * (59.970000000000006); rounding to the source field's scale gives the exact value back. A target
 * without rows sums and counts to 0 and has no min, max or last.
 */
function exactAggregate(source: Source, w: Wanted, value: unknown): string | null {
  const d = toDecimal(value);
  if (d === null) return w.fn === 'sum' || w.fn === 'count' ? '0' : null;
  const f = w.field === null ? null : source.model.byName.get(w.field);
  return d.toFixed(f ? resultScale(f) : 0);
}

const sameValue = (a: unknown, b: unknown) => {
  const x = toDecimal(a);
  const y = toDecimal(b);
  return x === null || y === null ? x === y : x.equals(y);
};

/** Rows of one entity after their computed fields were refreshed, and the ids whose values changed. */
export interface Refreshed {
  rows: EntityRow[];
  changed: Set<string>;
  /** The changed fields' values before the refresh, by id (for the change history). */
  previous: Map<string, Record<string, unknown>>;
}

/**
 * Recomputes the formula fields of the given rows — roll-ups from the stored rows they read (SQL
 * aggregates grouped by the link field, rollup-links.ts), then the row formulas — and stores the values
 * that differ. Call it inside the write's transaction, after the rows read were written.
 */
export async function refreshComputed(
  db: AnyDb,
  defs: Pick<Definitions, 'entities'>,
  model: EntityModel,
  ids: string[],
): Promise<Refreshed> {
  const changed = new Set<string>();
  const previous = new Map<string, Record<string, unknown>>();
  if (ids.length === 0) return { rows: [], changed, previous };
  const plan = formulaPlan(model.entity.fields);
  // Each distinct roll-up once per source entity, as a column alias of that source's grouped query.
  const wanted = new Map<string, Wanted[]>();
  const aliasOf = (fn: AggregateFn, entity: string, field: string | null) => {
    const list = wanted.get(entity) ?? [];
    let w = list.find((x) => x.fn === fn && x.field === field);
    if (!w) list.push((w = { fn, field, alias: `a${list.length}` }));
    wanted.set(entity, list);
    return w;
  };
  for (const c of plan.ordered)
    if (c.rollup) for (const n of formulaDependencies(c.ast).children) aliasOf(n.fn, n.entity, n.field);
  const bySource = new Map<string, { source: Source; groups: Map<string, Record<string, unknown>> }>();
  for (const [code, list] of wanted) {
    const entity = defs.entities.find((e) => e.code === code);
    const link = entity && rollupLink(entity, model.entity.code);
    // The definition check refuses a roll-up over an entity without exactly one link to this one.
    if (!entity || !link || !('field' in link))
      throw new Error(`${model.entity.code}: no roll-up link from ${code}`);
    const source = { model: entityModel(entity), link: link.field };
    bySource.set(code, { source, groups: await aggregates(db, source, list, ids) });
  }
  const rows: EntityRow[] = [];
  for (let i = 0; i < ids.length; i += 500)
    rows.push(
      ...((await db
        .selectFrom(model.table)
        .selectAll()
        .where(sql.ref('id'), 'in', ids.slice(i, i + 500))
        .execute()) as EntityRow[]),
    );
  if (plan.ordered.length === 0) return { rows, changed, previous };
  for (const row of rows) {
    const id = String(row.id);
    const values: Record<string, unknown> = { ...row };
    applyFormulas(plan, values, (fn, entity, field) => {
      const s = bySource.get(entity);
      const w = aliasOf(fn, entity, field);
      return s ? exactAggregate(s.source, w, s.groups.get(id)?.[w.alias]) : null;
    });
    const differs = plan.ordered.filter((c) => !sameValue(row[c.field], values[c.field]));
    if (differs.length === 0) continue;
    const set = Object.fromEntries(differs.map((c) => [c.field, values[c.field] ?? null]));
    await db.updateTable(model.table).set(set).where(sql.ref('id'), '=', id).execute();
    previous.set(id, Object.fromEntries(differs.map((c) => [c.field, row[c.field] ?? null])));
    Object.assign(row, set);
    changed.add(id);
  }
  return { rows, changed, previous };
}
