import { create } from 'zustand';
import { SESSION_TTL_MS } from '../../config/constants';
import { lsGet, lsRemove, lsSet } from '../../session/storage';
import { useSessionStore } from '../../session/store';

/** Local-storage names (with the `pro__` prefix like the others, session/keys.ts). */
export const LOCK_KEYS = { locked: 'LOCK_SCREEN', idleMinutes: 'LOCK_IDLE_MINUTES' } as const;

/** Idle times the personal centre offers; 0 = never lock by itself (the default). */
export const IDLE_CHOICES = [0, 5, 10, 30, 60] as const;

interface StoredLock {
  /** Which sign-in was locked: a lock left behind by an earlier session must not cover the next one. */
  session: string;
}

/** A short tag of the token (FNV-1a) so the flag belongs to one sign-in; not a secret, not the token. */
function sessionTag(token: string | null): string {
  if (!token) return '';
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    h ^= token.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

const currentTag = () => sessionTag(useSessionStore.getState().token);

function storedLocked(): boolean {
  const tag = currentTag();
  return Boolean(tag) && lsGet<StoredLock>(LOCK_KEYS.locked)?.session === tag;
}

interface LockState {
  locked: boolean;
  idleMinutes: number;
}

export const useLockStore = create<LockState>(() => ({
  locked: storedLocked(),
  idleMinutes: Number(lsGet<number>(LOCK_KEYS.idleMinutes) ?? 0) || 0,
}));

/** Covers the console; kept in local storage so a reload (or another tab) stays locked. */
export function lockScreen(): void {
  if (!currentTag()) return;
  lsSet<StoredLock>(LOCK_KEYS.locked, { session: currentTag() }, SESSION_TTL_MS);
  useLockStore.setState({ locked: true });
}

export function unlockScreen(): void {
  lsRemove(LOCK_KEYS.locked);
  useLockStore.setState({ locked: false });
}

export function setIdleMinutes(minutes: number): void {
  lsSet(LOCK_KEYS.idleMinutes, minutes);
  useLockStore.setState({ idleMinutes: minutes });
}

/** Re-reads the flag (another tab locked or unlocked, or the token changed). */
export function syncLockFromStorage(): void {
  useLockStore.setState({ locked: storedLocked(), idleMinutes: Number(lsGet<number>(LOCK_KEYS.idleMinutes) ?? 0) || 0 });
}
