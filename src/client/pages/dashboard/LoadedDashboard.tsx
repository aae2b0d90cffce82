import { Button, Result, Skeleton } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { t } from '../../locale/zh-CN';
import { fetchDashboard, type ServedDashboard } from './dashboard-api';
import { DashboardView } from './DashboardView';

type State =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; def: ServedDashboard };

type Query = { code: string } | { appCode: string };

async function load(query: Query): Promise<State> {
  const failed = t.charts.dashboard.loadFailed;
  try {
    const res = await fetchDashboard(query);
    if (res.success && res.result) return { kind: 'ready', def: res.result };
    return { kind: 'error', message: res.message || failed };
  } catch (e) {
    return { kind: 'error', message: e instanceof Error && e.message ? e.message : failed };
  }
}

/** A dashboard fetched by code (or the application code's home one): skeleton, then the grid, or the failure with a retry. */
export function LoadedDashboard({ query }: { query: Query }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const key = JSON.stringify(query);
  const reload = useCallback(() => {
    let alive = true;
    void load(JSON.parse(key) as Query).then((next) => alive && setState(next));
    return () => {
      alive = false;
    };
  }, [key]);
  useEffect(() => reload(), [reload]);

  if (state.kind === 'loading') return <Skeleton active paragraph={{ rows: 6 }} />;
  if (state.kind === 'error')
    return (
      <Result
        status="warning"
        title={t.charts.dashboard.loadFailed}
        subTitle={state.message}
        extra={
          <Button
            type="primary"
            onClick={() => {
              setState({ kind: 'loading' });
              reload();
            }}
          >
            {t.shell.dashboard.retry}
          </Button>
        }
      />
    );
  return <DashboardView def={state.def} />;
}
