import { ApartmentOutlined, NotificationOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Card, Col, Result, Row, Skeleton, Statistic, Typography } from 'antd';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { getAction } from '../../api';
import { displayName, greetingNow } from '../../layout/header/greeting';
import { t } from '../../locale/zh-CN';
import { useSession } from '../../session';

interface Counts {
  userCount: number;
  departCount: number;
  announcementCount: number;
  roleCount: number;
}

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; counts: Counts };

const CARDS: { key: keyof Counts; icon: ReactNode; color: string }[] = [
  { key: 'userCount', icon: <TeamOutlined />, color: '#1890FF' },
  { key: 'departCount', icon: <ApartmentOutlined />, color: '#13C2C2' },
  { key: 'announcementCount', icon: <NotificationOutlined />, color: '#FA8C16' },
  { key: 'roleCount', icon: <SafetyCertificateOutlined />, color: '#722ED1' },
];

async function fetchCounts(): Promise<State> {
  const failed = t.shell.dashboard.loadFailed;
  try {
    const res = await getAction<Counts>('/sys/dashboard/counts');
    if (res.success && res.result) return { kind: 'ready', counts: res.result };
    return { kind: 'error', message: res.message || failed };
  } catch (e) {
    return { kind: 'error', message: e instanceof Error && e.message ? e.message : failed };
  }
}

/** Home page (/dashboard/analysis): a greeting and the system counts from GET /sys/dashboard/counts. */
export default function AnalysisPage() {
  const user = useSession((s) => s.userInfo);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const d = t.shell.dashboard;

  const load = useCallback(() => {
    let alive = true;
    fetchCounts().then((next) => alive && setState(next));
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => load(), [load]);

  const retry = () => {
    setState({ kind: 'loading' });
    load();
  };

  return (
    <div className="dashboard">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {d.welcome(greetingNow(), displayName(user))}
      </Typography.Title>
      {state.kind === 'error' ? (
        <Result
          status="warning"
          title={d.loadFailed}
          subTitle={state.message}
          extra={
            <Button type="primary" onClick={retry}>
              {d.retry}
            </Button>
          }
        />
      ) : (
        <Row gutter={[16, 16]}>
          {CARDS.map((c) => (
            <Col key={c.key} xs={24} sm={12} xl={6}>
              <Card className="dashboard-card" data-testid={`count-${c.key}`}>
                {state.kind === 'loading' ? (
                  <Skeleton active paragraph={{ rows: 1 }} />
                ) : (
                  <Statistic
                    title={d[c.key]}
                    value={state.counts[c.key]}
                    prefix={<span style={{ color: c.color }}>{c.icon}</span>}
                    groupSeparator=","
                  />
                )}
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
