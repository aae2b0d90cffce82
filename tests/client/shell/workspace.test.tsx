import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSetting } from '../../../src/client/layout/settings/store';
import { bizFail, fakeServer, ok } from './fake-server';
import { PERMISSIONS, renderApp, resetShell, storeSession } from './harness';
import { registerTestPages } from './test-pages';

let unregister: () => void;
beforeAll(() => {
  unregister = registerTestPages();
});
afterAll(() => unregister());

/** The home dashboard: one number card over a stat (the charts themselves are tested in tests/unit and e2e). */
const HOME = {
  code: 'home',
  title: '首页',
  cards: [{ type: 'number', title: '用户数', stat: 'user_count', accepts: {} }],
};
const USERS = (n: number) => ({ code: 'user_count', title: '用户数', dimensions: [], measures: [{ key: 'count', title: '人数' }], rows: [{ count: n }] });
const server = () =>
  fakeServer({
    'GET /sys/permission/getUserPermissionByToken': ok(PERMISSIONS),
    'GET /sys/schema/dashboard': ok(HOME),
    'GET /sys/stats/user_count': ok(USERS(56)),
    'POST /sys/logout': ok('退出登录成功！'),
  });

const SLOW = { timeout: 8000 };
const location = () => screen.getByTestId('location').textContent;
const tabList = () => screen.getByRole('tablist');
const tabButtons = () => Array.from(tabList().querySelectorAll<HTMLElement>('.ant-tabs-tab-btn'));
const tabNames = () => tabButtons().map((t) => t.textContent);
const tabLabel = (name: string) => within(tabList()).getByText(name);
const closeButton = (name: string) => {
  const tab = tabButtons().find((t) => t.textContent === name);
  const remove = tab?.closest('.ant-tabs-tab')?.querySelector('button.ant-tabs-tab-remove');
  if (!remove) throw new Error(`no close button on ${name}`);
  return remove as HTMLElement;
};
const menuItem = (name: string) => within(document.querySelector('.shell-sider') as HTMLElement).getByText(name);

describe('route guard and dynamic routes', () => {
  beforeEach(() => resetShell());

  it('sends a visitor without a session to the login page with the intended path', async () => {
    server();
    renderApp('/isystem/user?tab=2');
    expect(await screen.findByRole('tab', { name: '账户密码登录' })).toBeInTheDocument();
    expect(location()).toBe('/user/login?redirect=%2Fisystem%2Fuser%3Ftab%3D2');
  });

  it('with a token loads the menu, builds routes and shows the requested page inside the layout', async () => {
    storeSession();
    const s = server();
    renderApp('/isystem/role');
    expect(await screen.findByRole('heading', { name: '页面 /isystem/role' }, SLOW)).toBeInTheDocument();
    expect(s.calls.filter((c) => c.url === '/sys/permission/getUserPermissionByToken')).toHaveLength(1);
    expect(menuItem('用户管理')).toBeInTheDocument();
    expect(screen.queryByText('隐藏页面')).not.toBeInTheDocument();
    expect(tabNames()).toEqual(['首页', '角色管理']);
    expect(document.title).toBe('角色管理 - 健康服务中心');
    expect(JSON.parse(sessionStorage.getItem('LOGIN_USER_BUTTON_AUTH') ?? '[]')).toEqual(PERMISSIONS.auth);
  });

  it('registers hidden routes and shows a clear page for unknown components', async () => {
    storeSession();
    server();
    renderApp('/isystem/hiddenPage');
    expect(await screen.findByRole('heading', { name: '页面 /isystem/hiddenPage' }, SLOW)).toBeInTheDocument();
    await userEvent.click(menuItem('系统管理'));
    await userEvent.click(await screen.findByText('缺失页面'));
    expect(await screen.findByText('该功能尚未开放')).toBeInTheDocument();
    expect(screen.queryByText(/system\/NobodyHasThis/)).not.toBeInTheDocument();
  });

  it('redirects unknown paths to /404', async () => {
    storeSession();
    server();
    renderApp('/no/such/page');
    expect(await screen.findByText('抱歉，你访问的页面不存在')).toBeInTheDocument();
    expect(location()).toBe('/404');
  });

  it('signs out when the permission call fails', async () => {
    storeSession();
    const s = fakeServer({
      'GET /sys/permission/getUserPermissionByToken': bizFail('获取菜单失败'),
      'POST /sys/logout': ok('退出登录成功！'),
    });
    renderApp('/isystem/user');
    expect(await screen.findByRole('tab', { name: '账户密码登录' })).toBeInTheDocument();
    expect(location()).toBe('/user/login?redirect=%2Fisystem%2Fuser');
    expect(localStorage.getItem('pro__Access-Token')).toBeNull();
    expect(s.last('POST', '/sys/logout')?.headers['x-access-token']).toBe('tok-123');
  });

  it('shows the home dashboard of the application code', async () => {
    storeSession();
    const s = server();
    renderApp('/');
    expect(await screen.findByText('56', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText('用户数')).toBeInTheDocument();
    expect(s.last('GET', '/sys/schema/dashboard')?.params.appCode).toBe('YJY-ERP-WEB');
    expect(location()).toBe('/dashboard/analysis');
    expect(document.title).toBe('健康服务中心');
  });

  it('shows a dashboard error with a retry that loads again', async () => {
    storeSession();
    let fail = true;
    fakeServer({
      'GET /sys/permission/getUserPermissionByToken': ok(PERMISSIONS),
      'GET /sys/schema/dashboard': () => (fail ? bizFail('统计服务不可用') : ok(HOME)),
      'GET /sys/stats/user_count': ok(USERS(17)),
    });
    renderApp('/dashboard/analysis');
    expect(await screen.findByText('统计服务不可用', undefined, SLOW)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('17', undefined, SLOW)).toBeInTheDocument();
  });
});

describe('side menu', () => {
  beforeEach(() => resetShell());

  it('polls corner-mark URLs for badges, sums them on the parent, 0 on failure; selecting raises dynamic-route-show', async () => {
    storeSession();
    fakeServer({
      'GET /sys/permission/getUserPermissionByToken': ok(PERMISSIONS),
      'GET /test/roleCount': ok(4),
      'GET /test/broken': { status: 500, body: { success: false, message: '统计失败' } },
    });
    const seen: unknown[] = [];
    const onShow = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener('dynamic-route-show', onShow);
    renderApp('/isystem/user');
    await screen.findByRole('button', { name: '计数 0' }, SLOW);
    const sider = document.querySelector('.shell-sider') as HTMLElement;
    await waitFor(() => expect(within(sider).getAllByText('4')).toHaveLength(2));
    const role = within(sider).getByText('角色管理').closest('li') as HTMLElement;
    expect(within(role).getByText('4')).toBeInTheDocument();
    const dept = within(sider).getByText('科室').closest('li') as HTMLElement;
    expect(dept.querySelector('.ant-badge')).toBeNull();
    expect(screen.queryByText('统计失败')).not.toBeInTheDocument();
    await userEvent.click(within(sider).getByText('角色管理'));
    expect(seen).toContainEqual({ path: '/isystem/role', title: '角色管理' });
    window.removeEventListener('dynamic-route-show', onShow);
  });
});

describe('iframe view', () => {
  beforeEach(() => resetShell());
  afterEach(() => vi.restoreAllMocks());

  it('shows the menu URL in a frame with the session token substituted', async () => {
    storeSession();
    server();
    renderApp('/doc');
    const frame = await screen.findByTitle('在线文档', undefined, SLOW);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://docs.example/x?token=tok-123&tenant=0');
  });

  it('a menu click on an external entry opens a new window without routing', async () => {
    storeSession();
    server();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderApp('/isystem/role');
    await screen.findByRole('heading', { name: '页面 /isystem/role' }, SLOW);
    await userEvent.click(menuItem('外部系统'));
    expect(open).toHaveBeenCalledWith('https://ext.example/?t=tok-123', '_blank', 'noopener');
    expect(location()).toBe('/isystem/role');
  });

  it('reached by address, an external entry opens its window and its tab closes again', async () => {
    storeSession();
    server();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderApp('/ext');
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://ext.example/?t=tok-123', '_blank', 'noopener'));
    await waitFor(() => expect(location()).toBe('/dashboard/analysis'));
    expect(tabNames()).toEqual(['首页']);
  });
});

describe('tab workspace', () => {
  beforeEach(() => {
    resetShell();
    storeSession();
    server();
  });

  it('opens a tab per page, keeps keep-alive pages alive and re-mounts others', async () => {
    renderApp('/isystem/user');
    await userEvent.click(await screen.findByRole('button', { name: '计数 0' }, SLOW));
    await userEvent.click(menuItem('角色管理'));
    const note = await screen.findByRole('textbox', { name: '备注' });
    await userEvent.type(note, '草稿');
    expect(tabNames()).toEqual(['首页', '用户管理', '角色管理']);

    await userEvent.click(tabLabel('用户管理'));
    expect(await screen.findByRole('button', { name: '计数 1' })).toBeVisible();
    expect(location()).toBe('/isystem/user');
    await userEvent.click(tabLabel('角色管理'));
    expect(await screen.findByRole('textbox', { name: '备注' })).toHaveValue('');
  });

  it('keys tabs by full path: the same page with another query opens another tab', async () => {
    renderApp('/isystem/role?id=1');
    await screen.findByRole('heading', { name: '页面 /isystem/role' }, SLOW);
    await userEvent.click(screen.getByRole('link', { name: '下一条' }));
    await waitFor(() => expect(location()).toBe('/isystem/role?n=next'));
    expect(tabNames()).toEqual(['首页', '角色管理', '角色管理']);
    await userEvent.click(tabButtons()[1]);
    expect(location()).toBe('/isystem/role?id=1');
  });

  it('refuses to close the home tab and activates the neighbour after a close', async () => {
    renderApp('/isystem/role');
    await screen.findByRole('heading', { name: '页面 /isystem/role' }, SLOW);
    await userEvent.click(menuItem('部门管理'));
    await screen.findByRole('heading', { name: '页面 /isystem/depart' });
    await userEvent.click(closeButton('首页'));
    expect(await screen.findByText('首页不能关闭!')).toBeInTheDocument();
    expect(tabNames()).toEqual(['首页', '角色管理', '部门管理']);

    await userEvent.click(tabLabel('角色管理'));
    await userEvent.click(closeButton('角色管理'));
    await waitFor(() => expect(tabNames()).toEqual(['首页', '部门管理']));
    expect(location()).toBe('/isystem/depart');
  });

  it('right-click menu: close others keeps home, refresh re-mounts the page', async () => {
    renderApp('/isystem/role');
    await screen.findByRole('heading', { name: '页面 /isystem/role' }, SLOW);
    await userEvent.click(menuItem('部门管理'));
    await userEvent.click(menuItem('用户管理'));
    await userEvent.click(await screen.findByRole('button', { name: '计数 0' }));
    expect(tabNames()).toEqual(['首页', '角色管理', '部门管理', '用户管理']);

    fireEvent.contextMenu(tabLabel('用户管理'), { clientX: 300, clientY: 120 });
    await userEvent.click(await screen.findByText('刷新'));
    expect(await screen.findByRole('button', { name: '计数 0' })).toBeInTheDocument();

    fireEvent.contextMenu(tabLabel('部门管理'), { clientX: 300, clientY: 120 });
    await userEvent.click(await screen.findByText('关闭其他'));
    await waitFor(() => expect(tabNames()).toEqual(['首页', '部门管理']));
    expect(location()).toBe('/isystem/depart');

    fireEvent.contextMenu(tabLabel('部门管理'), { clientX: 300, clientY: 120 });
    await userEvent.click(await screen.findByText('关闭左侧'));
    expect(tabNames()).toEqual(['首页', '部门管理']);
  });

  it('with multi-tab off keeps only the current route; the last tab then cannot be closed', async () => {
    renderApp('/isystem/role');
    await screen.findByRole('heading', { name: '页面 /isystem/role' }, SLOW);
    await userEvent.click(menuItem('部门管理'));
    await screen.findByRole('heading', { name: '页面 /isystem/depart' });
    act(() => setSetting('multipage', false));
    await waitFor(() => expect(screen.queryByRole('tablist')).not.toBeInTheDocument());
    act(() => setSetting('multipage', true));
    await screen.findByRole('tablist');
    expect(tabNames()).toEqual(['部门管理']);
    await userEvent.click(closeButton('部门管理'));
    expect(await screen.findByText('这是最后一页，不能再关闭了啦')).toBeInTheDocument();
  });

  it('names patient files after the patient', async () => {
    renderApp('/chronic/modules/diseaseIntervene/healthInfo?patientName=%E5%BC%A0%E4%B8%89');
    await screen.findByRole('heading', { name: '页面 /chronic/modules/diseaseIntervene/healthInfo' }, SLOW);
    expect(tabNames()).toEqual(['首页', '张三档案']);
    expect(document.title).toBe('张三档案 - 健康服务中心');
  });

  it('shows the breadcrumb from home', async () => {
    renderApp('/isystem/role');
    await screen.findByRole('heading', { name: '页面 /isystem/role' }, SLOW);
    const crumbs = document.querySelector('.shell-breadcrumb') as HTMLElement;
    expect(within(crumbs).getByText('首页')).toBeInTheDocument();
    expect(within(crumbs).getByText('系统管理')).toBeInTheDocument();
    expect(within(crumbs).getByText('角色管理')).toBeInTheDocument();
  });
});
