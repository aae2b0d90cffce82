import { relativeDay } from '../../lib/relative-day.js';
import { sql, type Expression, type RawBuilder } from 'kysely';
import { formatDateTime } from '../../../shared/time.js';
import type { DialectName } from '../../db/connect.js';
import type { Bucket, CompiledParam } from './compile.js';

/** An inclusive range of calendar days, YYYY-MM-DD. */
export interface DayRange {
  begin: string;
  end: string;
}

const DAY_MS = 86_400_000;
const toMs = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A date bucket of a stored date. Dates are stored as wall-clock text in the server's time zone
 * ('YYYY-MM-DD[ HH:mm:ss]', shared/time.ts), so cutting the text buckets in that zone on both
 * databases. A week is keyed by its Monday (ISO weeks start on Monday): SQLite steps back six days and
 * forward to the next Monday, PostgreSQL truncates to the ISO week; weekLabel() names it YYYY-Www.
 * The expressions carry no bound values, so GROUP BY can repeat them on PostgreSQL.
 */
export function bucketExpression(
  dialect: DialectName,
  col: Expression<unknown>,
  bucket: Bucket,
): RawBuilder<string> {
  switch (bucket) {
    case 'day':
      return sql<string>`substr(${col}, 1, 10)`;
    case 'month':
      return sql<string>`substr(${col}, 1, 7)`;
    case 'year':
      return sql<string>`substr(${col}, 1, 4)`;
    case 'quarter':
      return sql<string>`substr(${col}, 1, 4) || '-Q' || cast((cast(substr(${col}, 6, 2) as integer) + 2) / 3 as varchar(1))`;
    case 'week':
      return dialect === 'postgres'
        ? sql<string>`to_char(date_trunc('week', cast(substr(${col}, 1, 10) as date)), 'YYYY-MM-DD')`
        : sql<string>`date(substr(${col}, 1, 10), '-6 days', 'weekday 1')`;
  }
}

/** The ISO week of a Monday: the week belongs to the year of its Thursday. */
export function weekLabel(monday: string): string {
  const thursday = toMs(monday) + 3 * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The days a bucket value covers, for drilling into the list of that group. */
export function bucketRange(bucket: Bucket, value: string, mondayOfWeek?: string): DayRange | null {
  if (bucket === 'day') return { begin: value, end: value };
  if (bucket === 'week' && mondayOfWeek)
    return { begin: mondayOfWeek, end: toDay(toMs(mondayOfWeek) + 6 * DAY_MS) };
  const year = Number(value.slice(0, 4));
  const month = (m: number) => `${year}-${String(m).padStart(2, '0')}`;
  const lastDay = (m: number) => toDay(Date.UTC(year, m, 0));
  if (bucket === 'year') return { begin: `${year}-01-01`, end: `${year}-12-31` };
  if (bucket === 'month') {
    const m = Number(value.slice(5, 7));
    return { begin: `${month(m)}-01`, end: lastDay(m) };
  }
  if (bucket === 'quarter') {
    const q = Number(value.slice(6));
    return { begin: `${month(q * 3 - 2)}-01`, end: lastDay(q * 3) };
  }
  return null;
}

/** The range of equal length just before a range (period-over-period). */
export function previousRange(r: DayRange): DayRange {
  const days = Math.round((toMs(r.end) - toMs(r.begin)) / DAY_MS) + 1;
  return { begin: toDay(toMs(r.begin) - days * DAY_MS), end: toDay(toMs(r.begin) - DAY_MS) };
}

/** A dateRange parameter's declared default, as of today in the server's time zone. */
export function defaultRange(p: CompiledParam, now = Date.now()): DayRange | null {
  const today = formatDateTime(now).slice(0, 10);
  switch (p.default) {
    case 'thisMonth':
      return bucketRange('month', today);
    case 'thisYear':
      return bucketRange('year', today);
    case 'last7Days':
      return { begin: toDay(toMs(today) - 6 * DAY_MS), end: today };
    case 'last30Days':
      return { begin: toDay(toMs(today) - 29 * DAY_MS), end: today };
    default:
      return null;
  }
}

/** A real calendar day (2026-02-30 is refused, not rolled over). */
export const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && toDay(toMs(s)) === s;

/**
 * Fixed filters relative to the calendar: a value `$today`, `$today-N` or `$today+N` is today's date
 * moved by N days (overdue: `dueDate_end: "$today-1"`), resolved per query so a cached definition
 * never keeps yesterday's date.
 */
export function datedFilters(filters: Record<string, string>, today: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(filters)) out[k] = relativeDay(v, today) ?? v;
  return out;
}
