import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import LoginPage from '../../../src/client/pages/login/LoginPage';
import { setRuntimeConfig } from '../../../src/client/config/runtime';
import { bizFail, fakeServer, ok } from './fake-server';
import { renderAt, resetShell } from './harness';

const loginResult = (extra: Record<string, unknown> = {}) => ({
  token: 'new-token',
  userInfo: { id: 'u1', username: 'admin', realname: '管理员', orgCode: 'A01' },
  departs: [{ id: 'd1', departName: '总院', orgCode: 'A01' }],
  multi_depart: 1,
  sysAllDictItems: { sex: [{ value: '1', text: '男' }] },
  tenantList: [{ id: 1, name: '北京租户' }],
  ...extra,
});

const stored = (name: string) =>
  JSON.parse(localStorage.getItem(`pro__${name}`) ?? 'null') as {
    value: unknown;
    expire: number | null;
  } | null;

/** Drags the slider handle all the way across. */
async function passSlider() {
  const handle = screen.getByRole('slider');
  fireEvent.pointerDown(handle, { clientX: 0, pointerId: 1 });
  fireEvent.pointerMove(handle, { clientX: 1000, pointerId: 1 });
  fireEvent.pointerUp(handle, { clientX: 1000, pointerId: 1 });
  await screen.findByText('验证通过');
}

describe('sign-in screen', () => {
  beforeEach(() => resetShell());

  it('shows the spec validation messages and refuses to submit before the slider passes', async () => {
    const server = fakeServer({});
    renderAt(<LoginPage />, '/user/login');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();

    await userEvent.type(screen.getByPlaceholderText('请输入用户名'), 'admin');
    await userEvent.type(screen.getByPlaceholderText('请输入密码'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请先完成滑块验证')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('phone tab validates the mobile number (1 then 3/4/5/7/8)', async () => {
    fakeServer({});
    renderAt(<LoginPage />, '/user/login');
    await userEvent.click(screen.getByRole('tab', { name: '手机号登录' }));
    await userEvent.type(screen.getByPlaceholderText('请输入手机号码'), '12345678901');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入正确手机号')).toBeInTheDocument();
    expect(screen.getByText('请输入验证码')).toBeInTheDocument();
  });

  it('switches sign-in modes from the keyboard: arrows (and Home/End) move and select, one Tab stop', async () => {
    const server = fakeServer({});
    renderAt(<LoginPage />, '/user/login');
    const password = screen.getByRole('tab', { name: '账户密码登录' });
    const phone = screen.getByRole('tab', { name: '手机号登录' });
    expect(screen.getByRole('tablist')).toContainElement(password);
    expect(password).toHaveAttribute('aria-selected', 'true');
    expect(password).toHaveAttribute('tabindex', '0');
    expect(phone).toHaveAttribute('aria-selected', 'false');
    expect(phone).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: '账户密码登录' })).toContainElement(
      screen.getByPlaceholderText('请输入用户名'),
    );

    password.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(phone).toHaveFocus();
    expect(phone).toHaveAttribute('aria-selected', 'true');
    expect(phone).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tabpanel', { name: '手机号登录' })).toContainElement(
      screen.getByPlaceholderText('请输入手机号码'),
    );
    expect(screen.queryByPlaceholderText('请输入用户名')).not.toBeInTheDocument();

    await userEvent.keyboard('{ArrowRight}');
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    expect(phone).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(password).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(phone).toHaveAttribute('aria-selected', 'true');

    // The tabs are buttons inside the form: choosing one never submits it.
    await userEvent.click(password);
    expect(screen.getByPlaceholderText('请输入用户名')).toBeInTheDocument();
    expect(document.querySelector('.ant-form-item-explain-error')).toBeNull();
    expect(server.calls).toHaveLength(0);
  });

  it('signs in: stores token, user, dictionaries (7 days) and the username, then follows the redirect query', async () => {
    const server = fakeServer({ 'POST /sys/login': ok(loginResult(), '登录成功') });
    renderAt(<LoginPage />, '/user/login?redirect=%2Fisystem%2Fuser%3Fx%3D1');
    await userEvent.type(screen.getByPlaceholderText('请输入用户名'), ' admin ');
    await userEvent.type(screen.getByPlaceholderText('请输入密码'), 'Demo@2026');
    await passSlider();
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/isystem/user?x=1'));
    expect(server.calls[0].body).toMatchObject({ username: 'admin', password: 'Demo@2026' });
    const token = stored('Access-Token');
    expect(token?.value).toBe('new-token');
    expect((token?.expire ?? 0) - Date.now()).toBeGreaterThan(604_700_000);
    expect(stored('Login_Userinfo')?.value).toMatchObject({ username: 'admin' });
    expect(stored('UI_CACHE_DB_DICT_DATA')?.value).toEqual({ sex: [{ value: '1', text: '男' }] });
    expect(stored('Login_Username')?.value).toBe('admin');
    expect(stored('TENANT_ID')?.value).toBe('1');
  });

  it('signs in through CAS when the server sends the browser back with a ticket', async () => {
    const server = fakeServer({ 'GET /sys/cas/client/validateLogin': ok(loginResult(), '登录成功') });
    renderAt(<LoginPage />, '/user/login?redirect=%2Fisystem%2Fuser&ticket=ST-1-abc');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/isystem/user'));
    const calls = server.calls.filter((c) => c.url === '/sys/cas/client/validateLogin');
    expect(calls).toHaveLength(1);
    expect(calls[0].params.ticket).toBe('ST-1-abc');
    // The service named is the page CAS returned to, without the ticket.
    const service = new URL(String(calls[0].params.service));
    expect(service.pathname).toBe('/user/login');
    expect(service.search).toBe('?redirect=%2Fisystem%2Fuser');
    expect(stored('Access-Token')?.value).toBe('new-token');
  });

  it('shows why a CAS ticket was refused and drops it from the address', async () => {
    const server = fakeServer({ 'GET /sys/cas/client/validateLogin': bizFail('票据无效或已过期') });
    renderAt(<LoginPage />, '/user/login?ticket=ST-2-old');
    expect(await screen.findByText('票据无效或已过期')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/user/login'));
    expect(screen.queryByText('正在通过单点登录进入系统…')).toBeNull();
    expect(server.calls.filter((c) => c.url === '/sys/cas/client/validateLogin')).toHaveLength(1);
    expect(localStorage.getItem('pro__Access-Token')).toBeNull();
  });

  it('offers 单点登录 only when the server names a CAS login page', async () => {
    fakeServer({});
    const first = renderAt(<LoginPage />, '/user/login');
    expect(screen.queryByText('单点登录')).toBeNull();
    first.unmount();
    setRuntimeConfig({ casLoginUrl: 'https://cas.example.org/cas/login' });
    renderAt(<LoginPage />, '/user/login?redirect=%2Fisystem%2Fuser');
    const link = screen.getByRole('link', { name: '单点登录' });
    const target = new URL(link.getAttribute('href') ?? '');
    expect(target.origin + target.pathname).toBe('https://cas.example.org/cas/login');
    const service = new URL(target.searchParams.get('service') ?? '');
    expect(service.pathname + service.search).toBe('/user/login?redirect=%2Fisystem%2Fuser');
  });

  it('prefills the remembered username', () => {
    localStorage.setItem('pro__Login_Username', JSON.stringify({ value: 'lina', expire: null }));
    fakeServer({});
    renderAt(<LoginPage />, '/user/login');
    expect(screen.getByPlaceholderText('请输入用户名')).toHaveValue('lina');
  });

  it('shows the server refusal and resets the slider', async () => {
    fakeServer({ 'POST /sys/login': bizFail('用户名或密码错误') });
    renderAt(<LoginPage />, '/user/login');
    await userEvent.type(screen.getByPlaceholderText('请输入用户名'), 'admin');
    await userEvent.type(screen.getByPlaceholderText('请输入密码'), 'bad');
    await passSlider();
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码错误');
    expect(screen.getByText('拖动滑块验证')).toBeInTheDocument();
    expect(localStorage.getItem('pro__Access-Token')).toBeNull();
  });

  it('rejects a login answer whose code is not 200 (phone code wrong answers success with code 0)', async () => {
    fakeServer({
      'POST /sys/login': { body: { success: true, code: 0, message: '手机验证码错误', result: null } },
    });
    renderAt(<LoginPage />, '/user/login');
    await userEvent.type(screen.getByPlaceholderText('请输入用户名'), 'admin');
    await userEvent.type(screen.getByPlaceholderText('请输入密码'), 'x');
    await passSlider();
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('手机验证码错误');
  });

  it('asks users with several departments to pick one, then selects it on the server', async () => {
    const server = fakeServer({
      'POST /sys/login': ok(
        loginResult({
          multi_depart: 2,
          departs: [
            { id: 'd1', departName: '总院', orgCode: 'A01' },
            { id: 'd2', departName: '分院', orgCode: 'A02' },
          ],
          tenantList: [],
        }),
      ),
      'PUT /sys/selectDepart': (req) =>
        ok({ userInfo: { id: 'u1', username: 'admin', orgCode: (req.body as { orgCode: string }).orgCode } }),
    });
    renderAt(<LoginPage />, '/user/login');
    await userEvent.type(screen.getByPlaceholderText('请输入用户名'), 'admin');
    await userEvent.type(screen.getByPlaceholderText('请输入密码'), 'x');
    await passSlider();
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('请选择登录部门')).toBeInTheDocument();
    expect(localStorage.getItem('pro__Access-Token')).toBeNull();
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('分院'));
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/analysis'));
    const put = server.last('PUT', '/sys/selectDepart');
    expect(put?.body).toEqual({ orgCode: 'A02' });
    expect(put?.headers['x-access-token']).toBe('new-token');
    expect(stored('Login_Userinfo')?.value).toMatchObject({ orgCode: 'A02' });
  });

  it('warns 您尚未设置部门信息! for a user without department and still signs in', async () => {
    fakeServer({ 'POST /sys/login': ok(loginResult({ multi_depart: 0, departs: [] })) });
    renderAt(<LoginPage />, '/user/login');
    await userEvent.type(screen.getByPlaceholderText('请输入用户名'), 'admin');
    await userEvent.type(screen.getByPlaceholderText('请输入密码'), 'x');
    await passSlider();
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('您尚未设置部门信息!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/analysis'));
  });
});
