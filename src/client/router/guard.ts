import { DOCTOR_CARD_PATH, DYNAMIC_FORM_LOGIN_PATH, HOME_PATH } from '../config/constants';
import { LOGIN_PATHS } from '../config/variants';

/** Paths reachable without a session (spec §2). */
export const OPEN_PATHS: readonly string[] = [
  ...LOGIN_PATHS.filter((p) => p !== DYNAMIC_FORM_LOGIN_PATH),
  '/user/register',
  '/user/register-result',
  '/user/alteration',
  DYNAMIC_FORM_LOGIN_PATH,
  '/h5Web/dfProject',
  '/chat/record',
  DOCTOR_CARD_PATH,
];

export type GuardDecision = { kind: 'render' } | { kind: 'redirect'; to: string } | { kind: 'load' };

export interface GuardInput {
  pathname: string;
  search: string;
  hash?: string;
  hasToken: boolean;
  permissionsLoaded: boolean;
  loginPath: string;
  /** False for the one application code whose login carries no `redirect` query. */
  redirectQuery: boolean;
}

const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

export function isOpenPath(pathname: string): boolean {
  return OPEN_PATHS.includes(trimSlash(pathname));
}

export function isLoginPath(pathname: string): boolean {
  return LOGIN_PATHS.includes(trimSlash(pathname));
}

/** Only same-site absolute paths may be redirect targets (never `//host` or `https://…`). */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if ([...raw].some((c) => c.charCodeAt(0) < 32)) return null;
  return raw;
}

export function loginLocation(loginPath: string, intended: string | null, redirectQuery: boolean): string {
  if (!redirectQuery || !intended || intended === '/' || isLoginPath(intended.split('?')[0])) return loginPath;
  return `${loginPath}?redirect=${encodeURIComponent(intended)}`;
}

/**
 * The route guard of spec §2: without a token only open paths render, everything else goes to the
 * login route with the intended full path; with a token the login path goes to the redirect target or
 * home; the first protected visit loads permissions before rendering.
 */
export function decideRoute(input: GuardInput): GuardDecision {
  const fullPath = `${input.pathname}${input.search}${input.hash ?? ''}`;
  if (!input.hasToken) {
    if (isOpenPath(input.pathname)) return { kind: 'render' };
    return { kind: 'redirect', to: loginLocation(input.loginPath, fullPath, input.redirectQuery) };
  }
  // The mobile form sign-in is its own small app: it stays reachable and needs no desktop menu.
  if (trimSlash(input.pathname) === DYNAMIC_FORM_LOGIN_PATH) return { kind: 'render' };
  if (isLoginPath(input.pathname)) {
    const target = safeRedirect(new URLSearchParams(input.search).get('redirect'));
    return { kind: 'redirect', to: target ?? HOME_PATH };
  }
  if (!input.permissionsLoaded) return { kind: 'load' };
  return { kind: 'render' };
}
