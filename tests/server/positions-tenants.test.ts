import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../src/server/db/menu-sync.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

const positionId = (code: string) => stableId('position', code);
const departId = (code: string) => stableId('depart', code);
const roleId = (code: string) => stableId('role', code);

interface Position {
  id: string;
  code: string;
  name: string;
  postRank: string | null;
  postRank_dictText: string | null;
  rank: string | null;
  rank_dictText: string | null;
}
interface Tenant {
  id: number;
  name: string;
  status: number;
  status_dictText?: string;
}

describe.each(DIALECTS)('positions and tenants on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let lina: string;

  const get = (path: string, token?: string, headers?: Record<string, string>) => t.call({ method: 'GET', url: path, token, headers });
  const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, token: string, payload?: object, headers?: Record<string, string>) =>
    t.call({ method, url: path, token, headers, ...(payload ? { payload } : {}) });
  const positions = async (query = '', token = admin) =>
    (await get(`/sys/position/list?${query}`, token)).json().result as { records: Position[]; total: number };

  beforeAll(async () => {
    t = await createTestApp(url);
    [admin, lina] = [await t.login('admin'), await t.login('lina')];
  });
  afterAll(async () => t?.close());

  describe('positions', () => {
    it('lists positions by name for every signed-in user, with the rank text under both names', async () => {
      const all = await positions('pageSize=50', lina);
      expect(all.total).toBe(10);
      expect(all.records.find((p) => p.code === 'dean')).toMatchObject({
        name: '院长',
        postRank: '1',
        postRank_dictText: '正高级',
        rank: '1',
        rank_dictText: '正高级',
      });
      const doctors = await positions(`name=${encodeURIComponent('*医师*')}&column=code&order=asc`);
      expect(doctors.records.map((p) => p.code)).toEqual(['associate_chief', 'attending', 'chief_physician', 'resident']);
      expect((await positions('postRank=3,4&pageSize=50')).total).toBe(7);
      const sq = encodeURIComponent(JSON.stringify([{ field: 'postRank', rule: 'eq', val: '4' }, { field: 'code', rule: 'eq', val: 'dean' }]));
      expect((await positions(`superQueryParams=${sq}&superQueryMatchType=or`)).records.map((p) => p.code).sort()).toEqual(['buyer', 'dean', 'nurse', 'resident']);
      expect((await get(`/sys/position/list?column=${encodeURIComponent('name desc, (select 1)')}`, admin)).statusCode).toBe(400);
      expect((await get('/sys/position/list')).statusCode).toBe(401);
      // Positions belong to a tenant.
      expect((await get('/sys/position/list', admin, { 'x-tenant-id': '2' })).json().result.total).toBe(0);
    });

    it('finds a position by code', async () => {
      expect((await get('/sys/position/queryByCode?code=head_nurse', lina)).json().result).toMatchObject({ name: '护士长', rank_dictText: '中级' });
      expect((await get('/sys/position/queryByCode?code=none', lina)).json().success).toBe(false);
    });

    it('adds, edits and deletes positions with the position codes', async () => {
      const body = { code: 'aide', name: '护理员', rank: '5' };
      expect((await send('POST', '/sys/position/add', lina, body)).json()).toMatchObject({ success: false, code: 510 });
      expect((await send('POST', '/sys/position/add', admin, { ...body, tenantId: 2, sysOrgCode: 'A02' })).json()).toMatchObject({
        success: true,
        message: '添加成功！',
      });
      const added = (await positions('code=aide')).records[0];
      expect(added).toMatchObject({ name: '护理员', postRank: '5', rank_dictText: '员级', sysOrgCode: 'A01', tenantId: 1 });
      expect((await send('POST', '/sys/position/add', admin, body)).json()).toMatchObject({ success: false, message: '职务编码已存在' });
      expect((await send('POST', '/sys/position/add', admin, { ...body, code: "a' or 1=1" })).statusCode).toBe(400);
      expect((await send('PUT', '/sys/position/edit', lina, { id: added.id, code: 'aide', name: 'x' })).json().code).toBe(510);
      const edit = await send('PUT', '/sys/position/edit', admin, { id: added.id, code: 'care_aide', name: '护理员（新）', postRank: '4' });
      expect(edit.json()).toMatchObject({ success: true, message: '编辑成功!' });
      expect((await positions('code=care_aide')).records[0]).toMatchObject({ name: '护理员（新）', rank_dictText: '初级' });
      const usedCode = await send('POST', '/sys/position/edit', admin, { id: positionId('dean'), code: 'president', name: '院长' });
      expect(usedCode.json()).toMatchObject({ success: false, message: '该职务已被用户使用，编码不能修改' });
      const usedDelete = await send('DELETE', `/sys/position/delete?id=${positionId('dean')}`, admin);
      expect(usedDelete.json()).toMatchObject({ success: false, message: '职务「院长」已被用户使用，无法删除' });
      expect((await send('DELETE', `/sys/position/delete?id=${added.id}`, lina)).json().code).toBe(510);
      expect((await send('DELETE', `/sys/position/delete?id=${added.id}`, admin)).json()).toMatchObject({ success: true, message: '删除成功!' });
      await send('POST', '/sys/position/add', admin, { code: 'tmp1', name: '临时一' });
      await send('POST', '/sys/position/add', admin, { code: 'tmp2', name: '临时二' });
      const ids = (await positions('code=tmp1,tmp2')).records.map((p) => p.id);
      expect((await send('DELETE', `/sys/position/deleteBatch?ids=${ids.join(',')},`, admin)).json()).toMatchObject({
        success: true,
        message: '批量删除成功!',
      });
      expect((await positions('pageSize=50')).total).toBe(10);
    });
  });

  describe('tenants', () => {
    it('lists tenants for tenant administrators only', async () => {
      const res = (await get('/sys/tenant/list', admin)).json().result as { records: Tenant[]; total: number };
      expect(res.total).toBe(2);
      expect(res.records.find((r) => r.id === 2)).toMatchObject({ name: '仁和健康管理中心', status: 1, status_dictText: '正常' });
      expect((await get(`/sys/tenant/list?name=${encodeURIComponent('*华康*')}`, admin)).json().result.records.map((r: Tenant) => r.id)).toEqual([1]);
      expect((await get('/sys/tenant/list', lina)).json()).toMatchObject({ success: false, code: 510 });
    });

    it('shows a tenant\'s details to its members only (AC-05)', async () => {
      expect((await get('/sys/tenant/queryById?id=2', admin)).json().result).toMatchObject({ id: 2, name: '仁和健康管理中心' });
      expect((await get('/sys/tenant/queryById?id=1', lina)).json().result).toMatchObject({ id: 1 });
      const foreign = (await get('/sys/tenant/queryById?id=2', lina)).json();
      expect(foreign).toMatchObject({ success: false, result: null });
      expect(JSON.stringify(foreign)).not.toContain('仁和');
      expect(((await get('/sys/tenant/queryList?ids=1,2', lina)).json().result as Tenant[]).map((r) => r.id)).toEqual([1]);
      expect(((await get('/sys/tenant/queryList?ids=1,2', admin)).json().result as Tenant[]).map((r) => r.id)).toEqual([1, 2]);
      expect((await get(`/sys/tenant/queryList?ids=${encodeURIComponent('1) or (1=1')}`, admin)).statusCode).toBe(400);
      expect((await get('/sys/tenant/getCurrentUserTenant', admin)).json().result.list.map((r: Tenant) => r.id)).toEqual([1, 2]);
      expect((await get('/sys/tenant/getCurrentUserTenant', lina)).json().result.list.map((r: Tenant) => r.id)).toEqual([1]);
    });

    it('adds and edits tenants with the tenant codes', async () => {
      expect((await send('POST', '/sys/tenant/add', lina, { name: '新租户' })).json().code).toBe(510);
      expect((await send('POST', '/sys/tenant/add', admin, { id: 7, name: '第七租户', beginDate: '2026-01-01', endDate: '2026-12-31' })).json()).toMatchObject({
        success: true,
        message: '添加成功！',
      });
      expect((await send('POST', '/sys/tenant/add', admin, { id: 7, name: '重复' })).json()).toMatchObject({ success: false, message: '该租户编号已存在' });
      expect((await send('POST', '/sys/tenant/add', admin, { name: '第八租户' })).json().success).toBe(true);
      const list = (await get('/sys/tenant/list?pageSize=50&column=id&order=asc', admin)).json().result.records as Tenant[];
      expect(list.map((r) => r.id)).toEqual([1, 2, 7, 8]);
      const backwards = await send('POST', '/sys/tenant/add', admin, { name: '倒序', beginDate: '2026-05-01', endDate: '2026-01-01' });
      expect(backwards.json()).toMatchObject({ success: false, message: '结束日期不能早于开始日期' });
      expect((await send('PUT', '/sys/tenant/edit', lina, { id: 7, name: 'x' })).json().code).toBe(510);
      expect((await send('PUT', '/sys/tenant/edit', admin, { id: 7, name: '第七租户（改）' })).json()).toMatchObject({ success: true, message: '编辑成功!' });
      expect((await get('/sys/tenant/list?id=7', admin)).json().result.records[0].name).toBe('第七租户（改）');
      const own = await send('POST', '/sys/tenant/edit', admin, { id: 1, name: '华康医疗集团', status: 0 });
      expect(own.json()).toMatchObject({ success: false, message: '不能冻结当前登录的租户' });
    });

    it('freezing a tenant ends the sessions opened in it and stops its members signing in', async () => {
      // A member of tenant 2 only, created by the administrator working in tenant 2.
      const inTenant2 = { 'x-tenant-id': '2' };
      const add = await send(
        'POST',
        '/sys/user/add',
        admin,
        { username: 'renhe01', realname: '仁和员工', password: 'Renhe@Pass01', relTenantIds: '2', selecteddeparts: departId('A02A01'), selectedroles: roleId('nurse') },
        inTenant2,
      );
      expect(add.json().success).toBe(true);
      const token = await t.login('renhe01', 'Renhe@Pass01');
      expect((await get('/sys/tenant/getCurrentUserTenant', token)).json().result.list.map((r: Tenant) => r.id)).toEqual([2]);
      expect((await send('PUT', '/sys/tenant/edit', admin, { id: 2, name: '仁和健康管理中心', status: 0 })).json().success).toBe(true);
      expect((await get('/sys/tenant/getCurrentUserTenant', token)).statusCode).toBe(401);
      const login = await t.call({ method: 'POST', url: '/sys/login', payload: { username: 'renhe01', password: 'Renhe@Pass01' } });
      expect(login.json()).toMatchObject({ success: false, message: '与该用户关联的租户均已被冻结，无法登录！' });
      expect((await get('/sys/tenant/getCurrentUserTenant', admin)).json().result.list.map((r: Tenant) => r.id)).toEqual([1]);
      await send('PUT', '/sys/tenant/edit', admin, { id: 2, name: '仁和健康管理中心', status: 1 });
      expect(await t.login('renhe01', 'Renhe@Pass01')).toBeTruthy();
    });

    it('deletes only empty tenants, never the current one', async () => {
      expect((await send('DELETE', '/sys/tenant/delete?id=7', lina)).json().code).toBe(510);
      expect((await send('DELETE', '/sys/tenant/delete?id=2', admin)).json()).toMatchObject({
        success: false,
        message: '租户「仁和健康管理中心」下还有部门或用户，无法删除',
      });
      expect((await send('DELETE', '/sys/tenant/delete?id=1', admin)).json()).toMatchObject({ success: false, message: '不能删除当前登录的租户' });
      expect((await send('DELETE', '/sys/tenant/delete?id=7', admin)).json()).toMatchObject({ success: true, message: '删除成功!' });
      expect((await send('DELETE', '/sys/tenant/deleteBatch?ids=8,', admin)).json()).toMatchObject({ success: true, message: '批量删除成功!' });
      expect(((await get('/sys/tenant/list', admin)).json().result.records as Tenant[]).map((r) => r.id).sort()).toEqual([1, 2]);
    });
  });
});
