import { useEffect } from 'react';
import { useSession } from '../../session';
import { lockScreen, syncLockFromStorage, useLockStore } from './lock-state';
import { LockScreen } from './LockScreen';

const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/** Locks after `minutes` without mouse, keyboard or touch; 0 turns it off. */
function useIdleLock(minutes: number, locked: boolean) {
  useEffect(() => {
    if (!minutes || locked) return;
    const limit = minutes * 60_000;
    let timer = window.setTimeout(lockScreen, limit);
    let last = Date.now();
    const onActivity = () => {
      // Rearming on every mouse move would be wasteful; once a second is plenty for minutes.
      const now = Date.now();
      if (now - last < 1000) return;
      last = now;
      window.clearTimeout(timer);
      timer = window.setTimeout(lockScreen, limit);
    };
    for (const e of ACTIVITY) window.addEventListener(e, onActivity, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const e of ACTIVITY) window.removeEventListener(e, onActivity);
    };
  }, [minutes, locked]);
}

/** Mounted once inside the signed-in layout: shows the lock screen and runs the idle lock. */
export function LockHost() {
  const locked = useLockStore((s) => s.locked);
  const minutes = useLockStore((s) => s.idleMinutes);
  const token = useSession((s) => s.token);
  useIdleLock(token ? minutes : 0, locked);
  // Another tab locking or unlocking, or a new sign-in, re-decides this tab's state.
  useEffect(() => {
    syncLockFromStorage();
    window.addEventListener('storage', syncLockFromStorage);
    return () => window.removeEventListener('storage', syncLockFromStorage);
  }, [token]);
  return locked && token ? <LockScreen /> : null;
}
