import { Layout } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { matchRoutes, Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { HOME_PATH, NOT_FOUND_PATH, SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from '../config/constants';
import { currentVariant } from '../config/runtime';
import { t } from '../locale/zh-CN';
import type { FlatRoute } from '../router/menu-routes';
import { onDemand } from '../router/lazy';
import { OnDemand } from '../router/OnDemand';
import { PageHost } from '../router/PageHost';
import { useSession } from '../session';
import { KEYS } from '../session/keys';
import { lsGet, lsSet } from '../session/storage';
import { Breadcrumb } from './Breadcrumb';
import { useDevice } from './device';
import { GlobalHeader } from './header/GlobalHeader';
import { Logo } from './Logo';
import { useCornerMarkPolling } from './menu/badges';
import { cornerMarkEntries, visibleMenu } from './menu/menu-tree';
import { NavMenu } from './menu/NavMenu';
import { setSetting, useSettings } from './settings/store';
import { documentTitle, tabTitle, type TabItem } from './tabs/rules';
import { TabWorkspace } from './tabs/TabWorkspace';
import { useAutoHideHeader } from './useAutoHideHeader';
import './layout.css';

// Opened by a click, so loaded on first use: the settings drawer (radios, switches, segmented controls)
// and the phone's menu drawer.
const SettingsDrawer = onDemand(() => import('./settings/SettingsDrawer'), 'SettingsDrawer');
const MobileMenuDrawer = onDemand(() => import('./menu/MobileMenuDrawer'), 'MobileMenuDrawer');

/** Route objects for the workspace; each carries its FlatRoute as `handle`. */
function toRouteObjects(routes: FlatRoute[]): RouteObject[] {
  return routes.map((r) => ({
    path: r.path,
    handle: r,
    element: r.redirect ? <Navigate to={r.redirect} replace /> : <PageHost component={r.component} path={r.path} meta={r.meta} />,
  }));
}

/** Vue2 kept the keep-alive component names under pro__CACHE_INCLUDED_ROUTES; we keep the list too. */
function rememberCachedRoute(name: string | undefined) {
  if (!name) return;
  const list = lsGet<string[]>(KEYS.cachedRoutes) ?? [];
  if (!list.includes(name)) lsSet(KEYS.cachedRoutes, [...list, name]);
}

/**
 * The signed-in layout (spec §2 "Layout"): side menu 200/80 px or top menu, phone drawer, header with
 * auto-hide, breadcrumb, tabbed workspace, footer, theme drawer.
 */
export default function BasicLayout({ routes }: { routes: FlatRoute[] }) {
  const location = useLocation();
  const menu = useSession((s) => s.menu);
  const settings = useSettings();
  const device = useDevice();
  const variant = currentVariant();
  const mobile = device === 'mobile';
  const topMenu = settings.layout === 'topmenu';
  const collapsed = device === 'tablet' || !settings.sidebarOpened;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const headerHidden = useAutoHideHeader(settings.fixedHeader && settings.autoHideHeader);

  const homeTitle = variant.homeTabTitle === 'statisticsAnalysis' ? t.shell.statisticsAnalysis : t.shell.home;
  const entries = useMemo(
    () => visibleMenu(menu ?? [], variant.renameHomeMenu ? t.shell.statisticsAnalysis : undefined),
    [menu, variant.renameHomeMenu],
  );
  const marks = useMemo(() => cornerMarkEntries(entries), [entries]);
  useCornerMarkPolling(marks);

  useEffect(() => {
    // Formily is loaded with the first signed-in screen, never on the login route.
    void import('@formily/core').then((m) => m.setValidateLanguage('zh-CN'));
  }, []);

  const routeObjects = useMemo(() => toRouteObjects(routes), [routes]);
  const matched = useMemo(() => matchRoutes(routeObjects, location)?.at(-1)?.route.handle as FlatRoute | undefined, [routeObjects, location]);
  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  const isHome = location.pathname === HOME_PATH;
  const title = matched
    ? isHome
      ? homeTitle
      : tabTitle(location.pathname, location.search, matched.meta.title, t.shell.tabs)
    : '';
  const keepAlive = !!matched?.meta.keepAlive;
  const componentName = matched?.meta.componentName;
  const current = useMemo<TabItem>(
    () => ({ key: fullPath, path: location.pathname, title, keepAlive }),
    [fullPath, location.pathname, title, keepAlive],
  );
  const home = useMemo<TabItem>(() => {
    const homeRoute = routes.find((r) => r.path === HOME_PATH);
    return { key: HOME_PATH, path: HOME_PATH, title: homeTitle, keepAlive: !!homeRoute?.meta.keepAlive };
  }, [routes, homeTitle]);

  useEffect(() => {
    if (keepAlive) rememberCachedRoute(componentName);
  }, [keepAlive, componentName]);

  useEffect(() => {
    if (title) document.title = documentTitle(title, t.shell.appName, isHome);
  }, [title, isHome]);

  if (!matched) return <Navigate to={NOT_FOUND_PATH} replace />;

  const siderWidth = collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH;
  const showSider = !topMenu && !mobile;
  const fixedSider = showSider && settings.fixSiderbar;
  const toggle = () => (mobile ? setDrawerOpen(true) : setSetting('sidebarOpened', !settings.sidebarOpened));
  const menuTheme = settings.navTheme;

  return (
    <Layout className={`shell-layout shell-layout-${settings.layout} shell-menu-${menuTheme}`}>
      {showSider ? (
        <Layout.Sider
          className={fixedSider ? 'shell-sider shell-sider-fixed' : 'shell-sider'}
          theme={menuTheme}
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsed={collapsed}
          trigger={null}
          collapsible
        >
          <Logo theme={menuTheme} collapsed={collapsed} />
          <NavMenu entries={entries} mode="inline" theme={menuTheme} collapsed={collapsed} />
        </Layout.Sider>
      ) : null}
      {mobile ? (
        <OnDemand when={drawerOpen} onFailed={() => setDrawerOpen(false)}>
          <MobileMenuDrawer entries={entries} theme={menuTheme} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </OnDemand>
      ) : null}
      <Layout className="shell-main" style={fixedSider ? { marginLeft: siderWidth } : undefined}>
        <GlobalHeader
          entries={entries}
          topMenu={topMenu}
          mobile={mobile}
          collapsed={collapsed}
          theme={menuTheme}
          hidden={headerHidden}
          fixed={settings.fixedHeader}
          onToggle={toggle}
          onOpenSettings={() => setSettingsOpen(true)}
          onUserMenuOpen={() => SettingsDrawer.preload().catch(() => undefined)}
        />
        {settings.fixedHeader ? <div className="shell-header-placeholder" /> : null}
        <Layout.Content
          className={
            topMenu && settings.contentWidth === 'Fixed' ? 'shell-content shell-content-fixed' : 'shell-content'
          }
        >
          {mobile ? null : <Breadcrumb homeTitle={homeTitle} trail={matched.trail} isHome={isHome} />}
          <TabWorkspace
            routes={routeObjects}
            current={current}
            home={home}
            multipage={settings.multipage}
            showTabs={settings.multipage && !mobile}
          />
        </Layout.Content>
        <Layout.Footer className="shell-footer">{t.shell.layout.footer(new Date().getFullYear(), t.shell.appName)}</Layout.Footer>
      </Layout>
      <OnDemand when={settingsOpen} onFailed={() => setSettingsOpen(false)}>
        <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      </OnDemand>
    </Layout>
  );
}
