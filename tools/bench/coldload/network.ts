import type { CDPSession } from 'playwright-core';

/** One finished response as the browser saw it on the wire. */
export interface Transfer {
  url: string;
  kind: 'js' | 'css' | 'document' | 'api' | 'other';
  /** Bytes received (CDP Network.loadingFinished encodedDataLength: compressed body plus headers). */
  bytes: number;
  encoding: string;
  /** When the request was sent (CDP monotonic seconds). */
  sentAt: number;
}

function kindOf(mime: string, resourceType: string, url: string): Transfer['kind'] {
  if (/javascript|ecmascript/.test(mime) || /\.m?js(\?|$)/.test(url)) return 'js';
  if (mime === 'text/css' || /\.css(\?|$)/.test(url)) return 'css';
  if (resourceType === 'Document') return 'document';
  if (resourceType === 'XHR' || resourceType === 'Fetch') return 'api';
  return 'other';
}

/**
 * Follows a page's requests through CDP (event-driven, no polling): what each transferred and how it
 * was encoded, and when the network has been quiet for a while.
 */
export function trackNetwork(cdp: CDPSession) {
  const pending = new Map<string, Omit<Transfer, 'bytes'>>();
  let done: Transfer[] = [];
  let quietWaiter: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;
  let quietMs = 0;

  const check = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!quietWaiter || pending.size > 0) return;
    timer = setTimeout(() => {
      const resolve = quietWaiter;
      quietWaiter = null;
      resolve?.();
    }, quietMs);
  };

  cdp.on('Network.requestWillBeSent', (e) => {
    pending.set(e.requestId, { url: e.request.url, kind: 'other', encoding: '', sentAt: e.timestamp });
    check();
  });
  cdp.on('Network.responseReceived', (e) => {
    const entry = pending.get(e.requestId);
    if (!entry) return;
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    entry.kind = kindOf(e.response.mimeType, e.type, e.response.url);
    entry.encoding = headers['content-encoding'] ?? 'identity';
  });
  cdp.on('Network.loadingFinished', (e) => {
    const entry = pending.get(e.requestId);
    if (!entry) return;
    pending.delete(e.requestId);
    done.push({ ...entry, bytes: e.encodedDataLength });
    check();
  });
  cdp.on('Network.loadingFailed', (e) => {
    pending.delete(e.requestId);
    check();
  });

  return {
    /** Starts a new page's count. */
    reset() {
      done = [];
    },
    transfers: () => done.slice(),
    /** Resolves once no request has been in flight for `ms` (WebSockets do not count). */
    quiet(ms: number): Promise<void> {
      quietMs = ms;
      return new Promise((resolve) => {
        quietWaiter = resolve;
        check();
      });
    },
  };
}

export function sumBytes(transfers: Transfer[], kind: Transfer['kind']): number {
  return transfers.filter((t) => t.kind === kind).reduce((sum, t) => sum + t.bytes, 0);
}
