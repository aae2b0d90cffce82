import { Drawer } from 'antd';
import { SIDER_WIDTH } from '../../config/constants';
import { Logo } from '../Logo';
import type { MenuEntry } from './menu-tree';
import { NavMenu } from './NavMenu';

interface Props {
  entries: MenuEntry[];
  theme: 'dark' | 'light';
  open: boolean;
  onClose: () => void;
}

/** The phone's menu: the side menu in a drawer from the left, closed after a choice. */
export function MobileMenuDrawer({ entries, theme, open, onClose }: Props) {
  return (
    <Drawer
      placement="left"
      width={SIDER_WIDTH}
      open={open}
      onClose={onClose}
      closable={false}
      className={`shell-drawer shell-drawer-${theme}`}
      styles={{ body: { padding: 0 } }}
    >
      <Logo theme={theme} />
      <NavMenu entries={entries} mode="inline" theme={theme} onNavigate={onClose} />
    </Drawer>
  );
}
