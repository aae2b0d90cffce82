import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { loadConfig } from '../../src/server/config.js';

describe.each(DIALECTS)('sign-in and sessions on $name', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(url);
  });
  afterAll(async () => t?.close());

  it('signs in with the demo administrator and returns the protocol login result', async () => {
    const res = await t.call({ method: 'POST', url: '/sys/login', payload: { username: 'admin', password: 'Demo@2026' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    const r = body.result;
    expect(r.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.userInfo).toMatchObject({ username: 'admin', realname: '管理员', workClass: '3', deptCode: 'A01' });
    expect(r.userInfo.roleCodeList).toEqual(['admin']);
    expect(r.userInfo).not.toHaveProperty('passwordHash');
    expect(r.multi_depart).toBe(1);
    expect(r.sysAllDictItems.sex).toEqual([
      { value: '1', text: '男', title: '男', label: '男' },
      { value: '2', text: '女', title: '女', label: '女' },
    ]);
    expect(r.tenantList.map((x: { id: number }) => x.id)).toEqual([1, 2]);
  });

  it('answers one generic message for a wrong password and an unknown user', async () => {
    const a = (await t.call({ method: 'POST', url: '/sys/login', payload: { username: 'lina', password: 'wrong-pass' } })).json();
    const b = (await t.call({ method: 'POST', url: '/sys/login', payload: { username: 'nobody', password: 'wrong-pass' } })).json();
    expect(a).toMatchObject({ success: false, code: 500, message: '用户名或密码错误' });
    expect(b.message).toBe(a.message);
  });

  it('names the missing field in Chinese with HTTP 400', async () => {
    const res = await t.call({ method: 'POST', url: '/sys/login', payload: { username: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 400, message: '缺少必填请求体：password' });
  });

  it('locks an account for 10 minutes after 5 failures, even with the right password', async () => {
    for (let i = 0; i < 5; i++)
      await t.call({ method: 'POST', url: '/sys/login', payload: { username: 'wangfang', password: 'bad-password' } });
    const res = (await t.call({ method: 'POST', url: '/sys/login', payload: { username: 'wangfang', password: 'Demo@2026' } })).json();
    expect(res.success).toBe(false);
    expect(res.message).toContain('登录失败次数过多');
  });

  it('gives the menu to a signed-in user and 401 without or with a revoked token', async () => {
    const token = await t.login('zhangwei');
    const menu = await t.call({ method: 'GET', url: '/sys/permission/getUserPermissionByToken', token });
    expect(menu.json().result.menu[0]).toMatchObject({ path: '/dashboard/analysis', route: '1', meta: { title: '首页' } });
    const none = await t.call({ method: 'GET', url: '/sys/permission/getUserPermissionByToken' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ success: false, code: 401 });
    await t.call({ method: 'POST', url: '/sys/logout', token });
    const after = await t.call({ method: 'GET', url: '/sys/permission/getUserPermissionByToken', token });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a permission-coded route with code 510 for a user without the permission', async () => {
    const token = await t.login('lina');
    const res = await t.call({
      method: 'PUT',
      url: '/sys/user/changePassword',
      token,
      payload: { username: 'admin', password: 'Another@2026', confirmpassword: 'Another@2026' },
    });
    expect(res.json()).toMatchObject({ success: false, code: 510 });
    expect(await t.login('admin')).toBeTruthy();
  });

  it('changes the own password only with the old one and ends the other sessions', async () => {
    const first = await t.login('liuyang');
    const second = await t.login('liuyang');
    const wrong = await t.call({
      method: 'PUT',
      url: '/sys/user/updatePassword',
      token: first,
      payload: { oldpassword: 'nope-nope', password: 'Fresh@2026x', confirmpassword: 'Fresh@2026x' },
    });
    expect(wrong.json()).toMatchObject({ success: false, message: '旧密码输入错误' });
    const good = await t.call({
      method: 'PUT',
      url: '/sys/user/updatePassword',
      token: first,
      payload: { oldpassword: 'Demo@2026', password: 'Fresh@2026x', confirmpassword: 'Fresh@2026x' },
    });
    expect(good.json().success).toBe(true);
    expect((await t.call({ method: 'GET', url: '/sys/user/getCurrentUserDeparts', token: second })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/sys/user/getCurrentUserDeparts', token: first })).statusCode).toBe(200);
    expect(await t.login('liuyang', 'Fresh@2026x')).toBeTruthy();
  });

  it('lets a multi-department user choose only among their own departments', async () => {
    const res = (await t.call({ method: 'POST', url: '/sys/login', payload: { username: 'chenjing', password: 'Demo@2026' } })).json();
    expect(res.result.multi_depart).toBe(2);
    const token = res.result.token;
    const list = (await t.call({ method: 'GET', url: '/sys/user/getCurrentUserDeparts', token })).json().result;
    expect(list.list.map((d: { deptCode: string }) => d.deptCode)).toEqual(['A01A01A02', 'A01A01A05']);
    const chosen = await t.call({ method: 'PUT', url: '/sys/selectDepart', token, payload: { orgCode: 'A01A01A05' } });
    expect(chosen.json().result.userInfo.deptCode).toBe('A01A01A05');
    const foreign = await t.call({ method: 'PUT', url: '/sys/selectDepart', token, payload: { orgCode: 'A01' } });
    expect(foreign.json()).toMatchObject({ success: false, message: '您不属于该部门' });
  });
});

describe('session lifetimes, forced logout and production secrets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite://:memory:');
  });
  afterAll(async () => t?.close());
  const menu = (token: string) => t.call({ method: 'GET', url: '/sys/permission/getUserPermissionByToken', token });
  const sessionOf = async (token: string) =>
    t.ctx.db.kysely.selectFrom('sysSession').selectAll().where('tokenHash', '=', t.ctx.sessions.hashToken(token)).executeTakeFirstOrThrow();

  it('ends a session after its absolute lifetime (7 days) even while in use', async () => {
    const token = await t.login('lina');
    const s = await sessionOf(token);
    expect(s.expiresAt - s.createdAt).toBe(7 * 24 * 3600_000);
    await t.ctx.db.kysely.updateTable('sysSession').set({ expiresAt: Date.now() - 1 }).where('id', '=', s.id).execute();
    expect((await menu(token)).statusCode).toBe(401);
  });

  it('ends a session idle for longer than the idle limit', async () => {
    const token = await t.login('lina');
    const s = await sessionOf(token);
    await t.ctx.db.kysely
      .updateTable('sysSession')
      .set({ lastSeenAt: Date.now() - t.cfg.sessionIdleMs - 1000 })
      .where('id', '=', s.id)
      .execute();
    expect((await menu(token)).statusCode).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const token = await t.login('lina');
    const rows = await t.ctx.db.kysely.selectFrom('sysSession').select('tokenHash').execute();
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === t.ctx.sessions.hashToken(token))).toBe(true);
  });

  it('forces another user offline only with user:forceLogout', async () => {
    const victim = await t.login('zhangwei');
    const nurse = await t.login('lina');
    const refused = await t.call({ method: 'POST', url: '/sys/online/forceLogout', token: nurse, payload: { username: 'zhangwei' } });
    expect(refused.json().code).toBe(510);
    expect((await menu(victim)).statusCode).toBe(200);
    const admin = await t.login('admin');
    const done = await t.call({ method: 'POST', url: '/sys/online/forceLogout', token: admin, payload: { username: 'zhangwei' } });
    expect(done.json()).toMatchObject({ success: true, message: '强制退出成功！' });
    expect((await menu(victim)).statusCode).toBe(401);
  });

  it('refuses to start in production with a missing or well-known secret, naming the setting', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SIGN_SECRET/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SIGN_SECRET: 'dd05f1c54d63749eda95f9fa6d49v442a', SESSION_SECRET: 'x'.repeat(40) }),
    ).toThrow(/SIGN_SECRET 不能使用公开的默认值/);
    expect(() => loadConfig({ NODE_ENV: 'production', SIGN_SECRET: 'a'.repeat(40) })).toThrow(/SESSION_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', SIGN_SECRET: 'a'.repeat(40), SESSION_SECRET: 'b'.repeat(40) }).production).toBe(true);
  });
});
