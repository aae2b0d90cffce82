import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forbiddenRoutes, menuRoutePaths } from '../../../src/client/router/forbidden-routes';
import { KNOWN_ROUTE_PATHS } from '../../../src/client/router/known-routes';
import type { FlatRoute } from '../../../src/client/router/menu-routes';
import { fakeServer, ok } from './fake-server';
import { PERMISSIONS, renderApp, resetShell, storeSession } from './harness';
import { registerTestPages } from './test-pages';

let unregister: () => void;
beforeAll(() => {
  unregister = registerTestPages();
});
afterAll(() => unregister());

const SLOW = { timeout: 8000 };
const location = () => screen.getByTestId('location').textContent;
const tabNames = () => Array.from(document.querySelectorAll('.shell-tabs .ant-tabs-tab-btn')).map((t) => t.textContent);
const server = () =>
  fakeServer({
    'GET /sys/permission/getUserPermissionByToken': ok(PERMISSIONS),
    'GET /sys/dashboard/counts': ok({ userCount: 1, departCount: 1, announcementCount: 0, roleCount: 1 }),
  });

const granted = (path: string): FlatRoute => ({
  path,
  component: 'test/Plain',
  meta: { title: path, keepAlive: false, internalOrExternal: false },
  trail: [path],
});

describe('which addresses are forbidden rather than unknown', () => {
  it('knows the pages of the shipped menus, including ones most roles do not get', () => {
    expect(KNOWN_ROUTE_PATHS).toEqual(expect.arrayContaining(['/isystem/user', '/isystem/dict', '/online/cgformList/erp_customer']));
  });

  it('skips entries not registered as routes and external links', () => {
    const paths = menuRoutePaths([
      { key: 'a', name: 'A', url: '/a', children: [{ key: 'b', name: 'B', url: '/a/b' }] },
      { key: 'c', name: 'C', url: '/c', route: false, children: [{ key: 'd', name: 'D', url: '/c/d' }] },
      { key: 'e', name: 'E', url: 'https://docs.example/' },
    ]);
    expect(paths).toEqual(['/a', '/a/b']);
  });

  it('turns every known address no granted route matches into the 403 page, once', () => {
    const out = forbiddenRoutes(
      [granted('/isystem/user'), granted('/online/cgformList/:code')],
      ['/isystem/user', '/isystem/dict', '/isystem/dict', '/online/cgformList/erp_customer', '/x/:code'],
    );
    expect(out.map((r) => [r.path, r.component, r.meta.title])).toEqual([
      ['/isystem/dict', 'exception/403', '无权访问'],
      ['/x/:code', 'exception/403', '无权访问'],
    ]);
  });
});

describe('exception and result pages in the console', () => {
  beforeEach(() => {
    resetShell();
    storeSession();
    server();
  });

  it.each([
    ['/exception/403', '抱歉，你无权访问该页面。如需使用，请联系管理员开通权限。', '无权访问'],
    ['/exception/404', '抱歉，你访问的页面不存在', '页面不存在'],
    ['/exception/500', '抱歉，服务器出错了', '服务器出错'],
    ['/result/success', '操作已完成。', '操作成功'],
    ['/result/fail', '请核对并修改信息后，再重新提交。', '操作失败'],
  ])('%s opens inside the layout with its own tab', async (path, text, tab) => {
    renderApp(path);
    expect(await screen.findByText(text, {}, SLOW)).toBeInTheDocument();
    expect(location()).toBe(path);
    expect(tabNames()).toContain(tab);
  });

  it.each([
    ['/403', '抱歉，你无权访问该页面。如需使用，请联系管理员开通权限。'],
    ['/500', '抱歉，服务器出错了'],
  ])('%s opens on its own like /404', async (path, text) => {
    renderApp(path);
    expect(await screen.findByText(text, {}, SLOW)).toBeInTheDocument();
    expect(location()).toBe(path);
    expect(document.querySelector('.shell-layout')).toBeNull();
  });

  it('result pages keep their own words whatever the address says', async () => {
    renderApp('/result/fail?title=账户已冻结&description=请拨打 400 电话');
    const title = await screen.findByText('操作失败', { selector: '.ant-result-title' }, SLOW);
    const result = title.closest('.ant-result') as HTMLElement;
    expect(within(result).queryByText(/账户已冻结|400 电话/)).not.toBeInTheDocument();
    expect(within(result).getByText('请核对并修改信息后，再重新提交。')).toBeInTheDocument();
  });

  it('a known page the menu does not grant shows 403 at its address, with the way home', async () => {
    renderApp('/isystem/dict');
    const hint = await screen.findByText('抱歉，你无权访问该页面。如需使用，请联系管理员开通权限。', {}, SLOW);
    expect(location()).toBe('/isystem/dict');
    const result = hint.closest('.ant-result') as HTMLElement;
    await userEvent.click(within(result).getByRole('button', { name: '返回首页' }));
    expect(location()).toBe('/dashboard/analysis');
  });

  it('an address that names nothing still goes to 404', async () => {
    renderApp('/isystem/no-such-page');
    expect(await screen.findByText('抱歉，你访问的页面不存在', {}, SLOW)).toBeInTheDocument();
    expect(location()).toBe('/404');
  });

  it('a granted page is never shadowed by the 403 route', async () => {
    renderApp('/isystem/role');
    expect(await screen.findByRole('heading', { name: '页面 /isystem/role' }, SLOW)).toBeInTheDocument();
  });

  it('a page not built yet explains itself in Chinese without internal names and leads home', async () => {
    renderApp('/medicalRecords/list');
    expect(await screen.findByText('该功能尚未开放', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/MedicalRecordsList|页面组件未找到/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(location()).toBe('/dashboard/analysis');
  });
});
