import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { http } from '../../../src/client/api/http';

/** One request as the server would have received it. */
export interface Recorded {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
  headers: Record<string, string>;
}

export interface Reply {
  status?: number;
  body: unknown;
  contentType?: string;
}

type Route = Reply | ((req: Recorded) => Reply);

/**
 * Answers the console's HTTP client in-process (axios adapter), recording every request with its final
 * headers and parameters — what the real server would see on the wire.
 */
export function fakeServer(routes: Record<string, Route>) {
  const calls: Recorded[] = [];
  http.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(config.headers.toJSON())) if (v != null) headers[k.toLowerCase()] = String(v);
    let body: unknown = config.data;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // Not JSON (form data): keep as sent.
      }
    }
    const req: Recorded = { method, url, params: { ...(config.params as object) }, body, headers };
    calls.push(req);
    const route = routes[`${method} ${url}`] ?? routes[url];
    const reply: Reply = route
      ? typeof route === 'function'
        ? route(req)
        : route
      : { status: 404, body: { success: false, message: '很抱歉，资源未找到!', code: 404 } };
    const status = reply.status ?? 200;
    const type = reply.contentType ?? 'application/json';
    const data =
      config.responseType === 'blob'
        ? new Blob([typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body)], { type })
        : reply.body;
    const response = { data, status, statusText: String(status), headers: { 'content-type': type }, config, request: {} };
    if (status >= 200 && status < 300) return response as AxiosResponse;
    throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response as AxiosResponse);
  };
  return {
    calls,
    last: (method: string, url: string) => [...calls].reverse().find((c) => c.method === method && c.url === url),
  };
}

export const ok = <T>(result: T, message = '') => ({ body: { success: true, code: 200, message, result, timestamp: 0 } });
export const bizFail = (message: string, code = 500) => ({ body: { success: false, code, message, result: null, timestamp: 0 } });
