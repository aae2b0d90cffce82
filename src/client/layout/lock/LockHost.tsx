import { Spin } from 'antd';
import { Suspense, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { ChunkBoundary } from '../../router/ChunkBoundary';
import { lazyNamed } from '../../router/lazy';
import { useSession } from '../../session';
import { lockScreen, syncLockFromStorage, useLockStore } from './lock-state';
import './lock.css';

// The panel (antd Form and the password input) loads when the screen is first locked; the cover that
// hides the console is here from the start.
const LockScreen = lazyNamed(() => import('./LockScreen'), 'LockScreen');

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

/**
 * Covers the whole console and makes it inert (no focus, no clicks) while locked. The panel appears on it
 * once its code is here; if that fails the cover stays, with a retry that reloads the page (still locked).
 */
function LockCover() {
  useEffect(() => {
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    root?.setAttribute('aria-hidden', 'true');
    return () => {
      root?.removeAttribute('inert');
      root?.removeAttribute('aria-hidden');
    };
  }, []);
  return createPortal(
    <div className="lock-screen">
      <ChunkBoundary>
        <Suspense fallback={<Spin size="large" />}>
          <LockScreen />
        </Suspense>
      </ChunkBoundary>
    </div>,
    document.body,
  );
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
  return locked && token ? <LockCover /> : null;
}
