/**
 * Development log output: one short readable line per pino record instead of a JSON object, so the
 * person running `npm start` can read what happened. Production keeps JSON lines for log collectors.
 */
import { formatDateTime } from '../../shared/time.js';

interface Record {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}

const LEVELS: { [level: number]: [name: string, colour: number] } = {
  10: ['TRACE', 90],
  20: ['DEBUG', 36],
  30: ['INFO ', 32],
  40: ['WARN ', 33],
  50: ['ERROR', 31],
  60: ['FATAL', 35],
};
/** Fields shown in the line's fixed part, or noise for a person (pino's own bookkeeping). */
const SHOWN = new Set(['level', 'time', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err', 'pid', 'hostname', 'v']);

/** The clock part of the configured zone's local time (TZ), as the console shows times. */
const clock = (ms: number | undefined) => formatDateTime(ms ?? Date.now()).slice(11);

const valueText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** One JSON log line as a readable line; text that is not JSON passes through unchanged. */
export function prettyLine(json: string, colours: boolean): string {
  let rec: Record;
  try {
    rec = JSON.parse(json) as Record;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const [name, colour] = LEVELS[rec.level ?? 30] ?? ['INFO ', 32];
  const level = colours ? `\x1b[${colour}m${name}\x1b[0m` : name;
  const parts = [clock(rec.time), level, rec.msg ?? ''];
  if (rec.req?.method) parts.push(`${rec.req.method} ${rec.req.url ?? ''}`);
  if (rec.res?.statusCode !== undefined) parts.push(String(rec.res.statusCode));
  if (rec.responseTime !== undefined) parts.push(`${rec.responseTime}ms`);
  for (const [k, v] of Object.entries(rec)) if (!SHOWN.has(k) && v !== undefined) parts.push(`${k}=${valueText(v)}`);
  if (rec.reqId) parts.push(`[${rec.reqId}]`);
  let line = parts.filter(Boolean).join(' ');
  if (rec.err) line += `\n  ${rec.err.stack ?? rec.err.message ?? ''}`;
  return `${line}\n`;
}

/** A pino destination that writes pretty lines to `out` (stdout by default). */
export function prettyLogStream(out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout) {
  const colours = Boolean(out.isTTY);
  return { write: (chunk: string) => void out.write(prettyLine(chunk.trimEnd(), colours)) };
}
