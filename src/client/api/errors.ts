import { t } from '../locale/zh-CN';

/** What the user sees for a failed request (spec §8); decided here, shown by `feedback.ts`. */
export type ErrorAction =
  | { kind: 'notify'; text: string }
  | { kind: 'warning'; text: string }
  | { kind: 'unauthorized'; text: string }
  | { kind: 'expired' }
  | { kind: 'none' };

interface MaybeEnvelope {
  success?: boolean;
  message?: string;
  code?: number;
}

const TOKEN_EXPIRED = /Token失效|token失效|登录已过期/;

function envelopeOf(body: unknown): MaybeEnvelope {
  return body && typeof body === 'object' ? (body as MaybeEnvelope) : {};
}

/** The error catalogue for a reply with an HTTP error status, or none at all (network, timeout). */
export function classifyHttpError(status: number | undefined, body: unknown, transportCode?: string): ErrorAction {
  const env = envelopeOf(body);
  const message = typeof env.message === 'string' ? env.message : '';
  if (status === undefined) {
    if (transportCode === 'ECONNABORTED' || transportCode === 'ETIMEDOUT') return { kind: 'notify', text: t.shell.http.timeout };
    if (transportCode === 'ERR_CANCELED') return { kind: 'none' };
    return { kind: 'notify', text: t.shell.http.network };
  }
  if (env.code === 510) return { kind: 'warning', text: message || t.shell.http.noPermission };
  switch (status) {
    case 401:
      return { kind: 'unauthorized', text: t.shell.http.unauthorized };
    case 403:
      return { kind: 'notify', text: t.shell.http.forbidden };
    case 404:
      return { kind: 'notify', text: t.shell.http.notFound };
    case 504:
      return { kind: 'notify', text: t.shell.http.timeout };
    case 500:
      if (TOKEN_EXPIRED.test(message)) return { kind: 'expired' };
      return { kind: 'notify', text: message || t.shell.http.failedStatus(status) };
    default:
      return { kind: 'notify', text: message || t.shell.http.failedStatus(status) };
  }
}

/** The catalogue for a 2xx envelope: only result code 510 is reported here; the caller shows the rest. */
export function classifyEnvelope(body: unknown): ErrorAction {
  const env = envelopeOf(body);
  if (env.code === 510) return { kind: 'warning', text: env.message || t.shell.http.noPermission };
  return { kind: 'none' };
}

/** A failed request after the catalogue has told the user; `envelope` is the server's reply if any. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly envelope: MaybeEnvelope | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isJsonContentType(type: string | undefined | null): boolean {
  return !!type && /json/i.test(type);
}
