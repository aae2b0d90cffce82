import {
  ClearOutlined,
  DownOutlined,
  IdcardOutlined,
  KeyOutlined,
  LockOutlined,
  LogoutOutlined,
  MessageOutlined,
  QrcodeOutlined,
  ReloadOutlined,
  SettingOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { useSession } from '../../session';
import { currentUserDeparts, selectDepart } from '../../session/login';
import type { Depart } from '../../session/types';
import { displayName, greetingNow } from './greeting';
import { clearDictCache, clearSystemCache, confirmLogout } from './session-actions';
import { lazyNamed, onDemand } from '../../router/lazy';
import { OnDemand } from '../../router/OnDemand';
import { ACCOUNT_CENTRE_PATH } from '../../pages/account/path';
import { lockScreen } from '../lock/lock-state';
import { UserAvatar } from './UserAvatar';

// The doctor's QR card (with the stored-file helpers) loads when it is first opened.
const DoctorQrModal = lazyNamed(() => import('../../widgets/dialogs/DoctorQrModal'), 'DoctorQrModal');
// The dialogs (antd Form and Modal) load when first opened; opening the menu starts their load.
const ChangePasswordModal = onDemand(() => import('./ChangePasswordModal'), 'ChangePasswordModal');
const DepartSelectModal = onDemand(() => import('./DepartSelectModal'), 'DepartSelectModal');

/** Avatar, greeting and the user dropdown of the header (spec §2 "Header dropdown"). */
export function UserMenu({
  desktop,
  onOpenSettings,
  onMenuOpen,
}: {
  desktop: boolean;
  onOpenSettings: () => void;
  /** The dropdown opened: the settings drawer may follow, so its code can start loading. */
  onMenuOpen?: () => void;
}) {
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const [dialog, setDialog] = useState<'password' | 'qr' | 'depart' | null>(null);
  const [departs, setDeparts] = useState<{ list: Depart[]; orgCode: string | null }>({ list: [], orgCode: null });
  const name = displayName(user);
  const h = t.shell.header;

  const requireUser = (): boolean => {
    if (user?.username) return true;
    feedback().message.warning(t.shell.depart.noUser);
    return false;
  };

  const openDepartSwitch = async () => {
    if (!requireUser()) return;
    // The dialog's code loads while the departments are asked for.
    DepartSelectModal.preload().catch(() => undefined);
    try {
      setDeparts(await currentUserDeparts());
      setDialog('depart');
    } catch (e) {
      if (e instanceof Error && e.message) feedback().message.warning(e.message);
    }
  };

  const items: MenuProps['items'] = [
    { key: 'greeting', label: h.greeting(greetingNow(), name || '—'), disabled: true },
    { type: 'divider' },
    { key: 'centre', icon: <IdcardOutlined />, label: t.account.menu.centre },
    { key: 'settings', icon: <SettingOutlined />, label: h.settings },
    { key: 'password', icon: <KeyOutlined />, label: h.changePassword },
    { key: 'dict', icon: <ReloadOutlined />, label: h.clearDictCache },
    { key: 'cache', icon: <ClearOutlined />, label: h.clearSystemCache },
    { key: 'feedback', icon: <MessageOutlined />, label: h.feedback },
    ...(String(user?.workClass ?? '') === '4' ? [{ key: 'qr', icon: <QrcodeOutlined />, label: h.doctorQr }] : []),
    { key: 'depart', icon: <SwapOutlined />, label: h.switchDepart },
    { key: 'lock', icon: <LockOutlined />, label: t.account.menu.lock },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: h.logout },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    switch (key) {
      case 'centre':
        return navigate(ACCOUNT_CENTRE_PATH);
      case 'lock':
        return lockScreen();
      case 'settings':
        return onOpenSettings();
      case 'password':
        return requireUser() && setDialog('password');
      case 'dict':
        return void clearDictCache();
      case 'cache':
        return void clearSystemCache();
      case 'feedback':
        return navigate('/system/feedback/my/List');
      case 'qr':
        return setDialog('qr');
      case 'depart':
        return void openDepartSwitch();
      case 'logout':
        return confirmLogout();
    }
  };

  return (
    <>
      <Dropdown
        menu={{ items, onClick }}
        trigger={['click']}
        placement="bottomRight"
        onOpenChange={(open) => {
          if (!open) return;
          ChangePasswordModal.preload().catch(() => undefined);
          onMenuOpen?.();
        }}
      >
        <button type="button" className="shell-user" aria-label={h.welcome(name)}>
          <UserAvatar size="small" />
          {desktop ? <span className="shell-user-name">{name ? h.welcome(name) : t.shell.depart.noUser}</span> : null}
          <DownOutlined className="shell-user-caret" />
        </button>
      </Dropdown>
      {desktop ? (
        <button type="button" className="shell-logout" onClick={confirmLogout}>
          <LogoutOutlined /> <span>{h.logout}</span>
        </button>
      ) : null}
      <OnDemand when={dialog === 'password'} onFailed={() => setDialog(null)}>
        <ChangePasswordModal open={dialog === 'password'} onClose={() => setDialog(null)} />
      </OnDemand>
      {user?.id && dialog === 'qr' ? (
        <Suspense fallback={null}>
          <DoctorQrModal open doctorId={user.id} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
      <OnDemand when={dialog === 'depart'} onFailed={() => setDialog(null)}>
        <DepartSelectModal
          open={dialog === 'depart'}
          title={t.shell.depart.switchTitle}
          departs={departs.list}
          current={departs.orgCode ?? user?.orgCode}
          onCancel={() => setDialog(null)}
          onOk={async ({ orgCode }) => {
            if (!orgCode) return;
            try {
              await selectDepart(orgCode);
              feedback().message.success(t.shell.depart.switched);
              setDialog(null);
            } catch (e) {
              if (e instanceof Error && e.message) feedback().message.warning(e.message);
            }
          }}
        />
      </OnDemand>
    </>
  );
}
