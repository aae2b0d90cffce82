import { sql, type Expression, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { ListParams } from './params.js';

const DAY_MS = 86_400_000;
const toMs = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The group names of ascending bounds: [30, 60, 90] → 0-30, 31-60, 61-90, >90. */
export function ageLabels(bounds: number[]): string[] {
  return [
    ...bounds.map((b, i) => `${i === 0 ? 0 : bounds[i - 1] + 1}-${b}`),
    `>${bounds[bounds.length - 1]}`,
  ];
}

/**
 * The age bucket (its index in ageLabels) of a stored date: whole days from the date to `today`, the
 * configured time zone's calendar day, cut at the bounds; a future date is 0 days old, an empty date has
 * no bucket. Dates are stored as wall-clock text, so the day difference is taken between calendar days.
 * `today` (checked YYYY-MM-DD) and the bounds (integers of the definition) are literals, not bound
 * values, so PostgreSQL's GROUP BY can repeat the expression.
 */
export function ageExpression(
  dialect: DialectName,
  col: Expression<unknown>,
  bounds: number[],
  today: string,
): RawBuilder<number | null> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new RangeError(`not a day: ${today}`);
  const day = sql`substr(${col}, 1, 10)`;
  const age =
    dialect === 'postgres'
      ? sql`(cast(${sql.lit(today)} as date) - cast(nullif(${day}, '') as date))`
      : sql`cast(julianday(${sql.lit(today)}) - julianday(${day}) as integer)`;
  const cuts = bounds.map((b, i) => sql`when ${age} <= ${sql.lit(b)} then ${sql.lit(i)}`);
  return sql<number | null>`case when ${age} is null then null ${sql.join(cuts, sql` `)} else ${sql.lit(
    bounds.length,
  )} end`;
}

/** The list filter of one age group: the due dates whose age falls in it (the first group includes the future). */
export function ageFilter(field: string, bounds: number[], label: string, today: string): ListParams | null {
  const i = ageLabels(bounds).indexOf(label);
  if (i < 0) return null;
  const f: ListParams = {};
  if (i < bounds.length) f[`${field}_begin`] = toDay(toMs(today) - bounds[i] * DAY_MS);
  if (i > 0) f[`${field}_end`] = toDay(toMs(today) - (bounds[i - 1] + 1) * DAY_MS);
  return f;
}
