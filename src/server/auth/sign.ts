import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { computeSign, SIGN_MAX_SKEW_MS } from '../../shared/sign.js';
import { ApiError } from '../http/errors.js';

const md5 = (text: string) => crypto.createHash('md5').update(text, 'utf8').digest('hex');

/**
 * Checks `X-Sign`/`X-TIMESTAMP` on a signed route. Kept for protocol compatibility only: the secret is
 * public in every browser bundle, so this is not an access control (sessions and allow-lists are).
 * Timestamps outside ±5 minutes are refused, unlike the original which accepted any future time.
 */
export function verifySignature(request: FastifyRequest, secret: string): void {
  const sign = String(request.headers['x-sign'] ?? '');
  const ts = String(request.headers['x-timestamp'] ?? '');
  if (!sign || !ts) throw new ApiError('Sign签名校验失败，请求参数不完整！', 400, 400);
  const when = parseTimestamp(ts);
  if (!Number.isFinite(when) || Math.abs(Date.now() - when) > SIGN_MAX_SKEW_MS)
    throw new ApiError('签名验证失败，请求时效性验证失败！', 400, 400);
  const url = request.url;
  const pathOnly = url.split('?')[0];
  const params: Record<string, unknown> = {};
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  // Server side decodes the query once, then splits (protocol §4.3).
  for (const pair of query.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const k = decode(eq < 0 ? pair : pair.slice(0, eq));
    params[k] = eq < 0 ? '' : decode(pair.slice(eq + 1));
  }
  if (request.body && typeof request.body === 'object' && !Array.isArray(request.body))
    Object.assign(params, request.body as Record<string, unknown>);
  const expected = computeSign(md5, pathOnly, params, secret);
  const a = Buffer.from(expected);
  const b = Buffer.from(sign.toUpperCase());
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b))
    throw new ApiError('Sign签名校验失败！', 400, 400);
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Epoch milliseconds, or `yyyyMMddHHmmss` in China Standard Time. */
function parseTimestamp(ts: string): number {
  if (/^\d{14}$/.test(ts)) {
    const [y, mo, d, h, mi, s] = [ts.slice(0, 4), ts.slice(4, 6), ts.slice(6, 8), ts.slice(8, 10), ts.slice(10, 12), ts.slice(12, 14)];
    return Date.UTC(+y, +mo - 1, +d, +h, +mi, +s) - 8 * 3600_000;
  }
  return /^\d{1,16}$/.test(ts) ? Number(ts) : NaN;
}
