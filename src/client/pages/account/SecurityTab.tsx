import { KeyOutlined, LockOutlined } from '@ant-design/icons';
import { Button, List, Select } from 'antd';
import { useState } from 'react';
import { ChangePasswordModal } from '../../layout/header/ChangePasswordModal';
import { IDLE_CHOICES, lockScreen, setIdleMinutes, useLockStore } from '../../layout/lock/lock-state';
import { t } from '../../locale/zh-CN';

/** 安全设置: change password (the header's dialog), lock now, and the idle time after which the screen locks. */
export function SecurityTab() {
  const s = t.account.security;
  const [password, setPassword] = useState(false);
  const idle = useLockStore((x) => x.idleMinutes);
  return (
    <>
      <List className="account-security">
        <List.Item
          actions={[
            <Button key="pw" icon={<KeyOutlined />} onClick={() => setPassword(true)}>
              {s.changePassword}
            </Button>,
          ]}
        >
          <List.Item.Meta title={s.password} description={s.passwordHint} />
        </List.Item>
        <List.Item
          actions={[
            <Button key="lock" icon={<LockOutlined />} onClick={lockScreen}>
              {s.lockNow}
            </Button>,
          ]}
        >
          <List.Item.Meta title={s.lock} description={s.lockHint} />
        </List.Item>
        <List.Item
          actions={[
            <Select
              key="idle"
              aria-label={s.idle}
              value={IDLE_CHOICES.includes(idle as (typeof IDLE_CHOICES)[number]) ? idle : 0}
              style={{ width: 110 }}
              onChange={setIdleMinutes}
              options={IDLE_CHOICES.map((n) => ({ value: n, label: n ? s.idleMinutes(n) : s.idleOff }))}
            />,
          ]}
        >
          <List.Item.Meta title={s.idle} />
        </List.Item>
      </List>
      <ChangePasswordModal open={password} onClose={() => setPassword(false)} />
    </>
  );
}
