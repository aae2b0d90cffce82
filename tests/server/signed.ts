import crypto from 'node:crypto';
import { computeSign } from '../../src/shared/sign.js';
import type { TestApp } from './harness.js';

const md5 = (text: string) => crypto.createHash('md5').update(text, 'utf8').digest('hex');

/** Query string as the console builds it (values URL-encoded). */
export function withQuery(path: string, query: Record<string, string | number | boolean> = {}): string {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return qs ? `${path}?${qs}` : path;
}

/** X-Sign and X-TIMESTAMP for a GET as the console signs it (protocol §4.2). */
export function signHeaders(t: TestApp, path: string, query: Record<string, string | number | boolean> = {}, at = Date.now()) {
  return { 'x-sign': computeSign(md5, path, query, t.cfg.signSecret), 'x-timestamp': String(at) };
}

/** A signed GET of a dictionary route; the path is URL-encoded as a browser sends it. */
export function signedGet(t: TestApp, token: string | undefined, path: string, query: Record<string, string | number | boolean> = {}) {
  const encoded = encodeURI(path);
  return t.call({ method: 'GET', url: withQuery(encoded, query), token, headers: signHeaders(t, encoded, query) });
}
