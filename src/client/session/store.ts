import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { SESSION_TTL_MS } from '../config/constants';
import { KEYS, SESSION_KEYS } from './keys';
import { lsGet, lsRemove, lsSet, ssGet, ssRemove, ssSet } from './storage';
import type { AuthRecord, MenuNode, PermissionResult, UserInfo } from './types';

export interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  tenantId: string | null;
  /** null until the permission call of this page load has answered. */
  menu: MenuNode[] | null;
  auth: AuthRecord[];
  allAuth: AuthRecord[];
}

function fromStorage(): SessionState {
  const tenant = lsGet<string | number>(KEYS.tenantId);
  return {
    token: lsGet<string>(KEYS.accessToken) ?? null,
    userInfo: lsGet<UserInfo>(KEYS.userInfo) ?? null,
    tenantId: tenant == null || tenant === '' ? null : String(tenant),
    menu: null,
    auth: ssGet<AuthRecord[]>(SESSION_KEYS.userAuth) ?? [],
    allAuth: ssGet<AuthRecord[]>(SESSION_KEYS.sysAuth) ?? [],
  };
}

export const useSessionStore = create<SessionState>()(immer(() => fromStorage()));

/** Re-reads storage (tests and a second tab's sign-in). */
export function reloadSessionFromStorage(): void {
  useSessionStore.setState(fromStorage(), true);
}

export function setToken(token: string): void {
  lsSet(KEYS.accessToken, token, SESSION_TTL_MS);
  useSessionStore.setState((s) => {
    s.token = token;
  });
}

export function setUserInfo(info: UserInfo): void {
  lsSet(KEYS.userInfo, info, SESSION_TTL_MS);
  useSessionStore.setState((s) => {
    s.userInfo = info;
  });
}

export function setTenantId(id: string | number | null): void {
  if (id == null || id === '') lsRemove(KEYS.tenantId);
  else lsSet(KEYS.tenantId, String(id), SESSION_TTL_MS);
  useSessionStore.setState((s) => {
    s.tenantId = id == null || id === '' ? null : String(id);
  });
}

export function setPermissions(result: PermissionResult): void {
  ssSet(SESSION_KEYS.userAuth, result.auth);
  ssSet(SESSION_KEYS.sysAuth, result.allAuth);
  useSessionStore.setState((s) => {
    s.menu = result.menu;
    s.auth = result.auth;
    s.allAuth = result.allAuth;
  });
}

/** Forgets the session everywhere; the remembered username and layout settings stay. */
export function clearSession(): void {
  for (const k of [KEYS.accessToken, KEYS.userInfo, KEYS.dictCache, KEYS.tenantId, KEYS.cachedRoutes]) lsRemove(k);
  ssRemove(SESSION_KEYS.userAuth);
  ssRemove(SESSION_KEYS.sysAuth);
  useSessionStore.setState({ token: null, userInfo: null, tenantId: null, menu: null, auth: [], allAuth: [] });
}
