import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../src/server/db/menu-sync.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

const roleId = (code: string) => stableId('role', code);
const departId = (code: string) => stableId('depart', code);
const permId = (code: string) => stableId('perm', code);
const menuId = (key: string) => stableId('menu', key);

interface RoleRecord {
  id: string;
  roleName: string;
  roleCode: string;
  workClass: string | null;
  workClass_dictText: string | null;
  tenantId: number;
}
interface TreeNode {
  key: string;
  title: string;
  slotTitle: string;
  isLeaf: boolean;
  parentId: string;
  label: string;
  value: string;
  ruleFlag: number;
  icon: string | null;
  children: TreeNode[] | null;
}

describe.each(DIALECTS)('roles and role authorisation on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let lina: string;
  let wangfang: string;

  const get = (path: string, token: string) => t.call({ method: 'GET', url: path, token });
  const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, token: string, payload?: object) =>
    t.call({ method, url: path, token, ...(payload ? { payload } : {}) });
  const roles = async (query = '', token = admin) => (await get(`/sys/role/list?${query}`, token)).json().result as { records: RoleRecord[]; total: number };
  const rolePerms = async (id: string) => (await get(`/sys/permission/queryRolePermission?roleId=${id}`, admin)).json().result as string[];
  const savePerms = (token: string, id: string, ids: string[], last: string[] = []) =>
    send('POST', '/sys/permission/saveRolePermission', token, { roleId: id, permissionIds: ids.join(','), lastpermissionIds: last.join(',') });

  beforeAll(async () => {
    t = await createTestApp(url);
    [admin, lina, wangfang] = [await t.login('admin'), await t.login('lina'), await t.login('wangfang')];
  });
  afterAll(async () => t?.close());

  it('lists roles to every signed-in user, with filters, sort and the work-class text', async () => {
    const all = await roles('pageSize=50', lina);
    expect(all.total).toBe(5);
    const admins = all.records.find((r) => r.roleCode === 'admin') as RoleRecord;
    expect(admins).toMatchObject({ roleName: '系统管理员', workClass: '3', workClass_dictText: '平台运营' });
    expect(all.records.find((r) => r.roleCode === 'doctor')?.workClass_dictText).toBe('医生');
    const like = await roles(`roleName=${encodeURIComponent('*管理*')}`);
    expect(like.records.map((r) => r.roleCode).sort()).toEqual(['admin', 'org_manager']);
    const sorted = (await roles('column=roleCode&order=asc')).records.map((r) => r.roleCode);
    expect(sorted).toEqual(['admin', 'doctor', 'nurse', 'org_manager', 'platform_operator']);
    const paged = (await get('/sys/role/list?pageNo=2&pageSize=2', admin)).json().result;
    expect(paged).toMatchObject({ total: 5, current: 2, size: 2, pages: 3 });
    const inj = await get(`/sys/role/list?column=${encodeURIComponent('(select 1)')}`, admin);
    expect(inj.statusCode).toBe(400);
    const sq = await get(`/sys/role/list?superQueryParams=${encodeURIComponent(JSON.stringify([{ field: 'role_code) or (1', rule: 'eq', val: '1' }]))}`, admin);
    expect(sq.statusCode).toBe(400);
    const ok = await get(`/sys/role/list?superQueryParams=${encodeURIComponent(JSON.stringify([{ field: 'workClass', rule: 'eq', val: '3' }]))}`, admin);
    expect(ok.json().result.records.map((r: RoleRecord) => r.roleCode).sort()).toEqual(['admin', 'platform_operator']);
    expect((await get('/sys/role/list', '')).statusCode).toBe(401);
  });

  it('queryall gives every visible role; checkRoleCode tells whether a code is free', async () => {
    expect(((await get('/sys/role/queryall', lina)).json().result as RoleRecord[]).map((r) => r.roleCode).sort()).toEqual([
      'admin',
      'doctor',
      'nurse',
      'org_manager',
      'platform_operator',
    ]);
    expect((await get('/sys/role/checkRoleCode?roleCode=admin', lina)).json()).toMatchObject({ success: false, message: '角色编码已存在' });
    expect((await get('/sys/role/checkRoleCode?roleCode=pharmacy', lina)).json()).toMatchObject({ success: true });
    expect((await get(`/sys/role/checkRoleCode?roleCode=admin&id=${roleId('admin')}`, lina)).json().success).toBe(true);
  });

  it('adds and edits roles with role:add / role:edit; the tenant cannot be chosen', async () => {
    const body = { roleName: '药师', roleCode: 'pharmacy', description: '药剂科人员' };
    expect((await send('POST', '/sys/role/add', lina, body)).json()).toMatchObject({ success: false, code: 510 });
    const added = await send('POST', '/sys/role/add', admin, { ...body, tenantId: 2, id: 'chosen', createBy: 'someone' });
    expect(added.json()).toMatchObject({ success: true, message: '添加成功！' });
    const row = (await roles('roleCode=pharmacy')).records[0];
    expect(row).toMatchObject({ roleName: '药师', tenantId: 1 });
    expect(row.id).not.toBe('chosen');
    expect((await send('POST', '/sys/role/add', admin, body)).json()).toMatchObject({ success: false, message: '角色编码已存在' });
    const badCode = await send('POST', '/sys/role/add', admin, { ...body, roleCode: "x' or 1=1" });
    expect(badCode.statusCode).toBe(400);
    expect((await send('PUT', '/sys/role/edit', lina, { id: row.id, roleName: 'x', roleCode: 'pharmacy' })).json().code).toBe(510);
    expect((await send('PUT', '/sys/role/edit', admin, { id: row.id, roleName: '药剂师', roleCode: 'pharmacist' })).json()).toMatchObject({
      success: true,
      message: '修改成功!',
    });
    expect((await send('POST', '/sys/role/edit', admin, { id: row.id, roleName: '药剂师', roleCode: 'pharmacist', workClass: '4' })).json().success).toBe(true);
    expect((await roles('roleCode=pharmacist')).records[0]).toMatchObject({ roleName: '药剂师', workClass: '4', workClass_dictText: '医生' });
    const adminCode = await send('PUT', '/sys/role/edit', admin, { id: roleId('admin'), roleName: '系统管理员', roleCode: 'root' });
    expect(adminCode.json()).toMatchObject({ success: false, message: '系统管理员角色的编码不能修改' });
    const taken = await send('PUT', '/sys/role/edit', admin, { id: row.id, roleName: '药剂师', roleCode: 'doctor' });
    expect(taken.json()).toMatchObject({ success: false, message: '角色编码已存在' });
  });

  it('answers the authorisation tree as TreeModel nodes with every permission id', async () => {
    const res = (await get('/sys/role/queryTreeList', lina)).json().result as { treeList: TreeNode[]; ids: string[] };
    const system = res.treeList.find((n) => n.key === menuId('isystem')) as TreeNode;
    expect(system).toMatchObject({ title: '系统管理', slotTitle: '系统管理', label: '系统管理', value: menuId('isystem'), isLeaf: false, parentId: '' });
    const users = system.children?.find((n) => n.key === menuId('isystem-user')) as TreeNode;
    expect(users.children?.map((c) => c.title)).toContain('添加用户');
    const addButton = users.children?.find((c) => c.key === permId('user:add')) as TreeNode;
    expect(addButton).toMatchObject({ isLeaf: true, children: null, parentId: menuId('isystem-user'), ruleFlag: 0 });
    expect(res.ids).toContain(permId('user:add'));
    expect(res.ids).toContain(menuId('dashboard'));
    expect(JSON.stringify(res)).not.toContain('user:add');
  });

  it('saves a role\'s permissions; the role\'s users get them on their next call, without signing in again', async () => {
    const pharmacist = (await roles('roleCode=pharmacist')).records[0].id;
    const added = await send('POST', '/sys/user/add', admin, {
      username: 'pharm01',
      realname: '药师一',
      password: 'Pharm@Pass01',
      selectedroles: pharmacist,
      selecteddeparts: departId('A01A02A03'),
    });
    expect(added.json().success).toBe(true);
    const token = await t.login('pharm01', 'Pharm@Pass01');
    const tryAdd = () =>
      send('POST', '/sys/user/add', token, { username: `pharm_new_${Date.now() % 100000}`, realname: '新人', password: 'Newbie@Pass1' });
    expect((await tryAdd()).json().code).toBe(510);
    expect(await rolePerms(pharmacist)).toEqual([]);
    expect((await savePerms(lina, pharmacist, [permId('user:add')])).json().code).toBe(510);
    const grant = [menuId('isystem'), menuId('isystem-user'), permId('user:add')];
    expect((await savePerms(admin, pharmacist, grant)).json()).toMatchObject({ success: true, message: '保存成功！' });
    expect((await rolePerms(pharmacist)).sort()).toEqual([...grant].sort());
    expect((await tryAdd()).json()).toMatchObject({ success: true });
    // A stale lastpermissionIds does not leave grants behind: the stored set becomes exactly the new one.
    expect((await savePerms(admin, pharmacist, [menuId('isystem')], [])).json().success).toBe(true);
    expect(await rolePerms(pharmacist)).toEqual([menuId('isystem')]);
    expect((await tryAdd()).json().code).toBe(510);
    const unknown = await savePerms(admin, pharmacist, ['no_such_permission']);
    expect(unknown.json()).toMatchObject({ success: false, message: '所选权限不存在' });
    const inj = await savePerms(admin, pharmacist, ["x') or ('1'='1"]);
    expect(inj.statusCode).toBe(400);
  });

  it('lets a scoped authoriser grant only codes they hold, and never touch unrestricted roles', async () => {
    const managerPerms = await rolePerms(roleId('org_manager'));
    expect((await savePerms(admin, roleId('org_manager'), [...managerPerms, permId('role:authorize')], managerPerms)).json().success).toBe(true);
    const nursePerms = await rolePerms(roleId('nurse'));
    const escalate = await savePerms(wangfang, roleId('nurse'), [...nursePerms, permId('user:delete')], nursePerms);
    expect(escalate.json()).toMatchObject({ success: false, message: '无权授予或收回权限：删除用户' });
    const onAdmin = await savePerms(wangfang, roleId('admin'), [], []);
    expect(onAdmin.json()).toMatchObject({ success: false, message: '无权管理角色：系统管理员' });
    expect((await rolePerms(roleId('admin'))).length).toBeGreaterThan(10);
    const within = await savePerms(wangfang, roleId('nurse'), [...nursePerms, permId('user:list')], nursePerms);
    expect(within.json().success).toBe(true);
    expect(await rolePerms(roleId('nurse'))).toContain(permId('user:list'));
  });

  it('deletes roles with role:delete, signing their holders out; the administrator role stays', async () => {
    const pharmacist = (await roles('roleCode=pharmacist')).records[0].id;
    const token = await t.login('pharm01', 'Pharm@Pass01');
    expect((await send('DELETE', `/sys/role/delete?id=${pharmacist}`, lina)).json().code).toBe(510);
    expect((await send('DELETE', `/sys/role/delete?id=${roleId('admin')}`, admin)).json()).toMatchObject({
      success: false,
      message: '系统管理员角色不能删除',
    });
    expect((await send('DELETE', `/sys/role/delete?id=${pharmacist}`, admin)).json()).toMatchObject({ success: true, message: '删除角色成功' });
    expect((await get('/sys/user/getCurrentUserDeparts', token)).statusCode).toBe(401);
    expect((await roles('roleCode=pharmacist')).total).toBe(0);
    expect((await get(`/sys/permission/queryRolePermission?roleId=${pharmacist}`, admin)).json()).toMatchObject({ success: false, result: null });
    const user = (await get('/sys/user/list?username=pharm01', admin)).json().result.records[0];
    expect((await get(`/sys/user/queryUserRole?userid=${user.id}`, admin)).json().result).toEqual([]);
    await send('POST', '/sys/role/add', admin, { roleName: '临时一', roleCode: 'temp_one' });
    await send('POST', '/sys/role/add', admin, { roleName: '临时二', roleCode: 'temp_two' });
    const temps = (await roles('roleCode=temp_one,temp_two')).records.map((r) => r.id);
    expect(temps).toHaveLength(2);
    const batch = await send('DELETE', `/sys/role/deleteBatch?ids=${temps.join(',')},`, admin);
    expect(batch.json()).toMatchObject({ success: true, message: '批量删除角色成功' });
    expect((await roles('roleCode=temp_one,temp_two')).total).toBe(0);
  });
});
