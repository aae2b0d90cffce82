import { LockOutlined, LogoutOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { postAction } from '../../api';
import { t } from '../../locale/zh-CN';
import { useSession } from '../../session';
import { logout } from '../../session/logout';
import { pageNavigation } from '../../router/navigation';
import { displayName } from '../header/greeting';
import { loginUrl } from '../header/session-actions';
import { UserAvatar } from '../header/UserAvatar';
import { unlockScreen } from './lock-state';

/**
 * The lock panel, shown on LockHost's full-screen cover (which makes the console behind it inert); unlocking
 * asks the server to check the password, so wrong guesses count against the account lock.
 */
export function LockScreen() {
  const user = useSession((s) => s.userInfo);
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const l = t.account.lock;

  const unlock = async ({ password }: { password: string }) => {
    setBusy(true);
    setError('');
    try {
      const res = await postAction<string>('/sys/user/checkPassword', { password });
      if (res.success) {
        form.resetFields();
        unlockScreen();
      } else {
        setError(res.message || l.wrong);
        form.setFieldValue('password', '');
      }
    } catch {
      // The error catalogue has told the user (an ended session goes to the login page).
    } finally {
      setBusy(false);
    }
  };

  const signOut = async () => {
    unlockScreen();
    try {
      await logout();
    } finally {
      pageNavigation.assign(loginUrl());
    }
  };

  return (
    <div className="lock-panel" role="dialog" aria-modal="true" aria-label={l.locked}>
      <UserAvatar size={88} />
      <div className="lock-name">{displayName(user) || user?.username}</div>
      <div className="lock-state">
        <LockOutlined /> {l.locked}
      </div>
      <Form form={form} onFinish={unlock} className="lock-form" requiredMark={false}>
        <Form.Item
          name="password"
          rules={[{ required: true, message: l.passwordRequired }]}
          validateStatus={error ? 'error' : undefined}
          help={error || undefined}
        >
          <Input.Password autoFocus autoComplete="current-password" placeholder={l.hint} aria-label={l.password} onChange={() => setError('')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {l.unlock}
        </Button>
      </Form>
      <Button type="link" className="lock-logout" icon={<LogoutOutlined />} onClick={() => void signOut()}>
        {l.logout}
      </Button>
    </div>
  );
}
