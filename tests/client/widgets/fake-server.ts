import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http } from '../../../src/client/api';

export interface FakeRequest {
  method: string;
  /** Path without the API base and query, e.g. `/sys/user/list`. */
  path: string;
  params: Record<string, string>;
  data: unknown;
  headers: Record<string, string>;
  config: InternalAxiosRequestConfig;
}

export type FakeHandler = (req: FakeRequest) => unknown | Promise<unknown>;

/** An envelope as the server sends it. */
export const env = <T>(result: T, message = '', success = true, code = success ? 200 : 500) => ({ success, message, code, result, timestamp: Date.now() });

/**
 * Stands in for the network under the console's real HTTP client: requests still pass its interceptors
 * (headers, signing, empty-param stripping); routes answer what a server would. Keys are
 * `'GET /sys/user/list'`, a bare path for any method, or `'*'` for everything else.
 */
export function fakeServer(routes: Record<string, FakeHandler>) {
  const calls: FakeRequest[] = [];
  const previous = http.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const rawUrl = config.url ?? '';
    const [pathPart, query = ''] = rawUrl.split('?');
    const params: Record<string, string> = Object.fromEntries(new URLSearchParams(query));
    for (const [k, v] of Object.entries((config.params as Record<string, unknown>) ?? {})) params[k] = String(v);
    const headers: Record<string, string> = {};
    const h = config.headers as unknown as { toJSON?: () => Record<string, unknown> };
    for (const [k, v] of Object.entries(h?.toJSON ? h.toJSON() : {})) headers[k.toLowerCase()] = String(v);
    const req: FakeRequest = { method, path: pathPart, params, data: config.data, headers, config };
    calls.push(req);
    const handler = routes[`${method} ${pathPart}`] ?? routes[pathPart] ?? routes['*'];
    if (!handler) return { data: env(null, `no route ${method} ${pathPart}`, false, 404), status: 404, statusText: 'Not Found', headers: {}, config, request: {} };
    const data = await handler(req);
    return { data, status: 200, statusText: 'OK', headers: { 'content-type': 'application/json' }, config, request: {} };
  };
  http.defaults.adapter = adapter;
  return {
    calls,
    /** Requests to one path. */
    to: (path: string) => calls.filter((c) => c.path === path),
    restore: () => {
      http.defaults.adapter = previous;
    },
  };
}
