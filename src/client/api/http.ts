import axios, { AxiosHeaders, type AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { computeSign } from '../../shared/sign';
import { DEFAULT_HEADER_APP_CODE, DEFAULT_SIGN_SECRET, REQUEST_TIMEOUT_MS, UNAUTHORIZED_RELOAD_MS } from '../config/constants';
import { getRuntimeConfig } from '../config/runtime';
import { t } from '../locale/zh-CN';
import { pageNavigation } from '../router/navigation';
import { useSessionStore } from '../session/store';
import { ApiError, classifyEnvelope, classifyHttpError, isJsonContentType, type ErrorAction } from './errors';
import { feedback } from './feedback';
import { cleanParams, isPlainObject, serializeParams } from './params';
import { runLogout } from './session-hooks';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Add X-Sign and X-TIMESTAMP (protocol.md §4). */
    sign?: boolean;
    /** Do not tell the user about failures (sign-out, badge polling). */
    silent?: boolean;
  }
}

/** The one HTTP client of the console: base URL, headers, signing, `_t`, error catalogue (spec §7, §8). */
export const http = axios.create({ timeout: REQUEST_TIMEOUT_MS, paramsSerializer: { serialize: serializeParams } });

type Md5 = (text: string) => string;
let md5Loading: Promise<Md5> | undefined;

/** js-md5 is loaded on the first signed request, so that pages without one (sign-in) do not carry it. */
function loadMd5(): Promise<Md5> {
  md5Loading ??= import('js-md5').then(
    ({ md5 }) => md5,
    (e: unknown) => {
      md5Loading = undefined; // a failed chunk load is retried by the next signed request
      throw e;
    },
  );
  return md5Loading;
}

export function signSecret(): string {
  return getRuntimeConfig().signSecret || DEFAULT_SIGN_SECRET;
}

http.interceptors.request.use(async (config: InternalAxiosRequestConfig) => {
  const cfg = getRuntimeConfig();
  const session = useSessionStore.getState();
  config.baseURL = cfg.apiBase;
  const headers = AxiosHeaders.from(config.headers);
  if (session.token && !headers.has('X-Access-Token')) headers.set('X-Access-Token', session.token);
  headers.set('tenant-id', session.tenantId ?? '0');
  headers.set('X-App-Code', cfg.appCode || DEFAULT_HEADER_APP_CODE);

  const method = (config.method ?? 'get').toLowerCase();
  const url = config.url ?? '';
  const params = cleanParams(config.params as Record<string, unknown> | undefined);
  if (config.sign) {
    const signed = method === 'get' ? params : isPlainObject(config.data) ? config.data : {};
    const md5 = await loadMd5();
    headers.set('X-Sign', computeSign(md5, url, { ...signed, ...(method === 'get' ? {} : params) }, signSecret()));
    headers.set('X-TIMESTAMP', String(Date.now()));
  }
  // The cache-buster is added after signing; the server drops it before verifying (protocol.md §4.1).
  if (method === 'get' && !url.includes('sys/dict/getDictItems')) params._t = Math.floor(Date.now() / 1000);
  config.params = params;
  config.headers = headers;
  return config;
});

http.interceptors.response.use(
  async (response: AxiosResponse) => {
    if (response.config.responseType === 'blob') {
      const blob = response.data as Blob | undefined;
      // A JSON body where a file was expected is the server refusing: same catalogue as any reply.
      if (blob && isJsonContentType(blob.type || String(response.headers['content-type'] ?? ''))) {
        const body = await readJson(blob);
        if (body && body.success === false) {
          const action = body.code === 510 ? classifyEnvelope(body) : classifyHttpError(Number(body.code) || 500, body);
          if (!response.config.silent) applyErrorAction(action);
          throw new ApiError(body.message || t.shell.http.downloadFailed, response.status, body);
        }
      }
      return response;
    }
    if (!response.config.silent) applyErrorAction(classifyEnvelope(response.data));
    return response;
  },
  async (error: AxiosError) => {
    const status = error.response?.status;
    let body: unknown = error.response?.data;
    if (typeof Blob !== 'undefined' && body instanceof Blob) body = await readJson(body);
    const action = classifyHttpError(status, body, error.code);
    if (!error.config?.silent) applyErrorAction(action);
    const env = body && typeof body === 'object' ? (body as { message?: string }) : null;
    throw new ApiError(env?.message || (action.kind === 'notify' || action.kind === 'warning' ? action.text : error.message), status, env);
  },
);

async function readJson(blob: Blob): Promise<{ success?: boolean; message?: string; code?: number } | null> {
  try {
    return JSON.parse(await blob.text());
  } catch {
    return null;
  }
}

let sessionEnding = false;

/** Shows the catalogue's answer and, for an ended session, signs out and reloads. */
export function applyErrorAction(action: ErrorAction): void {
  const fb = feedback();
  switch (action.kind) {
    case 'notify':
      fb.notification.error({ message: t.shell.http.systemTip, description: action.text, duration: 4 });
      return;
    case 'warning':
      fb.message.warning(action.text);
      return;
    case 'unauthorized':
      if (sessionEnding) return;
      sessionEnding = true;
      fb.notification.error({ message: t.shell.http.systemTip, description: action.text, duration: 4 });
      void runLogout().finally(() => {
        setTimeout(() => pageNavigation.reload(), UNAUTHORIZED_RELOAD_MS);
      });
      return;
    case 'expired':
      if (sessionEnding) return;
      sessionEnding = true;
      fb.modal.error({
        title: t.shell.http.expiredTitle,
        content: t.shell.http.expiredContent,
        okText: t.shell.http.relogin,
        mask: false,
        onOk: () =>
          runLogout().finally(() => {
            pageNavigation.reload();
          }),
      });
      return;
    default:
      return;
  }
}

/** Tests reset the once-per-page guard. */
export function resetSessionEndingForTests(): void {
  sessionEnding = false;
}
