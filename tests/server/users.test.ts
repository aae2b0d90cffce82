import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../src/server/db/menu-sync.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

interface UserRecord {
  id: string;
  username: string;
  realname: string;
  sex: number;
  status: number;
  post: string;
  workNo: string;
  createTime: string;
  orgCodeTxt: string;
  sex_dictText: string;
  status_dictText: string;
  post_dictText: string;
}

const userId = (name: string) => stableId('user', name);
const departId = (code: string) => stableId('depart', code);
const roleId = (code: string) => stableId('role', code);
const permId = (code: string) => stableId('perm', code);
/** Every seeded user of tenant 1: 6 named accounts and 50 generated staff. */
const SEEDED = 56;

/** No response may ever carry a password hash (CRED-05). */
const expectNoSecrets = (body: string) => {
  expect(body).not.toMatch(/\$argon2|"passwordHash"\s*:|"password_hash"\s*:|"salt"\s*:/);
};

describe.each(DIALECTS)('user administration on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let lina: string;
  let wangfang: string;

  const get = async (path: string, token: string) => {
    const res = await t.call({ method: 'GET', url: path, token });
    expectNoSecrets(res.body);
    return res;
  };
  const list = async (query: string, token = admin) => {
    const res = await get(`/sys/user/list?${query}`, token);
    expect(res.statusCode).toBe(200);
    return res.json().result as { records: UserRecord[]; total: number; size: number; current: number; pages: number };
  };
  const all = async (token = admin) => (await list('pageSize=500', token)).records;
  const names = (records: UserRecord[]) => records.map((r) => r.username).sort();
  const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, token: string, payload?: object) =>
    t.call({ method, url: path, token, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    // This deployment also serves the PD-D application, so a sign-in may choose it (X-App-Code).
    t = await createTestApp(url, { APP_CODES: 'PD-D-WEB' });
    [admin, lina, wangfang] = [await t.login('admin'), await t.login('lina'), await t.login('wangfang')];
  });
  afterAll(async () => t?.close());

  describe('list', () => {
    it('pages every user of the tenant newest first, with department names and dictionary texts', async () => {
      const page1 = await list('pageNo=1&pageSize=10');
      expect(page1).toMatchObject({ total: SEEDED, size: 10, current: 1, pages: 6 });
      const times = page1.records.map((r) => r.createTime);
      expect(times).toEqual([...times].sort().reverse());
      const everyone = await all();
      const adminRow = everyone.find((r) => r.username === 'admin') as UserRecord;
      expect(adminRow).toMatchObject({ orgCodeTxt: '华康医疗集团', sex_dictText: '男', status_dictText: '正常', post: 'dean', post_dictText: '院长' });
      const chenjing = everyone.find((r) => r.username === 'chenjing') as UserRecord;
      expect(chenjing.orgCodeTxt).toBe('内分泌科,慢病管理中心');
      expect(everyone.find((r) => r.username === 'lina')).toMatchObject({ sex_dictText: '女', post_dictText: '护士长' });
      const page2 = await list('pageNo=2&pageSize=10');
      expect(page2.current).toBe(2);
      const firstIds = new Set(page1.records.map((r) => r.id));
      expect(page2.records.some((r) => firstIds.has(r.id))).toBe(false);
    });

    it('understands every query-rule form', async () => {
      const everyone = await all();
      const pick = (f: (r: UserRecord) => boolean) => names(everyone.filter(f));
      expect(names((await list('pageSize=100&username=*an*')).records)).toEqual(pick((r) => r.username.includes('an')));
      expect(names((await list('pageSize=100&username=zhang*')).records)).toEqual(pick((r) => r.username.startsWith('zhang')));
      expect(names((await list('pageSize=100&username=*01')).records)).toEqual(pick((r) => r.username.endsWith('01')));
      expect(names((await list('pageSize=100&username=lina,admin')).records)).toEqual(['admin', 'lina']);
      expect(names((await list('pageSize=100&username=,lina,wangfang,')).records)).toEqual(['lina', 'wangfang']);
      expect(names((await list('pageSize=100&sex=!1')).records)).toEqual(pick((r) => r.sex !== 1));
      expect(names((await list(`pageSize=100&workNo=${encodeURIComponent('>= HK00050')}`)).records)).toEqual(pick((r) => r.workNo >= 'HK00050'));
      expect(names((await list(`pageSize=100&workNo=${encodeURIComponent('< HK00003')}`)).records)).toEqual(['admin', 'zhangwei']);
      expect(names((await list(`pageSize=100&realname=${encodeURIComponent('李娜')}`)).records)).toEqual(['lina']);
      expect((await list('pageSize=100&username=nobody_at_all')).total).toBe(0);
      // A LIKE wildcard in the value is literal text, not a pattern.
      expect((await list('pageSize=100&username=*%25*')).total).toBe(0);
    });

    it('filters by ranges on dates and date-times', async () => {
      const range = await list(`pageSize=100&createTime_begin=${encodeURIComponent('2026-01-05 10:40:00')}&createTime_end=${encodeURIComponent('2026-01-05 10:42:00')}`);
      expect(names(range.records)).toEqual(['admin', 'lina', 'zhangwei']);
      const everyone = await all();
      const births = await list('pageSize=100&birthday_begin=1990-01-01&birthday_end=1999-12-31');
      expect(births.total).toBe(everyone.filter((r) => (r as unknown as { birthday: string }).birthday >= '1990-01-01' && (r as unknown as { birthday: string }).birthday <= '1999-12-31').length);
      expect(births.total).toBeGreaterThan(0);
      const bad = await get('/sys/user/list?createTime_begin=yesterday', admin);
      expect(bad.statusCode).toBe(400);
    });

    it('applies the advanced query with and / or, encoded as the console sends it', async () => {
      const everyone = await all();
      const conditions = [
        { field: 'sex', rule: 'eq', val: '2', type: 'number' },
        { field: 'username', rule: 'like', val: 'li' },
      ];
      const encoded = encodeURIComponent(encodeURI(JSON.stringify(conditions)));
      const and = await list(`pageSize=100&superQueryParams=${encoded}&superQueryMatchType=and`);
      expect(names(and.records)).toEqual(names(everyone.filter((r) => r.sex === 2 && r.username.includes('li'))));
      const or = await list(`pageSize=100&superQueryParams=${encoded}&superQueryMatchType=or`);
      expect(names(or.records)).toEqual(names(everyone.filter((r) => r.sex === 2 || r.username.includes('li'))));
      expect(or.total).toBeGreaterThan(and.total);
    });

    it('sorts by an allowed column in either direction', async () => {
      const asc = (await list('pageSize=100&column=username&order=asc')).records.map((r) => r.username);
      expect(asc).toEqual([...asc].sort());
      const desc = (await list('pageSize=100&column=workNo&order=desc')).records.map((r) => r.workNo);
      expect(desc).toEqual([...desc].sort().reverse());
      const dict = (await list('pageSize=100&column=sex_dictText&order=asc')).records.map((r) => r.sex);
      expect(dict).toEqual([...dict].sort());
    });

    it('lists one department exactly, or the users named by `code`', async () => {
      const nursing = await list(`pageSize=100&departId=${departId('A01A01A04')}`);
      expect(nursing.total).toBe(6);
      expect(nursing.records.every((r) => r.orgCodeTxt === '护理部')).toBe(true);
      expect((await list(`departId=${departId('A01A01')}`)).total).toBe(1);
      const picked = await list(`code=${userId('lina')},${userId('zhangwei')},&pageSize=1`);
      expect(names(picked.records)).toEqual(['lina', 'zhangwei']);
      expect(picked.size).toBe(2);
      expect((await list('status=2')).total).toBe(0);
    });

    it('refuses sort injection (SQL-05) and advanced-query injection (SQL-06) with 400 and no rows', async () => {
      for (const q of [
        `column=${encodeURIComponent('extractvalue(1,concat(0x7e,user()))')}`,
        `column=${encodeURIComponent('username;drop table sys_user')}`,
        'column=passwordHash',
        `column=${encodeURIComponent('a,b,c,d')}`,
        `superQueryParams=${encodeURIComponent(JSON.stringify([{ field: 'id) or (1=1', rule: 'eq', val: '1' }]))}`,
        `superQueryParams=${encodeURIComponent(JSON.stringify([{ field: 'passwordHash', rule: 'like', val: '$' }]))}`,
        `superQueryParams=${encodeURIComponent(JSON.stringify([{ field: 'username', rule: 'eq) or (1=1', val: 'x' }]))}`,
        `superQueryParams=${encodeURIComponent(JSON.stringify([{ field: 'username', rule: 'eq', val: 'a' }]))}&superQueryMatchType=${encodeURIComponent('or 1=1')}`,
      ]) {
        const res = await get(`/sys/user/list?${q}`, admin);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().success).toBe(false);
        expect(res.json().result).toBeNull();
      }
      // A quote in a value is just a value.
      const quoted = await list(`username=${encodeURIComponent("' or '1'='1")}`);
      expect(quoted.total).toBe(0);
      // The direction is strictly asc or desc.
      const order = await get(`/sys/user/list?column=username&order=${encodeURIComponent('desc,(case when 1=1 then id else username end)')}`, admin);
      expect(order.statusCode).toBe(400);
      expect(order.json().result).toBeNull();
    });
  });

  describe('data scope', () => {
    it('shows the administrator everyone, a nurse only her department subtree', async () => {
      expect((await list('pageSize=1')).total).toBe(SEEDED);
      const nurse = await list('pageSize=100', lina);
      expect(nurse.total).toBe(6);
      expect(nurse.records.every((r) => r.orgCodeTxt === '护理部')).toBe(true);
      const manager = await list('pageSize=100', wangfang);
      expect(manager.records.map((r) => r.username)).toContain('lina');
      expect(manager.records.map((r) => r.username)).not.toContain('liuyang');
      expect(manager.records.map((r) => r.username)).not.toContain('admin');
    });

    it('limits a doctor signed in to a PD-D application to himself', async () => {
      const login = await t.call({
        method: 'POST',
        url: '/sys/login',
        headers: { 'x-app-code': 'PD-D-WEB' },
        payload: { username: 'zhangwei', password: 'Demo@2026' },
      });
      const token = login.json().result.token as string;
      const own = await list('pageSize=100', token);
      expect(names(own.records)).toEqual(['zhangwei']);
      expect((await get(`/sys/user/queryById?id=${userId('lina')}`, token)).json()).toMatchObject({ success: false, message: '未找到对应数据' });
      // In the default application the same doctor sees his department.
      const wide = await list('pageSize=100', await t.login('zhangwei'));
      expect(wide.total).toBeGreaterThan(1);
      expect(wide.records.every((r) => r.orgCodeTxt === '心血管内科')).toBe(true);
    });

    it('hides out-of-scope users from every read, and an `or` advanced query cannot widen the scope', async () => {
      expect((await get(`/sys/user/queryById?id=${userId('admin')}`, lina)).json()).toMatchObject({ success: false, message: '未找到对应数据' });
      expect((await get(`/sys/user/queryUserRole?userid=${userId('admin')}`, lina)).json().success).toBe(false);
      expect((await get(`/sys/user/userDepartList?userId=${userId('admin')}`, lina)).json().success).toBe(false);
      expect((await get(`/sys/user/queryUserByDepId?id=${departId('A01')}`, lina)).json().result).toEqual([]);
      const own = (await get(`/sys/user/queryById?id=${userId('lina')}`, lina)).json().result;
      expect(own).toMatchObject({ username: 'lina', orgCodeTxt: '护理部', sex_dictText: '女' });
      const sq = encodeURIComponent(JSON.stringify([{ field: 'username', rule: 'eq', val: 'admin' }, { field: 'username', rule: 'eq', val: 'lina' }]));
      expect(names((await list(`superQueryParams=${sq}&superQueryMatchType=or`, lina)).records)).toEqual(['lina']);
      expect(names((await list(`superQueryParams=${sq}&superQueryMatchType=or`)).records)).toEqual(['admin', 'lina']);
    });
  });

  describe('picker helpers', () => {
    it('queryUserComponentData searches by name and departments, newest first, 10 a page', async () => {
      const res = (await get('/sys/user/queryUserComponentData?username=li', admin)).json().result;
      expect(res.size).toBe(10);
      expect(res.records.every((r: UserRecord) => r.username.includes('li'))).toBe(true);
      const times = res.records.map((r: UserRecord) => r.createTime);
      expect(times).toEqual([...times].sort().reverse());
      const both = (await get(`/sys/user/queryUserComponentData?pageSize=50&departId=${departId('A01A01A02')},${departId('A01A01A05')}`, admin)).json()
        .result;
      expect(both.records.map((r: UserRecord) => r.username)).toContain('chenjing');
      expect(both.records.every((r: UserRecord) => /内分泌科|慢病管理中心/.test(r.orgCodeTxt))).toBe(true);
      const byName = (await get(`/sys/user/queryUserComponentData?realname=${encodeURIComponent('李娜')}`, admin)).json().result;
      expect(byName.records.map((r: UserRecord) => r.username)).toEqual(['lina']);
      // SQL-10: names are bound values, department ids must look like ids.
      const inj = (await get(`/sys/user/queryUserComponentData?username=${encodeURIComponent("' or 1=1 --")}`, admin)).json().result;
      expect(inj.total).toBe(0);
      const badDep = await get(`/sys/user/queryUserComponentData?departId=${encodeURIComponent("' or depart_id<>'")}`, admin);
      expect(badDep.statusCode).toBe(400);
      expect((await get('/sys/user/queryUserComponentData?pageSize=50', lina)).json().result.total).toBe(6);
    });

    it('queryUserComponentData filters by sex and birthday for the user picker', async () => {
      const women = (await get('/sys/user/queryUserComponentData?pageSize=100&sex=2', admin)).json().result;
      expect(women.total).toBeGreaterThan(0);
      expect(women.records.every((r: UserRecord & { sex: number }) => r.sex === 2)).toBe(true);
      const one = women.records[0] as UserRecord & { birthday: string };
      const born = (await get(`/sys/user/queryUserComponentData?pageSize=100&birthday=${one.birthday}`, admin)).json().result;
      expect(born.records.length).toBeGreaterThan(0);
      expect(born.records.every((r: UserRecord & { birthday: string }) => r.birthday === one.birthday)).toBe(true);
      expect((await get('/sys/user/queryUserComponentData?sex=x', admin)).statusCode).toBe(400);
    });

    it('queryUserByDepId lists exactly one department', async () => {
      const res = (await get(`/sys/user/queryUserByDepId?id=${departId('A01A01A04')}`, admin)).json().result as UserRecord[];
      expect(res).toHaveLength(6);
      expect(res.every((r) => r.orgCodeTxt === '护理部')).toBe(true);
      const bad = await get(`/sys/user/queryUserByDepId?id=${encodeURIComponent("1' or '1'='1")}`, admin);
      expect(bad.statusCode).toBe(400);
    });

    it('queryUserRole and userDepartList describe a visible user', async () => {
      expect((await get(`/sys/user/queryUserRole?userid=${userId('chenjing')}`, admin)).json().result).toEqual([roleId('doctor')]);
      const departs = (await get(`/sys/user/userDepartList?userId=${userId('chenjing')}`, admin)).json().result;
      expect(departs).toEqual([
        { key: departId('A01A01A02'), value: departId('A01A01A02'), title: '内分泌科' },
        { key: departId('A01A01A05'), value: departId('A01A01A05'), title: '慢病管理中心' },
      ]);
    });

    it('checkOnlyUser needs a session, probes only identifying fields and is rate limited', async () => {
      expect((await t.call({ method: 'GET', url: '/sys/user/checkOnlyUser?username=admin' })).statusCode).toBe(401);
      const token = await t.login('liu004');
      expect((await get('/sys/user/checkOnlyUser?username=admin', token)).json()).toMatchObject({ success: false, message: '用户账号已存在' });
      expect((await get('/sys/user/checkOnlyUser?username=free_name_1', token)).json()).toMatchObject({ success: true });
      expect((await get('/sys/user/checkOnlyUser?phone=13800130000', token)).json()).toMatchObject({ success: false, message: '手机号已存在' });
      expect((await get(`/sys/user/checkOnlyUser?username=admin&id=${userId('admin')}`, token)).json().success).toBe(true);
      const other = await get('/sys/user/checkOnlyUser?password=Demo%402026', token);
      expect(other.statusCode).toBe(400);
      let last = 0;
      for (let i = 0; i < 30; i++) last = (await get(`/sys/user/checkOnlyUser?username=probe_${i}`, token)).statusCode;
      expect(last).toBe(429);
      // Another session has its own budget.
      expect((await get('/sys/user/checkOnlyUser?username=free_name_2', admin)).statusCode).toBe(200);
    });
  });

  describe('changes', () => {
    const newUser = {
      username: 'test_nurse1',
      realname: '测试护士',
      password: 'Strong@Pass1',
      confirmpassword: 'Strong@Pass1',
      sex: '2',
      phone: '13912340001',
      email: 'test_nurse1@example.cn',
      workNo: 'T0001',
      post: 'nurse',
      selectedroles: roleId('nurse'),
      selecteddeparts: departId('A01A01A04'),
    };

    it('refuses users without the button codes with 510, even when calling the API directly', async () => {
      const add = await send('POST', '/sys/user/add', lina, newUser);
      expect(add.json()).toMatchObject({ success: false, code: 510 });
      const edit = await send('PUT', '/sys/user/edit', wangfang, { id: userId('lina'), realname: '改名' });
      expect(edit.json()).toMatchObject({ success: false, code: 510 });
      for (const [method, path] of [
        ['DELETE', `/sys/user/delete?id=${userId('liu004')}`],
        ['DELETE', `/sys/user/deleteBatch?ids=${userId('liu004')}`],
      ] as const)
        expect((await send(method, path, wangfang)).json().code).toBe(510);
      expect((await send('PUT', '/sys/user/frozenBatch', lina, { ids: userId('liu004'), status: '2' })).json().code).toBe(510);
      expect((await list(`username=test_nurse1`)).total).toBe(0);
      expect((await get(`/sys/user/queryById?id=${userId('lina')}`, admin)).json().result.realname).toBe('李娜');
    });

    it('adds a user with a checked password, roles and departments; forbidden fields are ignored', async () => {
      const weak = await send('POST', '/sys/user/add', admin, { ...newUser, password: '1234567', confirmpassword: '1234567' });
      expect(weak.json()).toMatchObject({ success: false, message: '密码长度不能少于 8 位' });
      const added = await send('POST', '/sys/user/add', admin, {
        ...newUser,
        id: 'attacker0000000000000000000000000',
        status: 2,
        delFlag: 1,
        passwordHash: 'plain',
        orgCode: 'A02',
        userType: 'staff',
        createTime: '2000-01-01 00:00:00',
        relTenantIds: '1',
      });
      expect(added.json()).toMatchObject({ success: true, message: '添加成功！' });
      const row = (await list('username=test_nurse1')).records[0];
      expect(row).toMatchObject({ realname: '测试护士', status: 1, sex: 2, orgCodeTxt: '护理部', post_dictText: '护士' });
      expect(row.id).not.toBe('attacker0000000000000000000000000');
      expect(row.createTime > '2026-01-01').toBe(true);
      expect((row as unknown as { orgCode: string; userType: string | null }).orgCode).toBe('A01A01A04');
      expect((row as unknown as { userType: string | null }).userType).toBeNull();
      expect(await t.login('test_nurse1', 'Strong@Pass1')).toBeTruthy();
      // The nurse's department now lists her for the nurse in charge.
      expect(names((await list('pageSize=100', lina)).records)).toContain('test_nurse1');
      const dup = await send('POST', '/sys/user/add', admin, { ...newUser, phone: '13912340009', email: null, workNo: null });
      expect(dup.json()).toMatchObject({ success: false, message: '用户账号已存在' });
      const dupPhone = await send('POST', '/sys/user/add', admin, { ...newUser, username: 'test_nurse2' });
      expect(dupPhone.json()).toMatchObject({ success: false, message: '手机号已存在' });
      const badRole = await send('POST', '/sys/user/add', admin, { ...newUser, username: 'test_nurse3', phone: null, email: null, workNo: null, selectedroles: 'no_such_role' });
      expect(badRole.json()).toMatchObject({ success: false, message: '所选角色不存在' });
      const badPhone = await send('POST', '/sys/user/add', admin, { ...newUser, username: 'test_nurse4', phone: '12345' });
      expect(badPhone.statusCode).toBe(400);
      expect(badPhone.json().message).toBe('请输入正确手机号');
    });

    it('edits profile fields only: password, username and status in the body change nothing (AC-02)', async () => {
      const id = (await list('username=test_nurse1')).records[0].id;
      const res = await send('PUT', '/sys/user/edit', admin, {
        id,
        username: 'hijacked',
        realname: '测试护士甲',
        password: 'Other@Pass99',
        status: 2,
        delFlag: 1,
        passwordHash: 'x',
        sex_dictText: '男',
      });
      expect(res.json()).toMatchObject({ success: true, message: '修改成功!' });
      const row = (await get(`/sys/user/queryById?id=${id}`, admin)).json().result;
      expect(row).toMatchObject({ username: 'test_nurse1', realname: '测试护士甲', status: 1, delFlag: 0 });
      expect(await t.login('test_nurse1', 'Strong@Pass1')).toBeTruthy();
      const post = await send('POST', '/sys/user/edit', admin, { id, realname: '测试护士乙' });
      expect(post.json().success).toBe(true);
      expect((await get(`/sys/user/queryById?id=${id}`, admin)).json().result.realname).toBe('测试护士乙');
    });

    it('ends the sessions of a user whose roles change (TOK-02), not on a profile edit', async () => {
      const id = (await list('username=test_nurse1')).records[0].id;
      const token = await t.login('test_nurse1', 'Strong@Pass1');
      await send('PUT', '/sys/user/edit', admin, { id, telephone: '010-12345678' });
      expect((await get('/sys/user/getCurrentUserDeparts', token)).statusCode).toBe(200);
      const res = await send('PUT', '/sys/user/edit', admin, { id, selectedroles: `${roleId('nurse')},${roleId('doctor')}` });
      expect(res.json().success).toBe(true);
      expect((await get('/sys/user/getCurrentUserDeparts', token)).statusCode).toBe(401);
      expect((await get(`/sys/user/queryUserRole?userid=${id}`, admin)).json().result.sort()).toEqual([roleId('doctor'), roleId('nurse')].sort());
    });

    it('keeps a department-scoped editor inside their scope for users, departments and roles (AC-02)', async () => {
      // Give organisation managers the user:edit code the way an administrator would.
      const current = (await get(`/sys/permission/queryRolePermission?roleId=${roleId('org_manager')}`, admin)).json().result as string[];
      const grant = await send('POST', '/sys/permission/saveRolePermission', admin, {
        roleId: roleId('org_manager'),
        permissionIds: [...current, permId('user:edit')].join(','),
        lastpermissionIds: current.join(','),
      });
      expect(grant.json().success).toBe(true);
      const target = userId('wang001');
      const foreignDepart = await send('PUT', '/sys/user/edit', wangfang, { id: target, selecteddeparts: departId('A01A02A01') });
      expect(foreignDepart.json()).toMatchObject({ success: false, message: '所选部门不存在或不在您的管理范围内' });
      const adminRole = await send('PUT', '/sys/user/edit', wangfang, { id: target, selectedroles: `${roleId('doctor')},${roleId('admin')}` });
      expect(adminRole.json()).toMatchObject({ success: false, message: '无权分配角色：系统管理员' });
      const operator = await send('PUT', '/sys/user/edit', wangfang, { id: target, selectedroles: roleId('platform_operator') });
      expect(operator.json().success).toBe(false);
      const foreignTenant = await send('PUT', '/sys/user/edit', wangfang, { id: target, relTenantIds: '1,2' });
      expect(foreignTenant.json()).toMatchObject({ success: false, message: '无权分配租户：2' });
      const outOfScope = await send('PUT', '/sys/user/edit', wangfang, { id: userId('liuyang'), realname: '被改' });
      expect(outOfScope.json()).toMatchObject({ success: false, message: '未找到对应数据' });
      expect((await get(`/sys/user/queryUserRole?userid=${target}`, admin)).json().result).toEqual([roleId('doctor')]);
      expect((await get(`/sys/user/queryById?id=${userId('liuyang')}`, admin)).json().result.realname).toBe('刘洋');
      // Within scope it works.
      const ok = await send('PUT', '/sys/user/edit', wangfang, {
        id: target,
        realname: '王建国二',
        selecteddeparts: `${departId('A01A01A01')},${departId('A01A01A03')}`,
        selectedroles: `${roleId('doctor')},${roleId('nurse')}`,
      });
      expect(ok.json()).toMatchObject({ success: true });
      const after = (await get(`/sys/user/queryById?id=${target}`, admin)).json().result;
      expect(after).toMatchObject({ realname: '王建国二', orgCodeTxt: '心血管内科,呼吸内科' });
    });

    it('keeps memberships the editor cannot see when the editor changes the others', async () => {
      // chenjing is in two departments; give her a third outside wangfang's subtree first.
      const id = userId('chenjing');
      await send('PUT', '/sys/user/edit', admin, { id, selecteddeparts: [departId('A01A01A02'), departId('A01A01A05'), departId('A01A02A01')].join(',') });
      await send('PUT', '/sys/user/edit', wangfang, { id, selecteddeparts: departId('A01A01A02') });
      const departs = (await get(`/sys/user/userDepartList?userId=${id}`, admin)).json().result.map((d: { title: string }) => d.title);
      expect(departs.sort()).toEqual(['内分泌科', '神经内科'].sort());
    });

    it('freezes users and ends their sessions; unfreezing lets them back in; nobody freezes themselves', async () => {
      const id = (await list('username=test_nurse1')).records[0].id;
      const token = await t.login('test_nurse1', 'Strong@Pass1');
      const frozen = await send('PUT', '/sys/user/frozenBatch', admin, { ids: `${id},`, status: '2' });
      expect(frozen.json()).toMatchObject({ success: true });
      expect((await get('/sys/user/getCurrentUserDeparts', token)).statusCode).toBe(401);
      const login = await t.call({ method: 'POST', url: '/sys/login', payload: { username: 'test_nurse1', password: 'Strong@Pass1' } });
      expect(login.json()).toMatchObject({ success: false, message: '该用户已冻结' });
      expect((await list('username=test_nurse1')).records[0]).toMatchObject({ status: 2, status_dictText: '冻结' });
      expect((await send('POST', '/sys/user/frozenBatch', admin, { ids: id, status: 1 })).json().success).toBe(true);
      expect(await t.login('test_nurse1', 'Strong@Pass1')).toBeTruthy();
      const self = await send('PUT', '/sys/user/frozenBatch', admin, { ids: userId('admin'), status: '2' });
      expect(self.json()).toMatchObject({ success: false, message: '不能冻结当前登录用户' });
      const bad = await send('PUT', '/sys/user/frozenBatch', admin, { ids: id, status: '9' });
      expect(bad.statusCode).toBe(400);
    });

    it('deletes users logically, ends their sessions and hides them everywhere', async () => {
      const id = (await list('username=test_nurse1')).records[0].id;
      const token = await t.login('test_nurse1', 'Strong@Pass1');
      const res = await send('DELETE', `/sys/user/delete?id=${id}`, admin);
      expect(res.json()).toMatchObject({ success: true, message: '删除用户成功' });
      expect((await get('/sys/user/getCurrentUserDeparts', token)).statusCode).toBe(401);
      expect((await list('username=test_nurse1')).total).toBe(0);
      expect((await get(`/sys/user/queryById?id=${id}`, admin)).json().success).toBe(false);
      const again = await t.call({ method: 'POST', url: '/sys/login', payload: { username: 'test_nurse1', password: 'Strong@Pass1' } });
      expect(again.json().success).toBe(false);
      const self = await send('DELETE', `/sys/user/delete?id=${userId('admin')}`, admin);
      expect(self.json()).toMatchObject({ success: false, message: '不能删除当前登录用户' });
    });

    it('deletes a batch only when every id is visible, trailing comma allowed', async () => {
      const a = userId('zhao008');
      const b = userId('wu009');
      const tokenA = await t.login('zhao008');
      const mixed = await send('DELETE', `/sys/user/deleteBatch?ids=${a},no_such_user,`, admin);
      expect(mixed.json()).toMatchObject({ success: false, message: '未找到对应数据' });
      expect((await get(`/sys/user/queryById?id=${a}`, admin)).json().success).toBe(true);
      const res = await send('DELETE', `/sys/user/deleteBatch?ids=${a},${b},`, admin);
      expect(res.json()).toMatchObject({ success: true, message: '批量删除用户成功' });
      expect((await get('/sys/user/getCurrentUserDeparts', tokenA)).statusCode).toBe(401);
      expect((await list(`code=${a},${b}`)).total).toBe(0);
      const inj = await send('DELETE', `/sys/user/deleteBatch?ids=${encodeURIComponent("x') or ('1'='1")}`, admin);
      expect(inj.statusCode === 400 || inj.json().success === false).toBe(true);
      expect((await list('pageSize=1')).total).toBe(SEEDED - 2);
    });
  });
});
