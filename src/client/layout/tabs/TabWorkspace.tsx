import { Tabs } from 'antd';
import { useCallback, useEffect, useMemo, useState, type MouseEvent } from 'react';
import { parsePath, useLocation, useNavigate, useRoutes, type Location, type RouteObject } from 'react-router-dom';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { ContextMenu } from '../ContextMenu';
import { refreshTab, runTabCommand, useTabs, visit, type TabCommand } from './store';
import type { TabItem } from './rules';

/** One tab's page, rendered for its own location so a kept-alive page keeps its state and URL. */
function TabPage({ routes, location }: { routes: RouteObject[]; location: Partial<Location> }) {
  return useRoutes(routes, location);
}

interface Props {
  routes: RouteObject[];
  /** The current route as a tab (title already decided). */
  current: TabItem;
  home: TabItem;
  /** Multi-tab on and not a phone. */
  showTabs: boolean;
  multipage: boolean;
}

const toLocation = (key: string): Partial<Location> => {
  const p = parsePath(key);
  return { pathname: p.pathname ?? '/', search: p.search ?? '', hash: p.hash ?? '', state: null, key: key };
};

/**
 * The tabbed workspace (spec §2): a tab per full path, home fixed, keep-alive pages kept mounted while
 * hidden, right-click refresh / close left / close right / close others.
 */
export function TabWorkspace({ routes, current, home, showTabs, multipage }: Props) {
  const location = useLocation();
  const navigate = useNavigate();
  const { tabs, active, refresh } = useTabs();
  const [menu, setMenu] = useState<{ x: number; y: number; key: string } | null>(null);

  useEffect(() => {
    visit(current, home, multipage && showTabs);
  }, [current, home, multipage, showTabs]);

  const run = useCallback(
    (command: TabCommand, key: string) => {
      const result = runTabCommand(command, key, home);
      if (result.refused === 'home') feedback().message.warning(t.shell.tabs.homeNotClosable);
      else if (result.refused === 'last') feedback().message.warning(t.shell.tabs.lastNotClosable);
      else if (result.navigate) navigate(result.navigate, { replace: true });
    },
    [home, navigate],
  );

  const onContextAction = (action: string) => {
    if (!menu) return;
    if (action === 'refresh') {
      if (menu.key !== current.key) navigate(menu.key);
      refreshTab(menu.key);
    } else run(action as TabCommand, menu.key);
  };

  // Before the visit effect runs, the current route may not be a tab yet.
  const list = useMemo(() => (tabs.some((x) => x.key === current.key) ? tabs : [...tabs, current]), [tabs, current]);
  const mounted = showTabs ? list.filter((x) => x.keepAlive || x.key === current.key) : [current];
  const items = useMemo(
    () =>
      (showTabs ? list : []).map((tab) => ({
        key: tab.key,
        closable: true,
        label: (
          <span
            className="shell-tab-label"
            onContextMenu={(e: MouseEvent) => {
              e.preventDefault();
              setMenu({ x: e.clientX, y: e.clientY, key: tab.key });
            }}
          >
            {tab.title}
          </span>
        ),
      })),
    [list, showTabs],
  );

  const w = t.shell.tabs;
  return (
    <div className="shell-workspace">
      {showTabs ? (
        <Tabs
          className="shell-tabs"
          type="editable-card"
          hideAdd
          size="small"
          activeKey={current.key || active}
          items={items}
          onChange={(key) => navigate(key)}
          onEdit={(key, action) => {
            if (action === 'remove' && typeof key === 'string') run('close', key);
          }}
        />
      ) : null}
      <div className="shell-pages">
        {mounted.map((tab) => (
          <div key={`${tab.key}#${refresh[tab.key] ?? 0}`} className="shell-page" hidden={tab.key !== current.key}>
            <TabPage routes={routes} location={tab.key === current.key ? location : toLocation(tab.key)} />
          </div>
        ))}
      </div>
      {menu ? (
        <ContextMenu
          x={menu.x}
          y={menu.y}
          onClose={() => setMenu(null)}
          onSelect={onContextAction}
          items={[
            { key: 'refresh', label: w.refresh },
            { key: 'closeLeft', label: w.closeLeft },
            { key: 'closeRight', label: w.closeRight },
            { key: 'closeOthers', label: w.closeOthers },
          ]}
        />
      ) : null}
    </div>
  );
}
