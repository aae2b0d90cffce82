/**
 * Date-times travel as `YYYY-MM-DD HH:mm:ss` in the server's time zone (the protocol's Jackson format;
 * China Standard Time unless the deployment sets `TZ`). The server sets the zone from its configuration
 * at start; the console sets it from `/config.json`, so both halves read and write the same wall clock.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

let zone = DEFAULT_TIME_ZONE;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** true when the runtime knows the IANA zone name (e.g. `Asia/Shanghai`, `UTC`). */
export function isTimeZone(name: string): boolean {
  if (!name) return false;
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

export function setTimeZone(name: string): void {
  if (!isTimeZone(name)) throw new RangeError(`未知的时区：${name}`);
  zone = name;
}

export function getTimeZone(): string {
  return zone;
}

/** The last answer of zoneOffsetMs: one write stamps the same second many times, and Intl is slow. */
let lastOffset = { zone: '', whole: NaN, offset: 0 };

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (DST included). */
export function zoneOffsetMs(ms: number, timeZone: string = zone): number {
  const whole = Math.floor(ms / 1000) * 1000;
  if (lastOffset.whole === whole && lastOffset.zone === timeZone) return lastOffset.offset;
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(whole)))
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
  lastOffset = { zone: timeZone, whole, offset };
  return offset;
}

export function formatDateTime(ms: number = Date.now(), timeZone: string = zone): string {
  const d = new Date(ms + zoneOffsetMs(ms, timeZone));
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(
    d.getUTCMinutes(),
  )}:${p(d.getUTCSeconds())}`;
}

export function formatDate(ms: number = Date.now(), timeZone: string = zone): string {
  return formatDateTime(ms, timeZone).slice(0, 10);
}

/** A calendar date (`YYYY-MM-DD`) plus whole days (negative: earlier), without time-zone arithmetic. */
export function addCalendarDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The hour (0–23) on the zone's wall clock. */
export function hourIn(ms: number = Date.now(), timeZone: string = zone): number {
  return Number(formatDateTime(ms, timeZone).slice(11, 13));
}

/** Parses `YYYY-MM-DD[ HH:mm[:ss]]` as wall-clock time in the zone; returns NaN when malformed. */
export function parseDateTime(text: string, timeZone: string = zone): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return NaN;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const wall = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  // The offset at the guessed instant, corrected once for a DST change between the guess and the answer.
  const guess = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(guess, timeZone);
}
