import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, DIALECTS, type TestApp } from './harness.js';
import { openSocket } from './ws-client.js';

/**
 * Issue 14 §5: the personal centre's own-profile edit, own sessions and the lock screen's password
 * check. Each works on the caller only; session ids are not secrets and tokens never leave the server.
 */
describe.each(DIALECTS)('personal centre on $name', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(url);
  });
  afterAll(async () => t?.close());

  const user = (username: string) => t.ctx.db.kysely.selectFrom('sysUser').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
  const roleIds = async (userId: string) =>
    (await t.ctx.db.kysely.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId).execute()).map((r) => r.roleId).sort();
  const departIds = async (userId: string) =>
    (await t.ctx.db.kysely.selectFrom('sysUserDepart').select('depId').where('userId', '=', userId).execute()).map((r) => r.depId).sort();
  const departsCall = (token: string) => t.call({ method: 'GET', url: '/sys/user/getCurrentUserDeparts', token });

  it('edits the caller’s own profile and nothing else: no roles, departments, status, user name or other user', async () => {
    const token = await t.login('zhangwei');
    const before = await user('zhangwei');
    const other = await user('lina');
    const roles = await roleIds(before.id);
    const departs = await departIds(before.id);
    const adminRole = await t.ctx.db.kysely.selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirstOrThrow();
    const res = await t.call({
      method: 'PUT',
      url: '/sys/user/appEdit',
      token,
      payload: {
        id: other.id,
        username: 'hijack',
        realname: '张伟明',
        sex: 1,
        birthday: '1985-03-02',
        status: 2,
        delFlag: 1,
        selectedroles: adminRole.id,
        selecteddeparts: '',
        relTenantIds: '1,2,3',
        workNo: 'X999',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, result: { userInfo: { username: 'zhangwei', realname: '张伟明' } } });
    expect(JSON.stringify(res.json())).not.toContain('passwordHash');
    const after = await user('zhangwei');
    expect(after).toMatchObject({ realname: '张伟明', birthday: '1985-03-02', username: 'zhangwei', status: 1, delFlag: 0 });
    expect(after.relTenantIds).toBe(before.relTenantIds);
    expect(after.workNo).toBe(before.workNo);
    expect(await roleIds(before.id)).toEqual(roles);
    expect(await departIds(before.id)).toEqual(departs);
    expect(await user('lina')).toEqual(other);
    // The session he edited with lives on.
    expect((await departsCall(token)).statusCode).toBe(200);
  });

  it('shows phone and e-mail masked, keeps them when the masks come back, and validates new values', async () => {
    const token = await t.login('zhangwei');
    const stored = await user('zhangwei');
    const profile = (await t.call({ method: 'GET', url: '/sys/user/selfProfile', token })).json().result;
    expect(profile.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(profile.phone).not.toBe(stored.phone);
    expect(profile).not.toHaveProperty('passwordHash');
    const save = (payload: Record<string, unknown>) => t.call({ method: 'PUT', url: '/sys/user/appEdit', token, payload });
    expect((await save({ realname: '张伟', phone: profile.phone, email: profile.email })).json().success).toBe(true);
    expect(await user('zhangwei')).toMatchObject({ phone: stored.phone, email: stored.email });

    const badPhone = await save({ phone: '12345' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().message).toMatch(/手机/);
    expect((await save({ email: 'not-an-email' })).statusCode).toBe(400);
    expect((await save({ realname: '' })).json().message).toBe('请输入用户姓名');
    expect((await save({ avatar: '../../etc/passwd' })).statusCode).toBe(400);
    const lina = await user('lina');
    const taken = await save({ phone: lina.phone });
    expect(taken.json()).toMatchObject({ success: false, message: '手机号已存在' });
    expect((await user('zhangwei')).phone).toBe(stored.phone);

    expect((await save({ phone: '13912345678', email: 'zw@example.cn', avatar: 'avatar/20261125/a.png' })).json().success).toBe(true);
    expect(await user('zhangwei')).toMatchObject({ phone: '13912345678', email: 'zw@example.cn', avatar: 'avatar/20261125/a.png' });
    expect((await t.call({ method: 'PUT', url: '/sys/user/appEdit', payload: { realname: 'x' } })).statusCode).toBe(401);
  });

  it('lists only the caller’s live sessions, marks the current one and exposes no token or hash', async () => {
    const first = await t.login('lina');
    const second = await t.call({
      method: 'POST',
      url: '/sys/login',
      payload: { username: 'lina', password: DEMO_PASSWORD },
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile Safari/604.1' },
    });
    const secondToken = second.json().result.token as string;
    await t.login('zhangwei');
    const res = await t.call({ method: 'GET', url: '/sys/user/mySessions', token: first });
    const list = res.json().result as Array<Record<string, unknown>>;
    const lina = await user('lina');
    const stored = await t.ctx.db.kysely.selectFrom('sysSession').selectAll().where('userId', '=', lina.id).where('revoked', '=', 0).execute();
    expect(list.map((s) => s.id).sort()).toEqual(stored.map((s) => s.id).sort());
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.find((s) => String(s.userAgent ?? '').includes('iPhone'))).toBeTruthy();
    const text = JSON.stringify(res.json());
    for (const s of stored) expect(text).not.toContain(s.tokenHash);
    expect(text).not.toContain(first);
    expect(text).not.toContain(secondToken);
    for (const s of list) expect(Object.keys(s).sort()).toEqual(['clientIp', 'createTime', 'current', 'id', 'lastActiveTime', 'userAgent']);
  });

  it('signs out another own session (its token then gets 401) but never someone else’s, and logs it', async () => {
    const mine = await t.login('wangfang');
    const other = await t.login('wangfang');
    const stranger = await t.login('liuyang');
    const sessions = (await t.call({ method: 'GET', url: '/sys/user/mySessions', token: mine })).json().result as Array<{ id: string; current: boolean }>;
    const strangerSession = (await t.call({ method: 'GET', url: '/sys/user/mySessions', token: stranger })).json().result[0] as { id: string };
    const revoke = (token: string, id: string) => t.call({ method: 'POST', url: '/sys/user/mySessions/revoke', token, payload: { id } });

    const refused = await revoke(mine, strangerSession.id);
    expect(refused.json()).toMatchObject({ success: false, message: '会话不存在或已结束' });
    expect((await departsCall(stranger)).statusCode).toBe(200);
    expect((await revoke(mine, 'not an id!')).statusCode).toBe(400);
    const current = sessions.find((s) => s.current) as { id: string };
    expect((await revoke(mine, current.id)).json().success).toBe(false);

    const target = sessions.find((s) => !s.current) as { id: string };
    expect((await revoke(mine, target.id)).json().success).toBe(true);
    expect((await departsCall(other)).statusCode).toBe(401);
    expect((await departsCall(mine)).statusCode).toBe(200);
    const logged = await t.ctx.db.kysely.selectFrom('sysLog').selectAll().where('event', '=', 'session.revoke').where('username', '=', 'wangfang').execute();
    expect(logged.map((r) => r.target)).toContain(target.id);

    const third = await t.login('wangfang');
    const all = await t.call({ method: 'POST', url: '/sys/user/mySessions/revokeOthers', token: mine });
    expect(all.json()).toMatchObject({ success: true, result: { count: 1 } });
    expect((await departsCall(third)).statusCode).toBe(401);
    expect((await departsCall(mine)).statusCode).toBe(200);
    expect((await departsCall(stranger)).statusCode).toBe(200);
  });

  it('closes the websocket of a session signed out from 我的会话 at once', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const mine = await t.login('admin');
    const other = await t.login('admin');
    const otherSession = await t.ctx.sessions.resolve(other);
    if (!otherSession) throw new Error('no session');
    const sock = await openSocket(`ws://127.0.0.1:${address.port}${t.base}/websocket/${otherSession.userId}`, [other]);
    try {
      const res = await t.call({ method: 'POST', url: '/sys/user/mySessions/revoke', token: mine, payload: { id: otherSession.id } });
      expect(res.json().success).toBe(true);
      expect(await sock.closed(2000)).toBe(4401);
    } finally {
      sock.close();
    }
  });

  it('checks the unlock password under the account lock: failures count and the fifth locks', async () => {
    const token = await t.login('chenjing');
    const check = (password: string) => t.call({ method: 'POST', url: '/sys/user/checkPassword', token, payload: { password } });
    expect((await check(DEMO_PASSWORD)).json()).toMatchObject({ success: true });
    for (let i = 0; i < 4; i++) expect((await check('wrong-guess')).json()).toMatchObject({ success: false, message: '密码错误' });
    // The lock-screen guesses share the sign-in lock: the fifth failure locks the account.
    expect((await check('wrong-guess')).json()).toMatchObject({ success: false, message: '密码错误' });
    const locked = await check(DEMO_PASSWORD);
    expect(locked.json().success).toBe(false);
    expect(locked.json().message).toMatch(/密码错误次数过多/);
    const signIn = await t.call({ method: 'POST', url: '/sys/login', payload: { username: 'chenjing', password: DEMO_PASSWORD } });
    expect(signIn.json().message).toMatch(/次数过多/);
    const failures = await t.ctx.db.kysely.selectFrom('sysLog').select('logContent').where('event', '=', 'password.failure').where('username', '=', 'chenjing').execute();
    expect(failures).toHaveLength(5);
    expect((await t.call({ method: 'POST', url: '/sys/user/checkPassword', payload: { password: 'x' } })).statusCode).toBe(401);
  });
});
