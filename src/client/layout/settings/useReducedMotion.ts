import { useMediaQuery } from './useMediaQuery';

/** Whether the system asks for less motion (an accessibility setting); follows changes live. */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
