import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '../../../src/client/router/navigation';
import { bizFail, fakeServer, ok } from './fake-server';
import { PERMISSIONS, renderApp, resetShell, storeSession } from './harness';
import { registerTestPages } from './test-pages';

let unregister: () => void;
beforeAll(() => {
  unregister = registerTestPages();
});
afterAll(() => unregister());

const SLOW = { timeout: 8000 };
const baseRoutes = {
  'GET /sys/permission/getUserPermissionByToken': ok(PERMISSIONS),
  'GET /sys/schema/dashboard': ok({ code: 'home', title: '首页', cards: [] }),
  'POST /sys/logout': ok('退出登录成功！'),
};

async function openUserMenu() {
  await userEvent.click(await screen.findByRole('button', { name: '欢迎，管理员' }, SLOW));
}
const menuEntry = (name: string) => screen.findByRole('menuitem', { name: new RegExp(name) });
/** Types a whole value at once (antd inputs re-render per keystroke, which is slow in jsdom). */
const fill = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const stored = (name: string) => JSON.parse(localStorage.getItem(`pro__${name}`) ?? 'null')?.value;

describe('header and user menu', () => {
  beforeEach(() => resetShell());
  afterEach(() => vi.restoreAllMocks());

  it('greets the user and offers the dropdown entries; the doctor QR only for workClass 4', async () => {
    storeSession({ workClass: '2' });
    fakeServer(baseRoutes);
    renderApp('/isystem/role');
    await openUserMenu();
    for (const name of [
      '系统设置',
      '修改密码',
      '清除字典缓存',
      '清除系统缓存',
      '意见反馈',
      '切换部门',
      '退出登录',
    ]) {
      expect(await menuEntry(name)).toBeInTheDocument();
    }
    expect(
      screen.getByRole('menuitem', { name: /(早上好|上午好|中午好|下午好|晚上好)，管理员/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /医生二维码/ })).not.toBeInTheDocument();
  });

  it('shows the doctor QR code from the server in a 600-wide modal', async () => {
    storeSession({ workClass: '4' });
    const server = fakeServer({
      ...baseRoutes,
      'GET /api/sys/staff/user/wxmpQrCode': ok('data:image/png;base64,iVBORw0KGgo='),
    });
    renderApp('/isystem/role');
    await openUserMenu();
    await userEvent.click(await menuEntry('医生二维码'));
    // The modal is a lazy chunk: its first load may take seconds on a busy machine.
    const img = await screen.findByRole('img', { name: '医生二维码' }, SLOW);
    expect(img).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(server.last('GET', '/api/sys/staff/user/wxmpQrCode')?.params).toMatchObject({ id: 'u1' });
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('600px');
  });

  it('logs out after 真的要注销登录吗？: clears the session, tells the server, loads the login route', async () => {
    storeSession();
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const server = fakeServer(baseRoutes);
    renderApp('/isystem/role');
    await userEvent.click(await screen.findByRole('button', { name: /退出登录/ }, SLOW));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('真的要注销登录吗？')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/user/login'));
    expect(server.last('POST', '/sys/logout')?.headers['x-access-token']).toBe('tok-123');
    expect(localStorage.getItem('pro__Access-Token')).toBeNull();
    expect(localStorage.getItem('pro__Login_Userinfo')).toBeNull();
    expect(sessionStorage.getItem('LOGIN_USER_BUTTON_AUTH')).toBeNull();
  });

  it('still leaves when the server logout fails', async () => {
    storeSession();
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    fakeServer({
      ...baseRoutes,
      'POST /sys/logout': { status: 500, body: { success: false, message: '退出登录失败！' } },
    });
    renderApp('/isystem/role');
    await userEvent.click(await screen.findByRole('button', { name: /退出登录/ }, SLOW));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/user/login'));
  });

  it('clears the dictionary cache and stores the fresh dictionaries', async () => {
    storeSession();
    const server = fakeServer({
      ...baseRoutes,
      'GET sys/dict/refleshCache': { body: { success: true, code: 0, message: '', result: null } },
      'GET sys/dict/queryAllDictItems': ok({ sex: [{ value: '1', text: '男' }] }),
    });
    renderApp('/isystem/role');
    await openUserMenu();
    await userEvent.click(await menuEntry('清除字典缓存'));
    expect(await screen.findByText('刷新缓存完成！')).toBeInTheDocument();
    expect(stored('UI_CACHE_DB_DICT_DATA')).toEqual({ sex: [{ value: '1', text: '男' }] });
    const order = server.calls.map((c) => c.url).filter((u) => u.startsWith('sys/dict'));
    expect(order).toEqual(['sys/dict/refleshCache', 'sys/dict/queryAllDictItems']);
  });

  it('reports 刷新缓存失败 when the refresh fails', async () => {
    storeSession();
    fakeServer({ ...baseRoutes, 'GET sys/dict/refleshCache': bizFail('缓存服务不可用') });
    renderApp('/isystem/role');
    await openUserMenu();
    await userEvent.click(await menuEntry('清除字典缓存'));
    expect(await screen.findByText('刷新缓存失败')).toBeInTheDocument();
  });

  it('clears the system cache', async () => {
    storeSession();
    const server = fakeServer({ ...baseRoutes, 'GET /api/yjy/common/clearCache': ok(null, '清除成功') });
    renderApp('/isystem/role');
    await openUserMenu();
    await userEvent.click(await menuEntry('清除系统缓存'));
    expect(await screen.findByText('清除成功')).toBeInTheDocument();
    expect(server.last('GET', '/api/yjy/common/clearCache')).toBeTruthy();
  });

  it('changes the password with the spec rules', async () => {
    storeSession();
    const server = fakeServer({
      ...baseRoutes,
      'PUT /sys/user/updatePassword': ok('密码修改成功！', '密码修改成功！'),
    });
    renderApp('/isystem/role');
    await openUserMenu();
    await userEvent.click(await menuEntry('修改密码'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入旧密码')).toBeInTheDocument();
    fill(within(dialog).getByPlaceholderText('请输入旧密码'), 'Demo@2026');
    fill(within(dialog).getByPlaceholderText('请输入新密码'), 'NewPass#2026');
    fill(within(dialog).getByPlaceholderText('请确认新密码'), 'Other#2026');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('两次输入的密码不一样！')).toBeInTheDocument();
    fill(within(dialog).getByPlaceholderText('请确认新密码'), 'NewPass#2026');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('密码修改成功！')).toBeInTheDocument();
    expect(server.last('PUT', '/sys/user/updatePassword')?.body).toEqual({
      oldpassword: 'Demo@2026',
      password: 'NewPass#2026',
      confirmpassword: 'NewPass#2026',
    });
  });

  it('switches department', async () => {
    storeSession();
    const server = fakeServer({
      ...baseRoutes,
      'GET /sys/user/getCurrentUserDeparts': ok({
        list: [
          { id: '1', departName: '总院', orgCode: 'A01' },
          { id: '2', departName: '分院', orgCode: 'A02' },
        ],
        orgCode: 'A01',
      }),
      'PUT /sys/selectDepart': ok({
        userInfo: { id: 'u1', username: 'admin', realname: '管理员', orgCode: 'A02' },
      }),
    });
    renderApp('/isystem/role');
    await openUserMenu();
    await userEvent.click(await menuEntry('切换部门'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('分院'));
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('部门已切换')).toBeInTheDocument();
    expect(server.last('PUT', '/sys/selectDepart')?.body).toEqual({ orgCode: 'A02' });
    expect(stored('Login_Userinfo')).toMatchObject({ orgCode: 'A02' });
  });

  it('goes to my feedback from 意见反馈', async () => {
    storeSession();
    fakeServer(baseRoutes);
    renderApp('/isystem/role');
    await openUserMenu();
    await userEvent.click(await menuEntry('意见反馈'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/system/feedback/my/List'));
    const tabs = document.querySelector('.shell-tabs') as HTMLElement;
    expect(await within(tabs).findByText('我的反馈')).toBeInTheDocument();
  });

  it('menu search opens pages by routing, skipping layout-only and hidden entries', async () => {
    storeSession();
    fakeServer(baseRoutes);
    renderApp('/isystem/role');
    const search = await screen.findByRole('combobox', { name: '搜索菜单' }, SLOW);
    await userEvent.type(search, '管理');
    const listbox = await screen.findByRole('listbox');
    const options = Array.from(document.querySelectorAll('.ant-select-item-option')).map(
      (o) => o.textContent,
    );
    expect(options).toEqual(['用户管理', '角色管理', '部门管理']);
    expect(listbox).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('部门管理'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/isystem/depart'));
  });
});

describe('settings drawer', () => {
  beforeEach(() => resetShell());

  it('applies and remembers theme settings under the Vue2 names', async () => {
    storeSession();
    fakeServer(baseRoutes);
    renderApp('/isystem/role');
    await openUserMenu();
    await userEvent.click(await menuEntry('系统设置'));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(within(drawer).getByRole('radio', { name: '酱紫' }));
    expect(stored('DEFAULT_COLOR')).toBe('#722ED1');
    await userEvent.click(within(drawer).getByText('亮色菜单风格'));
    expect(stored('DEFAULT_THEME')).toBe('light');
    expect(document.querySelector('.shell-sider')).toHaveClass('ant-layout-sider-light');
    await userEvent.click(within(drawer).getByRole('switch', { name: '色弱模式' }));
    expect(stored('DEFAULT_COLOR_WEAK')).toBe(true);
    expect(document.documentElement).toHaveClass('shell-color-weak');
    await userEvent.click(within(drawer).getByRole('switch', { name: '固定 Header' }));
    expect(stored('DEFAULT_FIXED_HEADER')).toBe(true);
    await userEvent.click(within(drawer).getByText('顶部栏导航'));
    expect(stored('DEFAULT_LAYOUT_MODE')).toBe('topmenu');
    expect(document.querySelector('.shell-sider')).toBeNull();
    await userEvent.click(within(drawer).getByText('小'));
    expect(stored('MENU_FONT_SIZE')).toBe('S');
    const raw = JSON.parse(localStorage.getItem('pro__DEFAULT_COLOR') ?? '{}');
    expect(raw).toEqual({ value: '#722ED1', expire: null });
  });
});
