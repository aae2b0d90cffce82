import { useSettings } from './store';
import { useMediaQuery } from './useMediaQuery';

/** Whether the console is dark now: chosen in the theme drawer, or the system's preference when it follows the system. */
export function useDarkMode(): boolean {
  const mode = useSettings((s) => s.themeMode);
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  return mode === 'dark' || (mode === 'system' && systemDark);
}
