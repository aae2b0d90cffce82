import { useCallback, useEffect, useState } from 'react';
import { httpAction } from '../../api';
import { t } from '../../locale/zh-CN';
import { recordsOf } from '../../widgets/picker-kit/values';
import type { ResolvedApi } from '../definition/api';

export type Row = Record<string, unknown>;

export interface ListData {
  rows: Row[];
  total: number;
  /** The server estimated `total` (a very long list, protocol `totalEstimated`). */
  estimated: boolean;
  /** Whether the answer was a page (records/total) rather than a bare array. */
  paged: boolean;
  loading: boolean;
  error: string | null;
  reload: () => void;
  /** Replaces the rows in place (tree lists load children into them). */
  setRows: (update: (rows: Row[]) => Row[]) => void;
}

interface Answer {
  /** The request this answers; a different current request means loading. */
  request: string;
  rows: Row[];
  total: number;
  estimated: boolean;
  paged: boolean;
  error: string | null;
}

const EMPTY: Answer = { request: '', rows: [], total: 0, estimated: false, paged: false, error: null };

/**
 * Loads a list whenever its parameters change (compared by value), keeping only the answer to the
 * newest request. A refused answer (success false) and a failed request both end in `error`.
 * `prepare` must be stable (memoised by the caller).
 */
export function useListData(
  api: ResolvedApi | null,
  params: Record<string, unknown>,
  prepare?: (rows: Row[]) => Row[],
): ListData {
  const [answer, setAnswer] = useState<Answer>(EMPTY);
  const [tick, setTick] = useState(0);
  const paramsKey = JSON.stringify(params);
  const request = api ? `${tick} ${api.method} ${api.url} ${paramsKey}` : '';

  useEffect(() => {
    if (!api) return;
    let current = true;
    httpAction<unknown>(api.url, JSON.parse(paramsKey) as Record<string, unknown>, api.method)
      .then((res) => {
        if (!current) return;
        if (!res.success) {
          setAnswer((a) => ({ ...a, request, error: res.message || t.renderer.table.loadFailed }));
          return;
        }
        const page = recordsOf<Row>(res.result);
        setAnswer({
          request,
          rows: prepare ? prepare(page.records) : page.records,
          total: page.total,
          estimated: (res.result as { totalEstimated?: unknown } | null)?.totalEstimated === true,
          paged: !Array.isArray(res.result),
          error: null,
        });
      })
      .catch((e: unknown) => {
        if (current)
          setAnswer((a) => ({
            ...a,
            request,
            error: e instanceof Error && e.message ? e.message : t.renderer.table.loadFailed,
          }));
      });
    return () => {
      current = false;
    };
  }, [api, request, paramsKey, prepare]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  const setRows = useCallback(
    (update: (rows: Row[]) => Row[]) => setAnswer((a) => ({ ...a, rows: update(a.rows) })),
    [],
  );
  return {
    rows: answer.rows,
    total: answer.total,
    estimated: answer.estimated,
    paged: answer.paged,
    loading: !!api && answer.request !== request,
    error: answer.request === request ? answer.error : null,
    reload,
    setRows,
  };
}
