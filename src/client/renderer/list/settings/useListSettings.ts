import { useCallback, useMemo, useState } from 'react';
import { useSession } from '../../../session';
import { lsGet, lsRemove, lsSet } from '../../../session/storage';
import type { PageColumn } from '../../definition/types';
import {
  applySettings,
  DEFAULT_DENSITY,
  isDefault,
  normalizeSettings,
  type Density,
  type ListSettings,
} from './model';

/**
 * Storage name of a user's arrangement of one list, in the style of the spec's saved queries
 * ('JSuperQuerySaved_' plus save code or route path): prefix, user, then the list's own path.
 */
export function listSettingsKey(username: string, listPath: string): string {
  return `JTableSettings_${username}_${listPath}`;
}

export interface ListSettingsState {
  settings: ListSettings;
  /** The definition's columns as arranged (hidden ones left out). */
  columns: PageColumn[];
  density: Density;
  change: (next: ListSettings) => void;
  reset: () => void;
}

/** A list's column settings and density, read from local storage and written back on each change. */
export function useListSettings(defined: readonly PageColumn[], listPath: string): ListSettingsState {
  const username = useSession((s) => s.userInfo?.username ?? '');
  const key = listSettingsKey(username, listPath);
  // Re-read when the key changes (another page or user), else keep the user's edits in state.
  const [state, setState] = useState<{ key: string; stored: unknown }>(() => ({ key, stored: lsGet(key) }));
  const stored = state.key === key ? state.stored : lsGet(key);
  if (state.key !== key) setState({ key, stored });
  const settings = useMemo(() => normalizeSettings(defined, stored), [defined, stored]);
  const columns = useMemo(() => applySettings(defined, settings), [defined, settings]);

  const change = useCallback(
    (next: ListSettings) => {
      if (isDefault(defined, next)) lsRemove(key);
      else lsSet(key, next);
      setState({ key, stored: next });
    },
    [defined, key],
  );
  const reset = useCallback(() => {
    lsRemove(key);
    setState({ key, stored: undefined });
  }, [key]);

  return { settings, columns, density: settings.density ?? DEFAULT_DENSITY, change, reset };
}
