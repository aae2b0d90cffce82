import { useCallback, useEffect, useState } from 'react';
import { getAction } from '../../api';
import { t } from '../../locale/zh-CN';
import type { StatParams, StatResult } from './types';

export type StatState =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; result: StatResult };

const LOADING: StatState = { kind: 'loading' };

async function fetchStat(code: string, params: StatParams): Promise<StatState> {
  const query = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
  try {
    const res = await getAction<StatResult>(`/sys/stats/${encodeURIComponent(code)}`, query);
    if (res.success && res.result) return { kind: 'ready', result: res.result };
    return { kind: 'error', message: res.message || t.charts.loadFailed };
  } catch (e) {
    return { kind: 'error', message: e instanceof Error && e.message ? e.message : t.charts.loadFailed };
  }
}

/** GET /sys/stats/<code> with the card's parameters; loading again whenever they change. */
export function useStat(
  code: string,
  params: StatParams | undefined,
): { state: StatState; reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const request = JSON.stringify([code, params ?? {}, attempt]);
  // The answer remembers its request, so a change of parameters shows loading until its own answer comes.
  const [answer, setAnswer] = useState<{ request: string; state: StatState } | null>(null);
  useEffect(() => {
    let alive = true;
    const [c, p] = JSON.parse(request) as [string, StatParams];
    void fetchStat(c, p).then((state) => alive && setAnswer({ request, state }));
    return () => {
      alive = false;
    };
  }, [request]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state: answer?.request === request ? answer.state : LOADING, reload };
}
