import { DesktopOutlined, MobileOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, List, Popconfirm, Skeleton, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { listSessions, Refused, revokeOtherSessions, revokeSession, type OwnSession } from './account-api';
import { deviceSummary } from './user-agent';

const isPhone = (ua: string | null) => Boolean(ua && /iPhone|Android|Mobile/.test(ua));

/** 我的会话: the user's live sessions; any other one, or all others at once, can be signed out. */
export function SessionsTab() {
  const s = t.account.sessions;
  const [sessions, setSessions] = useState<OwnSession[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let alive = true;
    listSessions()
      .then((loaded) => alive && setSessions(loaded))
      .catch((e: unknown) => {
        if (e instanceof Refused) feedback().message.warning(e.message);
      });
    return () => {
      alive = false;
    };
  }, [version]);

  const act = async (action: () => Promise<string>) => {
    setBusy(true);
    try {
      feedback().message.success(await action());
    } catch (e) {
      if (e instanceof Refused) feedback().message.warning(e.message);
      else if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
      reload();
    }
  };

  if (!sessions) return <Skeleton active />;
  const others = sessions.filter((x) => !x.current).length;
  return (
    <>
      <Space wrap className="account-sessions-actions">
        <Popconfirm title={s.revokeOthersConfirm} onConfirm={() => act(revokeOtherSessions)} disabled={others === 0}>
          <Button danger disabled={others === 0} loading={busy}>
            {s.revokeOthers}
          </Button>
        </Popconfirm>
        <Button icon={<ReloadOutlined />} onClick={reload}>
          {s.refresh}
        </Button>
      </Space>
      <List
        className="account-sessions"
        dataSource={sessions}
        locale={{ emptyText: s.empty }}
        renderItem={(item) => (
          <List.Item
            data-session={item.current ? 'current' : 'other'}
            actions={
              item.current
                ? []
                : [
                    <Popconfirm key="revoke" title={s.revokeConfirm} onConfirm={() => act(() => revokeSession(item.id))}>
                      <Button type="link" danger size="small">
                        {s.revoke}
                      </Button>
                    </Popconfirm>,
                  ]
            }
          >
            <List.Item.Meta
              avatar={isPhone(item.userAgent) ? <MobileOutlined /> : <DesktopOutlined />}
              title={
                <>
                  {deviceSummary(item.userAgent) ?? s.unknownDevice} {item.current ? <Tag color="green">{s.current}</Tag> : null}
                </>
              }
              description={
                <div className="account-session-facts">
                  <span>
                    {s.address}：{item.clientIp ?? '—'}
                  </span>
                  <span>
                    {s.signedIn}：{item.createTime}
                  </span>
                  <span>
                    {s.lastActive}：{item.lastActiveTime}
                  </span>
                </div>
              }
            />
          </List.Item>
        )}
      />
    </>
  );
}
