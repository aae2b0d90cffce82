import { useSessionStore, type SessionState } from './store';
import type { UserInfo } from './types';

export { logout } from './logout';
export { hasPermission, usePermission } from './permissions';
export { getDictItems } from './dicts';
export type { AuthRecord, DictItem, MenuNode, UserInfo } from './types';
export type { SessionState };

/** The session store as a React hook (with an optional selector). */
export function useSession(): SessionState;
export function useSession<T>(selector: (s: SessionState) => T): T;
export function useSession<T>(selector?: (s: SessionState) => T): T | SessionState {
  // One hook call either way; the identity selector keeps the whole state.
  return useSessionStore(selector ?? ((s: SessionState) => s as unknown as T));
}

export function getToken(): string | null {
  return useSessionStore.getState().token;
}

export function getUserInfo(): UserInfo | null {
  return useSessionStore.getState().userInfo;
}

export function getTenantId(): string | null {
  return useSessionStore.getState().tenantId;
}
