import { Alert, Button, Spin } from 'antd';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { Envelope } from '../../api';
import { t } from '../../locale/zh-CN';

const L = t.dataApply;

export type Loaded<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ok'; value: T };

/** An envelope's result, or an error with the server's message. */
export async function unwrap<T>(answer: Promise<Envelope<T>>): Promise<T> {
  const res = await answer;
  if (!res.success || res.result === undefined || res.result === null)
    throw new Error(res.message || L.loadFailed);
  return res.result;
}

/**
 * One answer per `key` (the key names everything `load` reads): loading, the value, or the error's
 * message; `reload` asks again.
 */
export function useLoad<T>(load: () => Promise<T>, key: string, enabled = true) {
  const [attempt, setAttempt] = useState(0);
  const full = `${key}#${attempt}`;
  const [answer, setAnswer] = useState<{ key: string; loaded: Loaded<T> } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    load()
      .then(
        (value): Loaded<T> => ({ status: 'ok', value }),
        (e: unknown): Loaded<T> => ({
          status: 'error',
          message: e instanceof Error && e.message ? e.message : L.loadFailed,
        }),
      )
      .then((loaded) => alive && setAnswer({ key: full, loaded }));
    return () => {
      alive = false;
    };
    // The key names everything load reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [full, enabled]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const loaded: Loaded<T> = answer?.key === full ? answer.loaded : { status: 'loading' };
  return { loaded, reload };
}

/** What a page shows while its data is not there: a spinner, or the message with 重试. */
export function NotLoaded({ loaded, onRetry }: { loaded: Loaded<unknown>; onRetry?: () => void }): ReactNode {
  if (loaded.status === 'loading') return <Spin style={{ display: 'block', padding: 48 }} />;
  if (loaded.status === 'error')
    return (
      <Alert
        type="warning"
        showIcon
        message={loaded.message}
        action={
          onRetry ? (
            <Button size="small" onClick={onRetry}>
              {L.retry}
            </Button>
          ) : undefined
        }
      />
    );
  return null;
}
