import { getAction } from '../api';
import { SESSION_TTL_MS } from '../config/constants';
import { KEYS } from './keys';
import { lsGet, lsSet } from './storage';
import type { DictItem, DictMap } from './types';

/** Items fetched one code at a time this page load (the stored map holds the login's full set). */
const fetched = new Map<string, Promise<DictItem[]>>();

export function storeDictCache(map: DictMap): void {
  lsSet(KEYS.dictCache, map, SESSION_TTL_MS);
  fetched.clear();
}

export function cachedDictItems(code: string): DictItem[] | undefined {
  return lsGet<DictMap>(KEYS.dictCache)?.[code];
}

/**
 * A dictionary's items: from the cache stored at sign-in (sysAllDictItems), otherwise from
 * `GET /sys/dict/getDictItems/{code}` (signed). Failures resolve to an empty list.
 */
export function getDictItems(code: string): Promise<DictItem[]> {
  if (!code) return Promise.resolve([]);
  const cached = cachedDictItems(code);
  if (cached) return Promise.resolve(cached);
  let pending = fetched.get(code);
  if (!pending) {
    pending = getAction<DictItem[]>(`/sys/dict/getDictItems/${encodeURIComponent(code).replace(/%2C/gi, ',')}`)
      .then((res) => (res.success && Array.isArray(res.result) ? res.result : []))
      .catch(() => []);
    pending.then((items) => {
      if (items.length === 0) fetched.delete(code);
    });
    fetched.set(code, pending);
  }
  return pending;
}

/** 清除字典缓存: the server rebuilds its cache, then the full map is fetched and stored (spec §7). */
export async function refreshDictCache(): Promise<boolean> {
  const cleared = await getAction('sys/dict/refleshCache');
  if (!cleared.success) return false;
  const all = await getAction<DictMap>('sys/dict/queryAllDictItems');
  if (!all.success || !all.result || typeof all.result !== 'object') return false;
  storeDictCache(all.result);
  return true;
}
