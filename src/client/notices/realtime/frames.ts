import type { PushFrame } from '../../../shared/notices';

/**
 * A server frame as data: JSON.parse only, never evaluated (the original console ran `eval` on
 * frames, so anyone able to push text could run script in every administrator's browser).
 */
export function parseFrame(text: unknown): PushFrame | null {
  if (typeof text !== 'string' || text.length > 8192) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const cmd = (value as { cmd?: unknown }).cmd;
  return cmd === 'user' || cmd === 'topic' || cmd === 'heartcheck' ? (value as PushFrame) : null;
}

/** `/websocket/{userId}` on the API's host, with ws: or wss: as the page uses http: or https:. */
export function socketUrl(apiBase: string, userId: string, location: Pick<Location, 'href'> = window.location): string {
  const url = new URL(`${apiBase.replace(/\/+$/, '')}/websocket/${encodeURIComponent(userId)}`, location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** Exponential backoff with jitter, so a restarted server is not hit by every console at once. */
export function reconnectDelay(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling * (0.5 + random() * 0.5));
}
