import {
  sql,
  type AliasableExpression,
  type AliasedExpression,
  type Expression,
  type Kysely,
  type SqlBool,
} from 'kysely';
import { formatDate } from '../../../shared/time.js';
import type { Db } from '../../db/connect.js';
import { listFilters } from '../../lib/list-query.js';
import { ageExpression, ageLabels } from './ages.js';
import type { CompiledMeasure, CompiledStat } from './compile.js';
import { bucketExpression, datedFilters, weekLabel } from './periods.js';
import type { ListParams } from './params.js';
import type { AnyEB, RowFilter } from './sources.js';

export type StatRow = Record<string, unknown>;

export interface Aggregate {
  rows: StatRow[];
  /** Number of groups (more than rows when the limit cut them). */
  total: number;
}

/** The value expression of a dimension: the field, its date bucket, or its age bucket as of `today`. */
const dimensionExpression = (
  db: Db,
  eb: AnyEB,
  stat: CompiledStat,
  i: number,
  today: string,
): AliasableExpression<unknown> => {
  const d = stat.dimensions[i];
  if (d.ages) return ageExpression(db.dialect, eb.ref(d.field), d.ages, today);
  return d.bucket ? bucketExpression(db.dialect, eb.ref(d.field), d.bucket) : eb.ref(d.field);
};

function measureExpression(eb: AnyEB, m: CompiledMeasure): AliasedExpression<unknown, string> | null {
  const col = m.field ? eb.ref(m.field) : null;
  switch (m.op) {
    case 'count':
      return eb.fn.countAll().as(m.key);
    case 'countDistinct':
      return eb.fn
        .count(col as never)
        .distinct()
        .as(m.key);
    case 'sum':
      return eb.fn.sum(col as never).as(m.key);
    case 'avg':
      return eb.fn.avg(col as never).as(m.key);
    case 'min':
      return eb.fn.min(col as never).as(m.key);
    case 'max':
      return eb.fn.max(col as never).as(m.key);
    case 'ratio':
      return null;
  }
}

// PostgreSQL returns count and numeric as strings; SQLite sums decimals in floating point.
const numberOf = (v: unknown, digits: number): number | null => {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? Number(n.toFixed(digits)) : null;
};

/**
 * One aggregate for one caller: the source's rows the caller may see (`visible`), the definition's
 * fixed filters and the bound parameters, grouped by the dimensions, with the measures, sorted and
 * limited. Every identifier comes from the compiled definition; every value is bound.
 */
export async function aggregate(
  db: Db,
  stat: CompiledStat,
  visible: RowFilter,
  params: ListParams[],
  today = formatDate(),
): Promise<Aggregate> {
  const { source } = stat;
  const dimension = (eb: AnyEB, i: number) => dimensionExpression(db, eb, stat, i, today);
  // The table name comes from the source registry, never from the request.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const dyn = db.kysely as unknown as Kysely<any>;
  const where = (eb: AnyEB): Expression<SqlBool> =>
    eb.and([
      visible(eb),
      listFilters(eb, source.fields, datedFilters(stat.filters, today)),
      ...params.map((p) => listFilters(eb, source.fields, p)),
    ]);
  const dims = stat.dimensions.map((_, i) => i);
  const grouped = dyn
    .selectFrom(source.table)
    .where(where)
    .$if(dims.length > 0, (q) => q.groupBy((eb) => dims.map((i) => dimension(eb, i))));

  const sort =
    stat.sort ??
    (stat.dimensions.some((d) => d.bucket || d.ages)
      ? { by: stat.dimensions[0].key, order: 'asc' as const }
      : { by: stat.measures[0].key, order: 'desc' as const });
  const rows = (await grouped
    .select((eb) => [
      ...dims.map((i) => dimension(eb, i).as(stat.dimensions[i].key)),
      ...stat.measures.flatMap((m) => measureExpression(eb, m) ?? []),
    ])
    .orderBy(sql.ref(sort.by), sort.order)
    // Ties in a stable order, so a limited answer is the same every time.
    .$if(dims.length > 0, (q) => q.orderBy((eb: AnyEB) => dimension(eb, 0), 'asc'))
    .limit(stat.limit)
    .execute()) as StatRow[];

  let total = rows.length;
  if (dims.length > 0 && rows.length >= stat.limit) {
    const counted = await dyn
      .selectFrom(grouped.select((eb) => dimension(eb, 0).as('g')).as('groups'))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    total = Number(counted?.n ?? 0);
  }
  const shaped = rows.map((r) => shape(stat, r));
  return stat.dimensions.some((d) => d.ages) ? agedGroups(stat, shaped) : { rows: shaped, total };
}

/**
 * Age groups by name, always in their order (rows of the same group keep the query's order); rows
 * without a date have no age and are left out. With the age as the only dimension, every group is
 * answered, an empty one with zero counts and sums.
 */
function agedGroups(stat: CompiledStat, rows: StatRow[]): Aggregate {
  const aged = stat.dimensions.filter((d) => d.ages);
  const named = rows
    .filter((r) => aged.every((d) => r[d.key] !== null))
    .map((r) => ({
      ...r,
      ...Object.fromEntries(aged.map((d) => [d.key, ageLabels(d.ages!)[Number(r[d.key])]])),
    }));
  const d = aged[0];
  const order = ageLabels(d.ages!);
  let out = named
    .map((r, i) => ({ r, i }))
    .sort((a, b) => order.indexOf(String(a.r[d.key])) - order.indexOf(String(b.r[d.key])) || a.i - b.i)
    .map((x) => x.r);
  if (stat.dimensions.length === 1) {
    const zero = (op: string) => (op === 'count' || op === 'countDistinct' || op === 'sum' ? 0 : null);
    out = order.map(
      (label) =>
        out.find((r) => r[d.key] === label) ?? {
          [d.key]: label,
          ...Object.fromEntries(stat.measures.map((m) => [m.key, zero(m.op)])),
        },
    );
  }
  return { rows: out, total: out.length };
}

/** Numbers as numbers, weeks as ISO week names (the Monday kept for drilling), ratios computed. */
function shape(stat: CompiledStat, raw: StatRow): StatRow {
  const row: StatRow = {};
  for (const d of stat.dimensions) {
    const v = raw[d.key];
    if (d.bucket === 'week' && typeof v === 'string') {
      row[d.key] = weekLabel(v);
      row[`${d.key}_weekStart`] = v;
    } else row[d.key] = v ?? null;
  }
  for (const m of stat.measures) {
    if (m.op === 'ratio') continue;
    const v = numberOf(raw[m.key], m.op === 'avg' ? m.precision : 6);
    row[m.key] = v ?? (m.op === 'count' || m.op === 'countDistinct' ? 0 : null);
  }
  for (const m of stat.measures) {
    if (m.op !== 'ratio' || !m.of) continue;
    const [a, b] = m.of.map((k) => row[k] as number | null);
    row[m.key] = a === null || !b ? null : numberOf(a / b, m.precision);
  }
  return row;
}
