/** Date-times travel as `YYYY-MM-DD HH:mm:ss` in China Standard Time (the protocol's Jackson format). */
const CST_OFFSET_MS = 8 * 3600_000;

export function formatDateTime(ms: number = Date.now()): string {
  const d = new Date(ms + CST_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(
    d.getUTCMinutes(),
  )}:${p(d.getUTCSeconds())}`;
}

export function formatDate(ms: number = Date.now()): string {
  return formatDateTime(ms).slice(0, 10);
}

/** Parses `YYYY-MM-DD[ HH:mm[:ss]]` as China Standard Time; returns NaN when malformed. */
export function parseDateTime(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return NaN;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  return Date.UTC(+y, +mo - 1, +d, +h, +mi, +s) - CST_OFFSET_MS;
}
