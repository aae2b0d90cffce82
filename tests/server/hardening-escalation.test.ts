import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../src/server/db/menu-sync.js';
import type { SecurityEvent } from '../../src/server/audit/security-log.js';
import { createTestApp, DEMO_PASSWORD, DIALECTS, type TestApp } from './harness.js';

/**
 * Issue 11 §1–3 replayed: a platform operator (liuyang, workClass '3') and an organisation manager
 * (wangfang) try the escalations that once worked; each must fail, be security-logged, and leave the
 * legitimate administrator operations working.
 */

const userId = (name: string) => stableId('user', name);
/** Ids of seeded roles; roles added in a test are looked up by code (idOf). */
const roleId = (code: string) => stableId('role', code);
const departId = (code: string) => stableId('depart', code);
const permId = (code: string) => stableId('perm', code);
const NEW_PASSWORD = 'Taken@Over2026';

describe.each(DIALECTS)('escalation and scope on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let liuyang: string;
  let wangfang: string;

  const send = (method: 'POST' | 'PUT' | 'GET', path: string, token: string, payload?: object) =>
    t.call({ method, url: path, token, ...(payload ? { payload } : {}) });
  const works = async (token: string) => (await send('GET', '/sys/user/getCurrentUserDeparts', token)).statusCode === 200;
  const idOf = async (roleCode: string) =>
    (await t.ctx.db.kysely.selectFrom('sysRole').select('id').where('roleCode', '=', roleCode).executeTakeFirstOrThrow()).id;
  const rolesOf = async (name: string) => (await send('GET', `/sys/user/queryUserRole?userid=${userId(name)}`, admin)).json().result as string[];
  /** Gives a role more button codes, as the administrator does on the role page. */
  const grantCodes = async (role: string, codes: string[]) => {
    const id = await idOf(role);
    const current = (await send('GET', `/sys/permission/queryRolePermission?roleId=${id}`, admin)).json().result as string[];
    const ids = [...new Set([...current, ...codes.map(permId)])];
    const res = await send('POST', '/sys/permission/saveRolePermission', admin, { roleId: id, permissionIds: ids.join(',') });
    expect(res.json().success).toBe(true);
  };
  /** The security-log entries of an event by a user (ids are random, so no order is assumed). */
  const logs = (event: SecurityEvent, username: string) =>
    t.ctx.db.kysely.selectFrom('sysLog').select(['result', 'target', 'logContent']).where('event', '=', event).where('username', '=', username).execute();
  const expectLogged = async (event: SecurityEvent, username: string, entry: { result: 0 | 1; target?: string; content?: string }) => {
    const { content, ...fields } = entry;
    const rows = await logs(event, username);
    expect(rows).toContainEqual(expect.objectContaining({ ...fields, ...(content ? { logContent: expect.stringContaining(content) } : {}) }));
  };

  beforeAll(async () => {
    t = await createTestApp(url);
    [admin, liuyang, wangfang] = [await t.login('admin'), await t.login('liuyang'), await t.login('wangfang')];
    // Give both attackers every code the attacks need, so what stops them is the rule, not a 510.
    const codes = ['user:edit', 'user:add', 'user:frozen', 'user:resetPassword', 'user:forceLogout', 'user:delete'];
    await grantCodes('platform_operator', [...codes, 'role:authorize']);
    await grantCodes('org_manager', [...codes, 'depart:edit', 'depart:authorize']);
  });
  afterAll(async () => t?.close());

  describe('role grants (§1)', () => {
    it('refuses a platform operator the administrator role on himself, through every grant path, and logs it', async () => {
      const before = await rolesOf('liuyang');
      const self = await send('PUT', '/sys/user/edit', liuyang, {
        id: userId('liuyang'),
        selectedroles: `${roleId('platform_operator')},${roleId('admin')}`,
      });
      expect(self.json()).toMatchObject({ success: false, message: '无权分配角色：系统管理员' });
      await expectLogged('user.roles', 'liuyang', { result: 0, target: 'liuyang' });

      const viaStaff = await send('POST', '/api/sys/staff/user/update', liuyang, { id: userId('liuyang'), selectedroles: roleId('admin') });
      expect(viaStaff.json().success).toBe(false);
      const created = await send('POST', '/sys/user/add', liuyang, {
        username: 'sock_puppet',
        realname: '傀儡',
        password: 'Puppet@Pass01',
        selectedroles: roleId('admin'),
      });
      expect(created.json()).toMatchObject({ success: false, message: '无权分配角色：系统管理员' });
      const staffAdd = await send('POST', '/api/sys/staff/user/add', liuyang, {
        staffId: 'HR-PUPPET',
        username: 'sock_puppet2',
        realname: '傀儡二',
        selectedroles: roleId('admin'),
      });
      expect(staffAdd.json().success).toBe(false);
      expect((await rolesOf('liuyang')).sort()).toEqual(before.sort());
      const puppets = await t.ctx.db.kysely.selectFrom('sysUser').select('id').where('username', 'in', ['sock_puppet', 'sock_puppet2']).execute();
      expect(puppets).toEqual([]);
    });

    it('lets an unrestricted operator grant only roles whose codes he holds in full', async () => {
      // A role carrying a code liuyang lacks (tenant administration) and one he holds.
      for (const [code, name] of [['tenant_keeper', '租户维护'], ['user_viewer', '用户查看']])
        expect((await send('POST', '/sys/role/add', admin, { roleName: name, roleCode: code })).json().success).toBe(true);
      await grantCodes('tenant_keeper', ['tenant:edit']);
      await grantCodes('user_viewer', ['user:list']);
      const target = userId('liu004');
      const [keeper, viewer] = [await idOf('tenant_keeper'), await idOf('user_viewer')];
      const refused = await send('PUT', '/sys/user/edit', liuyang, { id: target, selectedroles: keeper });
      expect(refused.json()).toMatchObject({ success: false, message: '无权分配角色：租户维护' });
      expect(await rolesOf('liu004')).not.toContain(keeper);
      // Nor can he give himself or the role the code by authorising the role.
      const authorise = await send('POST', '/sys/permission/saveRolePermission', liuyang, { roleId: roleId('platform_operator'), permissionIds: permId('tenant:edit') });
      expect(authorise.json()).toMatchObject({ success: false, message: expect.stringContaining('无权授予或收回权限') });
      await expectLogged('role.permissions', 'liuyang', { result: 0 });

      const before = await rolesOf('liu004');
      const allowed = await send('PUT', '/sys/user/edit', liuyang, { id: target, selectedroles: [...before, viewer].join(',') });
      expect(allowed.json().success).toBe(true);
      expect(await rolesOf('liu004')).toContain(viewer);
      await expectLogged('user.roles', 'liuyang', { result: 1, target: 'liu004', content: '用户查看' });
    });

    it('keeps administrators out of reach of everyone but administrators: reset, freeze, edit, force out', async () => {
      const adminSession = await t.login('admin');
      const reset = await send('PUT', '/sys/user/changePassword', liuyang, { username: 'admin', password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD });
      expect(reset.json()).toMatchObject({ success: false, message: '只有系统管理员可以修改、重置、冻结或强制下线系统管理员' });
      await expectLogged('password.reset', 'liuyang', { result: 0, target: 'admin' });
      const staffReset = await send('POST', '/api/sys/staff/user/resetPasswordByAdmin', liuyang, { username: 'admin', password: NEW_PASSWORD });
      expect(staffReset.json().success).toBe(false);
      await expect(t.login('admin', NEW_PASSWORD)).rejects.toThrow();

      const freeze = await send('PUT', '/sys/user/frozenBatch', liuyang, { ids: `${userId('liu004')},${userId('admin')}`, status: '2' });
      expect(freeze.json().success).toBe(false);
      await expectLogged('user.frozen', 'liuyang', { result: 0 });
      const staffFreeze = await send('POST', '/api/sys/staff/user/changeStatus', liuyang, { id: userId('admin'), status: 2 });
      expect(staffFreeze.json().success).toBe(false);
      // No partial batch: the ordinary user in it was not frozen either.
      expect(await works(await t.login('liu004'))).toBe(true);

      const force = await send('POST', '/sys/online/forceLogout', liuyang, { username: 'admin' });
      expect(force.json().success).toBe(false);
      await expectLogged('user.forceLogout', 'liuyang', { result: 0, target: 'admin' });
      const edit = await send('PUT', '/sys/user/edit', liuyang, { id: userId('admin'), phone: '13900000000' });
      expect(edit.json().success).toBe(false);
      const remove = await t.call({ method: 'DELETE', url: `/sys/user/delete?id=${userId('admin')}`, token: liuyang });
      expect(remove.json().success).toBe(false);

      expect(await works(adminSession)).toBe(true);
      expect(await t.login('admin', DEMO_PASSWORD)).toBeTruthy();
      const row = await t.ctx.db.kysely.selectFrom('sysUser').select(['status', 'phone', 'delFlag']).where('id', '=', userId('admin')).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 1, delFlag: 0 });
      expect(row.phone).not.toBe('13900000000');
    });

    it('checks reset, freeze, force-out and assignments against the caller\'s scope', async () => {
      // liuyang works in 信息中心, outside wangfang's hospital subtree.
      const session = await t.login('liuyang');
      const attempts = [
        await send('PUT', '/sys/user/changePassword', wangfang, { username: 'liuyang', password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD }),
        await send('POST', '/api/sys/staff/user/resetPasswordByAdmin', wangfang, { id: userId('liuyang'), password: NEW_PASSWORD }),
        await send('POST', '/sys/online/forceLogout', wangfang, { userId: userId('liuyang') }),
        await send('PUT', '/sys/user/frozenBatch', wangfang, { ids: userId('liuyang'), status: '2' }),
        await send('PUT', '/sys/user/edit', wangfang, { id: userId('liuyang'), selectedroles: roleId('nurse') }),
        await send('PUT', '/sys/user/edit', wangfang, { id: userId('liuyang'), selecteddeparts: departId('A01A01A01') }),
        await send('POST', '/sys/sysDepartRole/deptRoleUserAdd', wangfang, { userId: userId('liuyang'), newRoleId: '', oldRoleId: '' }),
      ];
      for (const res of attempts) expect(res.json()).toMatchObject({ success: false, message: '未找到对应数据' });
      await expectLogged('password.reset', 'wangfang', { result: 0 });
      await expectLogged('user.forceLogout', 'wangfang', { result: 0 });
      expect(await works(session)).toBe(true);
      expect(await t.login('liuyang', DEMO_PASSWORD)).toBeTruthy();

      // Inside her subtree the same actions work and are logged.
      const nurse = await t.login('lina');
      const ok = await send('PUT', '/sys/user/changePassword', wangfang, { username: 'lina', password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD });
      expect(ok.json()).toMatchObject({ success: true, message: '密码重置成功！' });
      await expectLogged('password.reset', 'wangfang', { result: 1, target: 'lina' });
      expect(await works(nurse)).toBe(false);
      await send('PUT', '/sys/user/changePassword', admin, { username: 'lina', password: DEMO_PASSWORD, confirmpassword: DEMO_PASSWORD });
    });

    it('still lets the administrator grant the administrator role, reset, freeze and force out, all logged', async () => {
      const created = await send('POST', '/sys/user/add', admin, {
        username: 'deputy_admin',
        realname: '副管理员',
        password: 'Deputy@Pass01',
        selectedroles: roleId('admin'),
        selecteddeparts: departId('A01'),
      });
      expect(created.json().success).toBe(true);
      await expectLogged('user.roles', 'admin', { result: 1, target: 'deputy_admin' });
      const deputy = await t.login('deputy_admin', 'Deputy@Pass01');
      // One administrator may manage another.
      expect((await send('PUT', '/sys/user/changePassword', deputy, { username: 'admin', password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD })).json().success).toBe(true);
      expect((await send('PUT', '/sys/user/changePassword', deputy, { username: 'admin', password: DEMO_PASSWORD, confirmpassword: DEMO_PASSWORD })).json().success).toBe(true);
      admin = await t.login('admin');

      const operator = await t.login('liuyang');
      expect((await send('POST', '/sys/online/forceLogout', admin, { username: 'liuyang' })).json().success).toBe(true);
      await expectLogged('user.forceLogout', 'admin', { result: 1, target: 'liuyang' });
      expect(await works(operator)).toBe(false);
      const deputyId = (await t.ctx.db.kysely.selectFrom('sysUser').select('id').where('username', '=', 'deputy_admin').executeTakeFirstOrThrow()).id;
      expect((await send('PUT', '/sys/user/frozenBatch', admin, { ids: deputyId, status: '2' })).json().success).toBe(true);
      await expectLogged('user.frozen', 'admin', { result: 1, target: 'deputy_admin' });
      expect(await works(deputy)).toBe(false);
      liuyang = await t.login('liuyang');
    });
  });

  describe('data scope from the client (§2)', () => {
    const listTotal = async (token: string) => (await send('GET', '/sys/user/list?pageSize=200', token)).json().result.total as number;
    const signIn = async (name: string, appCode: string) =>
      (await t.call({ method: 'POST', url: '/sys/login', headers: { 'x-app-code': appCode }, payload: { username: name, password: DEMO_PASSWORD } })).json().result
        .token as string;

    it('ignores an X-App-Code this deployment does not serve: the organisation manager keeps his subtree', async () => {
      const normal = await listTotal(wangfang);
      // Her hospital's subtree is a part of the organisation, which PD-D's scope would open to her.
      expect(normal).toBeLessThan(await listTotal(admin));
      const forged = await signIn('wangfang', 'PD-D-WEB');
      expect(await listTotal(forged)).toBe(normal);
      const stored = await t.ctx.db.kysely.selectFrom('sysSession').select('appCode').where('userId', '=', userId('wangfang')).orderBy('createdAt', 'desc').executeTakeFirstOrThrow();
      expect(stored.appCode).toBe(t.cfg.defaultAppCode);
      // A department outside her subtree stays out of reach.
      const edit = await send('PUT', '/sys/sysDepart/edit', forged, { id: departId('A01A02'), departName: '被改名的医院' });
      expect(edit.json().success).toBe(false);
      const row = await t.ctx.db.kysely.selectFrom('sysDepart').select('departName').where('id', '=', departId('A01A02')).executeTakeFirstOrThrow();
      expect(row.departName).toBe('华康中心医院');
    });

    it('gives a session stored with an unserved application code the default scope', async () => {
      const normal = await listTotal(wangfang);
      const token = await t.login('wangfang');
      // As if opened before codes were checked at sign-in.
      await t.ctx.db.kysely.updateTable('sysSession').set({ appCode: 'PD-D-WEB' }).where('tokenHash', '=', t.ctx.sessions.hashToken(token)).execute();
      expect(await listTotal(token)).toBe(normal);
    });
    // A code the deployment is configured to serve (APP_CODES) is honoured: users.test.ts and
    // departs.test.ts run with APP_CODES=PD-D-WEB and check the PD-D scopes.
  });

  describe('sessions follow tenant, department and role changes (§3)', () => {
    let memberId: string;

    beforeAll(async () => {
      const res = await send('POST', '/sys/user/add', admin, {
        username: 'two_tenants',
        realname: '双租户',
        password: 'TwoTen@Pass01',
        relTenantIds: '1,2',
        selecteddeparts: departId('A01A01A01'),
        selectedroles: roleId('nurse'),
      });
      expect(res.json().success).toBe(true);
      memberId = (await t.ctx.db.kysely.selectFrom('sysUser').select('id').where('username', '=', 'two_tenants').executeTakeFirstOrThrow()).id;
    });

    it('ends the sessions of a user removed from a tenant, so the old token can neither read nor write it', async () => {
      const token = await t.login('two_tenants', 'TwoTen@Pass01');
      const inTenant2 = await t.call({ method: 'GET', url: '/sys/tenant/getCurrentUserTenant', token, headers: { 'x-tenant-id': '2' } });
      expect(inTenant2.statusCode).toBe(200);
      expect((await send('PUT', '/sys/user/edit', admin, { id: memberId, relTenantIds: '1' })).json().success).toBe(true);
      await expectLogged('user.tenants', 'admin', { result: 1, target: 'two_tenants' });
      const after = await t.call({ method: 'GET', url: '/sys/user/list', token, headers: { 'x-tenant-id': '2' } });
      expect(after.statusCode).toBe(401);
      expect(await works(token)).toBe(false);
    });

    it('ends a session whose tenant link was removed by any path, even without a revocation', async () => {
      const token = await t.login('two_tenants', 'TwoTen@Pass01');
      // The session was opened in tenant 1; take it away behind the API's back.
      await t.ctx.db.kysely.updateTable('sysUser').set({ relTenantIds: '2' }).where('id', '=', memberId).execute();
      expect(await works(token)).toBe(false);
      await t.ctx.db.kysely.updateTable('sysUser').set({ relTenantIds: '1' }).where('id', '=', memberId).execute();
    });

    it('ends the sessions of a user whose departments or roles change', async () => {
      const before = await t.login('two_tenants', 'TwoTen@Pass01');
      expect((await send('PUT', '/sys/user/edit', admin, { id: memberId, selecteddeparts: departId('A01A01A03') })).json().success).toBe(true);
      await expectLogged('user.departs', 'admin', { result: 1, target: 'two_tenants' });
      expect(await works(before)).toBe(false);
      const again = await t.login('two_tenants', 'TwoTen@Pass01');
      expect((await send('PUT', '/sys/user/edit', admin, { id: memberId, selectedroles: roleId('doctor') })).json().success).toBe(true);
      expect(await works(again)).toBe(false);
      // A profile edit alone keeps the sessions.
      const kept = await t.login('two_tenants', 'TwoTen@Pass01');
      expect((await send('PUT', '/sys/user/edit', admin, { id: memberId, realname: '双租户甲' })).json().success).toBe(true);
      expect(await works(kept)).toBe(true);
    });

    it('keeps the editor\'s own session when it still fits, ends it when its tenant is taken away', async () => {
      const other = await t.login('admin');
      const roles = await rolesOf('admin');
      const more = await send('PUT', '/sys/user/edit', admin, { id: userId('admin'), selectedroles: [...roles, roleId('nurse')].join(',') });
      expect(more.json().success).toBe(true);
      expect(await works(admin)).toBe(true);
      expect(await works(other)).toBe(false);
      await send('PUT', '/sys/user/edit', admin, { id: userId('admin'), selectedroles: roles.join(',') });

      // Leaving the tenant he is working in ends even his own session: it would keep reading that tenant.
      expect((await send('PUT', '/sys/user/edit', admin, { id: userId('admin'), relTenantIds: '2' })).json().success).toBe(true);
      expect(await works(admin)).toBe(false);
      const inTenant2 = await t.login('admin');
      await t.ctx.db.kysely.updateTable('sysUser').set({ relTenantIds: '1,2' }).where('id', '=', userId('admin')).execute();
      await t.call({ method: 'POST', url: '/sys/logout', token: inTenant2 });
      admin = await t.login('admin');
    });
  });
});
