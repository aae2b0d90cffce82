import { Card, Col, Row, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { displayName } from '../../layout/header/greeting';
import { UserAvatar } from '../../layout/header/UserAvatar';
import { t } from '../../locale/zh-CN';
import { useSession } from '../../session';
import { AvatarTab } from './AvatarTab';
import { DepartsTab } from './DepartsTab';
import { ProfileTab } from './ProfileTab';
import { SecurityTab } from './SecurityTab';
import { SessionsTab } from './SessionsTab';
import './account.css';

const TABS = ['profile', 'avatar', 'departs', 'sessions', 'security'] as const;
type TabKey = (typeof TABS)[number];

const PANES: Record<TabKey, () => JSX.Element> = {
  profile: ProfileTab,
  avatar: AvatarTab,
  departs: DepartsTab,
  sessions: SessionsTab,
  security: SecurityTab,
};

/** 个人中心: a summary card beside tabs for profile, avatar, departments, sessions and security. */
export default function AccountCentrePage() {
  const user = useSession((s) => s.userInfo);
  // Local state, not the address: the tab workspace keys tabs by full path, so `?tab=` would open new ones.
  const [active, setActive] = useState<TabKey>('profile');
  return (
    <Row gutter={[16, 16]} className="account-centre">
      <Col xs={24} lg={7} xl={6}>
        <Card className="account-summary">
          <UserAvatar size={88} />
          <div className="account-summary-text">
            <Typography.Title level={4}>{displayName(user)}</Typography.Title>
            <Typography.Text type="secondary">{user?.username}</Typography.Text>
            {user?.orgCodeTxt ? <div className="account-summary-depart">{user.orgCodeTxt}</div> : null}
          </div>
        </Card>
      </Col>
      <Col xs={24} lg={17} xl={18}>
        <Card>
          <Tabs
            activeKey={active}
            onChange={(key) => setActive(key as TabKey)}
            destroyOnHidden
            items={TABS.map((key) => {
              const Pane = PANES[key];
              return { key, label: t.account.tabs[key], children: <Pane /> };
            })}
          />
        </Card>
      </Col>
    </Row>
  );
}
