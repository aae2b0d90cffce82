import { useEffect, useMemo, useState } from 'react';
import { loadedWidgets, loadWidgets, type Widgets } from './registry';

export interface WidgetsState {
  /** Every loaded widget once the asked-for ones are there; null while they load or after a failure. */
  widgets: Widgets | null;
  failed: boolean;
  retry: () => void;
}

/** The widgets `names` need, loading their groups on first use (synchronously ready once loaded). */
export function useWidgets(names: Iterable<string>): WidgetsState {
  const list = useMemo(() => [...new Set(names)].sort(), [names]);
  const key = list.join(',');
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ key: string; attempt: number; failed: boolean } | null>(null);
  const ready = loadedWidgets(list);

  useEffect(() => {
    if (loadedWidgets(list)) return;
    let alive = true;
    loadWidgets(list).then(
      () => alive && setSettled({ key, attempt, failed: false }),
      (e: unknown) => {
        console.error('widgets failed to load', key, e);
        if (alive) setSettled({ key, attempt, failed: true });
      },
    );
    return () => {
      alive = false;
    };
    // `list` is derived from `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const failed = !ready && settled?.key === key && settled.attempt === attempt && settled.failed;
  return { widgets: ready, failed, retry: () => setAttempt((n) => n + 1) };
}
