/**
 * What a cron expression means to a person: a Chinese description (cronstrue) and the next run times
 * (croner), both in China Standard Time. Croner reads Quartz weekdays only with `alternativeWeekdays`
 * (1 = Sunday); it refuses Quartz's `a/b` steps and `L-n`, so those are rewritten or filtered here.
 */
import { Cron } from 'croner';
import cronstrue from 'cronstrue';
import 'cronstrue/locales/zh_CN';
import { CRON_FIELD_MAX, CRON_FIELDS, checkCron } from '../../../shared/cron';
import { formatDateTime, getTimeZone } from '../../../shared/time';

// Runs are computed and shown on the server's clock (TZ), like every other time the console shows.
const cronerOptions = () => ({ mode: '6-or-7-parts', alternativeWeekdays: true, timezone: getTimeZone() }) as const;
const DAY_MS = 86_400_000;
const CST_OFFSET_MS = 8 * 3600_000;

/** Quartz `start/step` means "from start to the field's end"; croner wants that spelled out. */
function toCronerPattern(expression: string): { pattern: string; daysBeforeEnd: number | null } {
  const parts = expression.trim().split(/\s+/);
  let daysBeforeEnd: number | null = null;
  const out = parts.map((part, i) => {
    const field = CRON_FIELDS[i];
    const lm = field === 'day' ? /^L-(\d+)$/.exec(part) : null;
    if (lm) {
      daysBeforeEnd = Number(lm[1]);
      // Candidates: the day is last-n in one of the month lengths; runs() keeps the right one.
      const days = [28, 29, 30, 31].map((len) => len - daysBeforeEnd!).filter((d) => d >= 1);
      return days.length ? [...new Set(days)].join(',') : '1';
    }
    const m = /^(\d+)\/(\d+)$/.exec(part);
    return m ? `${m[1]}-${CRON_FIELD_MAX[field]}/${m[2]}` : part;
  });
  return { pattern: out.join(' '), daysBeforeEnd };
}

/** Day of month and month length of an instant, in China Standard Time. */
function cstDay(date: Date): { day: number; monthLength: number } {
  const local = new Date(date.getTime() + CST_OFFSET_MS);
  const monthLength = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 0)).getUTCDate();
  return { day: local.getUTCDate(), monthLength };
}

/** Start of the next CST day after an instant. */
function nextCstMidnight(date: Date): Date {
  const local = date.getTime() + CST_OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS + DAY_MS - CST_OFFSET_MS - 1000);
}

/** The next `count` run times after `from`, as `YYYY-MM-DD HH:mm:ss` (CST). Throws on an invalid expression. */
export function nextRunTimes(expression: string, count = 5, from: Date = new Date()): string[] {
  const checked = checkCron(expression);
  if (!checked.ok) throw new Error(checked.error);
  const { pattern, daysBeforeEnd } = toCronerPattern(expression);
  const cron = new Cron(pattern, cronerOptions());
  if (daysBeforeEnd === null) return cron.nextRuns(count, from).map((d) => formatDateTime(d.getTime()));
  const runs: string[] = [];
  let cursor: Date | null = from;
  // Bounded: each wrong candidate day is skipped whole, so this ends within a few hundred steps.
  for (let guard = 0; runs.length < count && cursor && guard < 5000; guard++) {
    const next: Date | null = cron.nextRun(cursor);
    if (!next) break;
    const { day, monthLength } = cstDay(next);
    if (day === monthLength - daysBeforeEnd) {
      runs.push(formatDateTime(next.getTime()));
      cursor = next;
    } else cursor = nextCstMidnight(next);
  }
  return runs;
}

/** Chinese description of an expression ("在12:00, 限每月的第三个 星期五"). */
export function describeCron(expression: string): string {
  return cronstrue.toString(expression, {
    locale: 'zh_CN',
    dayOfWeekStartIndexZero: false,
    use24HourTimeFormat: true,
    throwExceptionOnParseError: true,
  });
}
