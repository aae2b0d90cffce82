import { useEffect, useState } from 'react';
import { getAction } from '../../api';
import { t } from '../../locale/zh-CN';

export interface PagedHistory<T> {
  key: string;
  records: T[];
  total: number;
  error?: string;
}

/**
 * One page of a history list (`url` with `params`), loaded whenever `key` changes while `enabled`; a failed
 * or refused answer becomes `error` with the server's message. Returns null until the page of `key` is in.
 */
export function usePagedHistory<T>(
  url: string,
  params: Record<string, unknown>,
  key: string,
  enabled = true,
): PagedHistory<T> | null {
  const [loaded, setLoaded] = useState<PagedHistory<T> | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    getAction<{ records: T[]; total: number }>(url, params)
      .then(
        (res): PagedHistory<T> =>
          res.success && res.result
            ? { key, records: res.result.records, total: res.result.total }
            : { key, records: [], total: 0, error: res.message || t.history.loadFailed },
      )
      .catch((): PagedHistory<T> => ({ key, records: [], total: 0, error: t.history.loadFailed }))
      .then((l) => alive && setLoaded(l));
    return () => {
      alive = false;
    };
    // The key names everything params carry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, key, enabled]);
  return loaded && loaded.key === key ? loaded : null;
}
