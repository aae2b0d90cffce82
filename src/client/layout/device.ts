import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH, TABLET_MAX_WIDTH } from '../config/constants';

export type Device = 'mobile' | 'tablet' | 'desktop';

/** Device class from the window width (spec §9 breakpoints 767.99 and 1087.99 px). */
export function deviceFor(width: number): Device {
  if (width <= MOBILE_MAX_WIDTH) return 'mobile';
  if (width <= TABLET_MAX_WIDTH) return 'tablet';
  return 'desktop';
}

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useDevice(): Device {
  return useSyncExternalStore(
    subscribe,
    () => deviceFor(window.innerWidth),
    () => 'desktop',
  );
}
