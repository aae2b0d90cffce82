import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Layout, Tooltip } from 'antd';
import { currentVariant } from '../../config/runtime';
import { t } from '../../locale/zh-CN';
import { Logo } from '../Logo';
import { MenuSearchSlot } from '../menu/MenuSearchSlot';
import { NavMenu } from '../menu/NavMenu';
import type { MenuEntry } from '../menu/menu-tree';
import { LockHost } from '../lock/LockHost';
import { FullscreenToggle } from './FullscreenToggle';
import { HeaderNoticeSlot } from './HeaderNoticeSlot';
import { storedProjectName } from './project-name';
import { UserMenu } from './UserMenu';

interface Props {
  entries: MenuEntry[];
  topMenu: boolean;
  mobile: boolean;
  collapsed: boolean;
  theme: 'dark' | 'light';
  hidden: boolean;
  fixed: boolean;
  onToggle: () => void;
  onOpenSettings: () => void;
  /** The user menu opened (the settings drawer may follow). */
  onUserMenuOpen?: () => void;
}

/** Header: sidebar toggle (or logo and top menu), project title on phones, search, notice slot, user menu. */
export function GlobalHeader({
  entries,
  topMenu,
  mobile,
  collapsed,
  theme,
  hidden,
  fixed,
  onToggle,
  onOpenSettings,
  onUserMenuOpen,
}: Props) {
  const variant = currentVariant();
  const project = variant.showProjectName ? storedProjectName() : null;
  const headerTheme = topMenu ? theme : 'light';
  const classes = ['shell-header', `shell-header-${headerTheme}`];
  if (fixed) classes.push('shell-header-fixed');
  if (hidden) classes.push('shell-header-hidden');
  if (topMenu && !mobile) classes.push('shell-header-top');
  return (
    <Layout.Header className={classes.join(' ')}>
      {topMenu && !mobile ? (
        <>
          <div className="shell-header-logo">
            <Logo theme={headerTheme} />
          </div>
          <div className="shell-header-menu">
            <NavMenu entries={entries} mode="horizontal" theme={headerTheme} />
          </div>
        </>
      ) : (
        <Tooltip title={t.shell.layout.toggleMenu}>
          <button type="button" className="shell-trigger" aria-label={t.shell.layout.toggleMenu} onClick={onToggle}>
            {collapsed || mobile ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          </button>
        </Tooltip>
      )}
      {mobile ? <span className="shell-header-title">{t.shell.appName}</span> : null}
      {project?.short ? (
        <span className="shell-project-name" title={project.full}>
          {project.short}
        </span>
      ) : null}
      <div className="shell-header-right">
        {mobile ? null : <MenuSearchSlot entries={entries} />}
        {mobile ? null : <FullscreenToggle />}
        <HeaderNoticeSlot />
        <UserMenu desktop={!mobile} onOpenSettings={onOpenSettings} onMenuOpen={onUserMenuOpen} />
      </div>
      <LockHost />
    </Layout.Header>
  );
}
