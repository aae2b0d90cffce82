import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { resetSessionEndingForTests } from '../../../src/client/api/http';
import { setRuntimeConfig } from '../../../src/client/config/runtime';
import { RouteGuard } from '../../../src/client/router/RouteGuard';
import { ThemeProvider } from '../../../src/client/layout/settings/ThemeProvider';
import { loadSettings, useSettings } from '../../../src/client/layout/settings/store';
import { resetTabs } from '../../../src/client/layout/tabs/store';
import { reloadSessionFromStorage } from '../../../src/client/session/store';
import type { MenuNode, UserInfo } from '../../../src/client/session/types';

/** A fresh console: empty storage, default config and settings, no tabs. */
export function resetShell(width = 1440) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  localStorage.clear();
  sessionStorage.clear();
  setRuntimeConfig({ apiBase: '/jeecg-boot', staticDomain: '/jeecg-boot/sys/common/static', appCode: 'YJY-ERP-WEB', webAlias: '', casLoginUrl: '' });
  reloadSessionFromStorage();
  useSettings.setState(loadSettings(), true);
  resetTabs();
  resetSessionEndingForTests();
}

/** Puts a signed-in session in storage as a previous sign-in would have. */
export function storeSession(user: Partial<UserInfo> = {}) {
  const put = (k: string, v: unknown) => localStorage.setItem(`pro__${k}`, JSON.stringify({ value: v, expire: Date.now() + 60_000 }));
  put('Access-Token', 'tok-123');
  put('Login_Userinfo', { id: 'u1', username: 'admin', realname: '管理员', orgCode: 'A01', ...user });
  reloadSessionFromStorage();
}

/** Shows the current location in the page so tests can read where the app went. */
export function LocationProbe() {
  const l = useLocation();
  return <output data-testid="location">{`${l.pathname}${l.search}`}</output>;
}

/** The whole console (guard, routes, layout) at a path. */
export function renderApp(path: string) {
  return render(
    <ThemeProvider>
      <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <RouteGuard />
        <LocationProbe />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

export function renderAt(ui: ReactElement, path: string, routePath = '*') {
  return render(
    <ThemeProvider>
      <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes>
          <Route path={routePath} element={ui} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

const node = (path: string, component: string, title: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id: path,
  route: '1',
  path,
  component,
  name: path,
  meta: { title, keepAlive: false, internalOrExternal: false, componentName: component.split('/').pop() },
  ...extra,
});

/** A menu like the server's: home, a system folder with pages (one kept alive), a hidden route. */
export const MENU: MenuNode[] = [
  node('/dashboard/analysis', 'dashboard/Analysis', '首页', { meta: { title: '首页', icon: 'home' } }),
  node('/isystem', 'layouts/RouteView', '系统管理', {
    meta: { title: '系统管理', icon: 'setting' },
    children: [
      node('/isystem/user', 'test/Counter', '用户管理', { meta: { title: '用户管理', keepAlive: true, componentName: 'Counter' } }),
      node('/isystem/role', 'test/Plain', '角色管理', { meta: { title: '角色管理', cornerMark: '/test/roleCount' } }),
      node('/isystem/dept2', 'test/Plain', '科室', { meta: { title: '科室', cornerMark: '/test/broken' } }),
      node('/isystem/depart', 'test/Plain', '部门管理'),
      node('/isystem/missing', 'system/NobodyHasThis', '缺失页面'),
      node('/isystem/hiddenPage', 'test/Plain', '隐藏页面', { hidden: true }),
    ],
  }),
  node('/report/daily', 'test/Plain', '日报'),
  node('/doc', 'layouts/IframePageView', '在线文档', { meta: { title: '在线文档', url: 'https://docs.example/x?token=${token}&tenant=${tenantId}' } }),
  node('/ext', 'layouts/IframePageView', '外部系统', {
    meta: { title: '外部系统', url: 'https://ext.example/?t=${token}', internalOrExternal: true },
  }),
  node('/chronic/modules/diseaseIntervene/healthInfo', 'test/Plain', '健康档案', { hidden: true }),
];

export const PERMISSIONS = {
  menu: MENU,
  auth: [{ action: 'user:add', type: '1' }],
  allAuth: [{ action: 'user:add', type: '1', status: '1' }],
};
