import { Badge, ConfigProvider, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { fillSessionPlaceholders } from '../../router/menu-routes';
import { useSessionStore } from '../../session/store';
import { MENU_FONT_SIZES } from '../settings/presets';
import { useSettings } from '../settings/store';
import { useMenuBadges } from './badges';
import { emitDynamicRouteShow } from './events';
import { menuIcon } from './icons';
import { ancestorKeys, findEntry, sumBadges, type MenuEntry } from './menu-tree';

type Items = NonNullable<MenuProps['items']>;

interface Props {
  entries: MenuEntry[];
  mode: 'inline' | 'horizontal';
  theme: 'dark' | 'light';
  collapsed?: boolean;
  /** Called after an entry was opened (the mobile drawer closes). */
  onNavigate?: () => void;
}

/** Opens a menu entry: external ones in a new window, others by routing (shared with the header search). */
export function openEntry(entry: MenuEntry, navigate: (to: string) => void): void {
  const { token, tenantId } = useSessionStore.getState();
  if (entry.external && entry.url) window.open(fillSessionPlaceholders(entry.url, token, tenantId), '_blank', 'noopener');
  else navigate(entry.path);
  emitDynamicRouteShow({ path: entry.path, title: entry.title });
}

function buildItems(entries: readonly MenuEntry[], badges: Record<string, number>, collapsedRoot: boolean): Items {
  return entries.map((e) => {
    const count = badges[e.key] ?? 0;
    const label = (
      <span className={e.money ? 'shell-menu-label shell-menu-money' : 'shell-menu-label'}>
        <span className="shell-menu-title">{e.title}</span>
        {count > 0 && !collapsedRoot ? <Badge count={count} size="small" className="shell-menu-badge" /> : null}
      </span>
    );
    if (e.children) return { key: e.key, icon: menuIcon(e.icon), label, children: buildItems(e.children, badges, false) };
    return { key: e.key, icon: menuIcon(e.icon), label };
  });
}

/**
 * The permission menu (spec §2): one open root submenu at a time in inline mode, open keys remembered
 * while collapsed, the full path as selected key, badges with parent sums, the money highlight.
 */
export function NavMenu({ entries, mode, theme, collapsed = false, onNavigate }: Props) {
  const location = useLocation();
  const navigate = useNavigate();
  const counts = useMenuBadges();
  const fontSize = MENU_FONT_SIZES[useSettings((s) => s.menuFontSize)];
  const badges = useMemo(() => sumBadges(entries, counts), [entries, counts]);
  const items = useMemo(() => buildItems(entries, badges, collapsed), [entries, badges, collapsed]);
  const rootKeys = useMemo(() => entries.filter((e) => e.children).map((e) => e.key), [entries]);

  const selected = location.pathname;
  const parents = useMemo(() => ancestorKeys(entries, selected).slice(0, -1), [entries, selected]);
  const [openKeys, setOpenKeys] = useState<string[]>(collapsed ? [] : parents);
  const [remembered, setRemembered] = useState<string[]>(parents);
  const [seen, setSeen] = useState({ parents, collapsed });
  // Adjusted while rendering (not in an effect) so the menu never shows a stale branch.
  if (seen.parents !== parents || seen.collapsed !== collapsed) {
    setSeen({ parents, collapsed });
    if (seen.collapsed !== collapsed) {
      // Collapsing hides the submenus; expanding brings back the ones that were open.
      if (collapsed) {
        setRemembered(openKeys);
        setOpenKeys([]);
      } else setOpenKeys(parents.length ? parents : remembered);
    } else if (parents.length) {
      // A new page opens its own branch (accordion: it replaces what was open).
      if (collapsed) setRemembered(parents);
      else setOpenKeys(parents);
    }
  }

  const onOpenChange = (keys: string[]) => {
    if (mode === 'horizontal') return setOpenKeys(keys);
    const latest = keys.find((k) => !openKeys.includes(k));
    if (latest && rootKeys.includes(latest)) setOpenKeys([latest]);
    else setOpenKeys(keys);
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const entry = findEntry(entries, String(key));
    if (!entry) return;
    openEntry(entry, navigate);
    onNavigate?.();
  };

  const open = mode === 'inline' && !collapsed ? { openKeys, onOpenChange } : {};
  return (
    <ConfigProvider theme={{ components: { Menu: { fontSize } } }}>
      <Menu
        className="shell-nav-menu"
        mode={mode}
        theme={theme}
        items={items}
        selectedKeys={[selected]}
        inlineCollapsed={mode === 'inline' ? collapsed : undefined}
        onClick={onClick}
        {...open}
      />
    </ConfigProvider>
  );
}
