/**
 * The protocol's request signature (protocol.md §4): the last path segment, when it holds a comma,
 * becomes `x-path-variable`; URL query pairs and the request params are merged; numbers and booleans
 * become strings; keys are sorted; `MD5(JSON.stringify(sorted) + secret)` upper-cased. The MD5 function
 * is passed in so the browser (js-md5) and the server (node:crypto) share this code.
 */
export type Md5 = (text: string) => string;

export function signPayload(url: string, params: Record<string, unknown> | null | undefined): string {
  const merged: Record<string, unknown> = {};
  const [pathPart, query = ''] = url.split('?');
  const last = pathPart.slice(pathPart.lastIndexOf('/') + 1);
  if (last.includes(',')) merged['x-path-variable'] = safeDecode(last);
  if (query) {
    for (const pair of query.split('&')) {
      if (!pair) continue;
      const eq = pair.indexOf('=');
      if (eq < 0) merged[pair] = '';
      else merged[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
  }
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined) continue;
    merged[k] = typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
  }
  delete merged._t;
  const sorted: Record<string, unknown> = {};
  for (const k of Object.keys(merged).sort()) sorted[k] = merged[k];
  return JSON.stringify(sorted);
}

export function computeSign(md5: Md5, url: string, params: Record<string, unknown> | null | undefined, secret: string) {
  return md5(signPayload(url, params) + secret).toUpperCase();
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Signed timestamps older or further ahead than this are refused. */
export const SIGN_MAX_SKEW_MS = 5 * 60_000;
