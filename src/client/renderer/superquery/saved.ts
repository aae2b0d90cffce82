import { lsGet, lsSet } from '../../session/storage';
import type { SavedQuery } from './model';

/** Storage name of a builder's saved queries (spec §3): the save code, else the route's full path. */
export function savedQueriesKey(saveCode: string | undefined, fullPath: string): string {
  return `JSuperQuerySaved_${saveCode || fullPath}`;
}

export function readSavedQueries(key: string): SavedQuery[] {
  const list = lsGet<SavedQuery[]>(key);
  return Array.isArray(list)
    ? list.filter((q) => q && typeof q.title === 'string' && Array.isArray(q.records))
    : [];
}

export function writeSavedQueries(key: string, list: readonly SavedQuery[]): void {
  lsSet(key, list);
}

/** The list with `query` added, or replacing the entry of the same title. */
export function upsertSavedQuery(list: readonly SavedQuery[], query: SavedQuery): SavedQuery[] {
  const i = list.findIndex((q) => q.title === query.title);
  if (i < 0) return [...list, query];
  const next = [...list];
  next[i] = query;
  return next;
}
