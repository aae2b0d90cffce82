import { Button, Result, Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { getRuntimeConfig } from '../../api';
import { displayName, greetingNow } from '../../layout/header/greeting';
import { t } from '../../locale/zh-CN';
import { useSession } from '../../session';
import { fetchDashboard, type ServedDashboard } from './dashboard-api';
import { DashboardView } from './DashboardView';

type State =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; def: ServedDashboard };

async function loadHome(): Promise<State> {
  const failed = t.charts.dashboard.loadFailed;
  try {
    const res = await fetchDashboard({ appCode: getRuntimeConfig().appCode });
    if (res.success && res.result) return { kind: 'ready', def: res.result };
    return { kind: 'error', message: res.message || failed };
  } catch (e) {
    return { kind: 'error', message: e instanceof Error && e.message ? e.message : failed };
  }
}

/**
 * Home page (/dashboard/analysis): the greeting by hour (spec §9) and the home dashboard of the
 * application code (schemas/dashboards, `home`), whose cards include the user's unread notices.
 */
export default function AnalysisPage() {
  const user = useSession((s) => s.userInfo);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const d = t.shell.dashboard;

  const load = useCallback(() => {
    let alive = true;
    void loadHome().then((next) => alive && setState(next));
    return () => {
      alive = false;
    };
  }, []);
  useEffect(() => load(), [load]);

  return (
    <div className="dashboard">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {d.welcome(greetingNow(), displayName(user))}
      </Typography.Title>
      {state.kind === 'loading' ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : state.kind === 'error' ? (
        <Result
          status="warning"
          title={t.charts.dashboard.loadFailed}
          subTitle={state.message}
          extra={
            <Button
              type="primary"
              onClick={() => {
                setState({ kind: 'loading' });
                load();
              }}
            >
              {d.retry}
            </Button>
          }
        />
      ) : (
        <DashboardView def={state.def} />
      )}
    </div>
  );
}
