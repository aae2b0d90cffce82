import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../src/server/db/menu-sync.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

const departId = (code: string) => stableId('depart', code);
const userId = (name: string) => stableId('user', name);
const roleId = (code: string) => stableId('role', code);
const permId = (code: string) => stableId('perm', code);
const menuId = (key: string) => stableId('menu', key);

interface DepartNode {
  id: string;
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  orgCode: string;
  parentId: string;
  departName: string;
  orgType: string;
  tenantId: number;
  children: DepartNode[] | null;
}

const codes = (nodes: DepartNode[]) => nodes.map((n) => n.orgCode);
const flatten = (nodes: DepartNode[]): DepartNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe.each(DIALECTS)('departments on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let lina: string;
  let wangfang: string;

  const get = (path: string, token: string, headers?: Record<string, string>) => t.call({ method: 'GET', url: path, token, headers });
  const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, token: string, payload?: object) =>
    t.call({ method, url: path, token, ...(payload ? { payload } : {}) });
  const tree = async (token: string, query = '') => (await get(`/sys/sysDepart/queryTreeList${query}`, token)).json().result as DepartNode[];
  const byCode = async (code: string) => flatten(await tree(admin)).find((n) => n.orgCode === code);

  beforeAll(async () => {
    // This deployment also serves the PD-D application, so a sign-in may choose it (X-App-Code).
    t = await createTestApp(url, { APP_CODES: 'PD-D-WEB' });
    [admin, lina, wangfang] = [await t.login('admin'), await t.login('lina'), await t.login('wangfang')];
  });
  afterAll(async () => t?.close());

  describe('trees', () => {
    it('answers the tenant\'s tree in protocol shape to the administrator', async () => {
      const roots = await tree(admin);
      expect(codes(roots)).toEqual(['A01']);
      const [root] = roots;
      expect(root).toMatchObject({ key: root.id, value: root.id, title: '华康医疗集团', isLeaf: false, parentId: '', orgType: '1' });
      expect(codes(root.children ?? [])).toEqual(['A01A01', 'A01A02', 'A01A03']);
      const leaf = flatten(roots).find((n) => n.orgCode === 'A01A01A04') as DepartNode;
      expect(leaf).toMatchObject({ title: '护理部', isLeaf: true, children: null, parentId: departId('A01A01') });
      expect(flatten(roots)).toHaveLength(14);
    });

    it('switches tenant only among the session\'s own tenants (TOK-07)', async () => {
      const other = (await get('/sys/sysDepart/queryTreeList', admin, { 'x-tenant-id': '2' })).json().result as DepartNode[];
      expect(codes(other)).toEqual(['A02']);
      expect(flatten(other).every((n) => n.tenantId === 2)).toBe(true);
      const foreign = await get('/sys/sysDepart/queryTreeList', lina, { 'x-tenant-id': '2' });
      expect(foreign.statusCode).toBe(403);
      expect(JSON.stringify(foreign.json())).not.toContain('A02');
      const empty = (await get('/sys/sysDepart/queryTreeList', lina, { 'x-tenant-id': '' })).json().result as DepartNode[];
      expect(codes(empty)).toEqual(['A01A01A04']);
      const junk = await get('/sys/sysDepart/queryTreeList', lina, { 'x-tenant-id': '1 or 1=1' });
      expect(junk.statusCode).toBe(403);
    });

    it('roots a scoped user\'s tree at their own department', async () => {
      expect(codes(await tree(lina))).toEqual(['A01A01A04']);
      const manager = await tree(wangfang);
      expect(codes(manager)).toEqual(['A01A01']);
      expect(codes(manager[0].children ?? [])).toEqual(['A01A01A01', 'A01A01A02', 'A01A01A03', 'A01A01A04', 'A01A01A05']);
      const login = await t.call({ method: 'POST', url: '/sys/login', headers: { 'x-app-code': 'PD-D-WEB' }, payload: { username: 'chenjing', password: 'Demo@2026' } });
      expect(codes(await tree(login.json().result.token)).sort()).toEqual(['A01A01A02', 'A01A01A05']);
    });

    it('filters the tree by ids, loads lazily, gives the id tree and searches by name', async () => {
      const some = await tree(admin, `?ids=${departId('A01A01')},${departId('A01A01A01')},`);
      expect(codes(some)).toEqual(['A01A01']);
      expect(codes(some[0].children ?? [])).toEqual(['A01A01A01']);
      const top = (await get('/sys/sysDepart/queryDepartTreeSync', admin)).json().result as DepartNode[];
      expect(top.map((n) => [n.orgCode, n.isLeaf])).toEqual([['A01', false]]);
      const level = (await get(`/sys/sysDepart/queryDepartTreeSync?pid=${departId('A01A03')}`, admin)).json().result as DepartNode[];
      expect(level.map((n) => [n.orgCode, n.isLeaf, n.children])).toEqual([
        ['A01A03A01', true, null],
        ['A01A03A02', true, null],
      ]);
      expect((await get(`/sys/sysDepart/queryDepartTreeSync?pid=${departId('A01A03A01')}`, admin)).json().result).toEqual([]);
      expect(((await get('/sys/sysDepart/queryDepartTreeSync', lina)).json().result as DepartNode[]).map((n) => n.orgCode)).toEqual(['A01A01A04']);
      const ids = (await get('/sys/sysDepart/queryIdTree', lina)).json().result;
      expect(ids).toEqual([{ key: departId('A01A01A04'), value: departId('A01A01A04'), title: '护理部', children: null }]);
      const found = (await get(`/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('内科')}`, admin)).json().result as DepartNode[];
      expect(found.map((n) => n.departName).sort()).toEqual(['呼吸内科', '心血管内科', '神经内科', '肾内科'].sort());
      expect((await get(`/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('内科')}`, lina)).json()).toMatchObject({
        success: false,
        message: '未查询匹配数据！',
      });
      expect((await get(`/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('%')}`, admin)).json().success).toBe(false);
      expect((await get(`/sys/sysDepart/queryDepartTreeSync?pid=${encodeURIComponent("' or 1=1 --")}`, admin)).statusCode).toBe(400);
    });

    it('gives each user the tree of their own departments', async () => {
      const chenjing = await t.login('chenjing');
      const mine = (await get('/sys/sysDepart/queryMyDeptTreeList', chenjing)).json().result as DepartNode[];
      expect(codes(mine)).toEqual(['A01A01A02', 'A01A01A05']);
      const viaApi = (await get('/api/sys/dept/getMyDeptTreeList', chenjing)).json();
      expect(viaApi.success).toBe(true);
      expect(codes(viaApi.result)).toEqual(['A01A01A02', 'A01A01A05']);
      const adminTree = (await get('/api/sys/dept/getMyDeptTreeList', admin)).json().result as DepartNode[];
      expect(flatten(adminTree)).toHaveLength(14);
    });

    it('lists a department\'s users within the caller\'s scope', async () => {
      const nurses = (await get(`/sys/sysDepart/getUsersByDepartId?id=${departId('A01A01A04')}`, admin)).json().result as Array<{ username: string }>;
      expect(nurses).toHaveLength(6);
      expect(JSON.stringify(nurses)).not.toMatch(/argon2|passwordHash/);
      expect((await get(`/sys/sysDepart/getUsersByDepartId?id=${departId('A01A01A01')}`, lina)).json().result).toEqual([]);
    });
  });

  describe('changes', () => {
    it('refuses callers without depart codes with 510', async () => {
      expect((await send('POST', '/sys/sysDepart/add', lina, { departName: '新科室', parentId: departId('A01A01') })).json().code).toBe(510);
      expect((await send('POST', '/sys/sysDepart/add', wangfang, { departName: '新科室', parentId: departId('A01A01') })).json().code).toBe(510);
      expect((await send('PUT', '/sys/sysDepart/edit', lina, { id: departId('A01A01A04'), departName: '改名' })).json().code).toBe(510);
      expect((await send('DELETE', `/sys/sysDepart/delete?id=${departId('A01A01A04')}`, wangfang)).json().code).toBe(510);
      expect((await byCode('A01A01A04'))?.departName).toBe('护理部');
    });

    it('adds departments with server-made ids and the next free org code', async () => {
      const res = await send('POST', '/sys/sysDepart/add', admin, {
        departName: '老年病科',
        parentId: departId('A01A01'),
        orgCode: 'ZZZ',
        tenantId: 2,
        id: 'chosen-id',
        orgType: '1',
      });
      expect(res.json()).toMatchObject({ success: true, message: '添加成功！', result: { orgCode: 'A01A01A06', orgType: '2', tenantId: 1, isLeaf: true } });
      expect(res.json().result.id).not.toBe('chosen-id');
      const second = (await send('POST', '/sys/sysDepart/add', admin, { departName: '康复科', parentId: departId('A01A01') })).json().result;
      expect(second.orgCode).toBe('A01A01A07');
      const root = (await send('POST', '/sys/sysDepart/add', admin, { departName: '新分院' })).json().result;
      expect(root).toMatchObject({ orgCode: 'A03', parentId: '', orgType: '1', orgCategory: '1' });
      const dup = await send('POST', '/sys/sysDepart/add', admin, { departName: '康复科', parentId: departId('A01A01') });
      expect(dup.json()).toMatchObject({ success: false, message: '同级部门中已存在同名部门' });
      // A deleted slot is free again.
      expect((await send('DELETE', `/sys/sysDepart/delete?id=${res.json().result.id}`, admin)).json()).toMatchObject({ success: true, message: '删除成功!' });
      const again = (await send('POST', '/sys/sysDepart/add', admin, { departName: '老年病科', parentId: departId('A01A01') })).json().result;
      expect(again.orgCode).toBe('A01A01A06');
      expect(codes((await tree(admin)).find((n) => n.orgCode === 'A01')?.children?.find((n) => n.orgCode === 'A01A01')?.children ?? [])).toContain('A01A01A07');
      const badParent = await send('POST', '/sys/sysDepart/add', admin, { departName: 'x', parentId: departId('A02') });
      expect(badParent.json()).toMatchObject({ success: false, message: '未找到对应部门' });
    });

    it('keeps a scoped department editor inside their subtree', async () => {
      const perms = (await get(`/sys/permission/queryRolePermission?roleId=${roleId('org_manager')}`, admin)).json().result as string[];
      await send('POST', '/sys/permission/saveRolePermission', admin, {
        roleId: roleId('org_manager'),
        permissionIds: [...perms, permId('depart:add'), permId('depart:delete')].join(','),
      });
      const inside = await send('POST', '/sys/sysDepart/add', wangfang, { departName: '日间病房', parentId: departId('A01A01A05') });
      expect(inside.json().result.orgCode).toBe('A01A01A05A01');
      const outside = await send('POST', '/sys/sysDepart/add', wangfang, { departName: '越权科室', parentId: departId('A01A02') });
      expect(outside.json()).toMatchObject({ success: false, message: '未找到对应部门' });
      const top = await send('POST', '/sys/sysDepart/add', wangfang, { departName: '越权分院' });
      expect(top.json()).toMatchObject({ success: false, message: '无权添加顶级部门' });
      const edit = await send('PUT', '/sys/sysDepart/edit', wangfang, {
        id: departId('A01A01A05'),
        departName: '慢病管理中心（新）',
        orgCode: 'A09',
        parentId: departId('A02'),
        tenantId: 2,
      });
      expect(edit.json()).toMatchObject({ success: true, message: '修改成功!' });
      expect(await byCode('A01A01A05')).toMatchObject({ departName: '慢病管理中心（新）', parentId: departId('A01A01'), tenantId: 1 });
      const foreign = await send('POST', '/sys/sysDepart/edit', wangfang, { id: departId('A01A02'), departName: '被改' });
      expect(foreign.json()).toMatchObject({ success: false, message: '未找到对应部门' });
      expect((await byCode('A01A02'))?.departName).toBe('华康中心医院');
      const delForeign = await send('DELETE', `/sys/sysDepart/delete?id=${departId('A01A03A02')}`, wangfang);
      expect(delForeign.json().success).toBe(false);
      expect(await byCode('A01A03A02')).toBeTruthy();
      expect((await send('DELETE', `/sys/sysDepart/delete?id=${inside.json().result.id}`, wangfang)).json().success).toBe(true);
    });

    it('refuses to delete a department with children or members, in Chinese', async () => {
      const parent = await send('DELETE', `/sys/sysDepart/delete?id=${departId('A01A01')}`, admin);
      expect(parent.json()).toMatchObject({ success: false, message: '部门「华康第一人民医院」下还有子部门，请先删除子部门' });
      const members = await send('DELETE', `/sys/sysDepart/delete?id=${departId('A01A01A04')}`, admin);
      expect(members.json()).toMatchObject({ success: false, message: '部门「护理部」下还有用户，请先移除用户' });
      expect(await byCode('A01A01A04')).toBeTruthy();
    });

    it('deletes a batch, a parent together with its children', async () => {
      const parent = (await send('POST', '/sys/sysDepart/add', admin, { departName: '临时中心', parentId: departId('A01A03') })).json().result;
      const child = (await send('POST', '/sys/sysDepart/add', admin, { departName: '临时小组', parentId: parent.id })).json().result;
      expect(child.orgCode).toBe(`${parent.orgCode}A01`);
      const res = await send('DELETE', `/sys/sysDepart/deleteBatch?ids=${parent.id},${child.id},`, admin);
      expect(res.json()).toMatchObject({ success: true });
      expect(await byCode(parent.orgCode)).toBeUndefined();
      expect(await byCode(child.orgCode)).toBeUndefined();
    });
  });

  describe('department authorisation and department roles', () => {
    const nursing = departId('A01A01A04');
    const granted = [menuId('isystem'), menuId('isystem-user'), permId('user:list'), permId('user:add')];
    let wardRole = '';

    const departPerms = async () => (await get(`/sys/permission/queryDepartPermission?departId=${nursing}`, admin)).json().result as string[];
    const codeList = async (token: string) => (await get('/sys/permission/getUserPermissionByToken', token)).json().result.codeList as string[];

    it('saves what a department may hand out, with depart:authorize', async () => {
      expect(await departPerms()).toEqual([]);
      const body = { departId: nursing, permissionIds: granted.join(','), lastpermissionIds: '' };
      expect((await send('POST', '/sys/permission/saveDepartPermission', lina, body)).json().code).toBe(510);
      expect((await send('POST', '/sys/permission/saveDepartPermission', admin, body)).json()).toMatchObject({ success: true, message: '保存成功！' });
      expect((await departPerms()).sort()).toEqual([...granted].sort());
      const tree = (await get(`/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${nursing}`, lina)).json().result;
      expect(tree.ids.sort()).toEqual([...granted].sort());
      expect(tree.treeList).toHaveLength(1);
      expect(tree.treeList[0].children[0].children.map((n: { title: string }) => n.title)).toEqual(['查看用户', '添加用户']);
      const inj = await get(`/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${encodeURIComponent("' or depart_id<>'")}`, admin);
      expect(inj.statusCode).toBe(400);
      expect(inj.body).not.toContain(permId('user:list'));
      expect((await get(`/sys/permission/queryDepartPermission?departId=${nursing}`, await t.login('zhangwei'))).json().success).toBe(false);
    });

    it('manages department roles inside the department', async () => {
      expect((await send('POST', '/sys/sysDepartRole/add', lina, { departId: nursing, roleName: '病区组长', roleCode: 'ward_lead' })).json().code).toBe(510);
      const add = await send('POST', '/sys/sysDepartRole/add', admin, { departId: nursing, roleName: '病区组长', roleCode: 'ward_lead', description: '负责病区' });
      expect(add.json()).toMatchObject({ success: true, message: '添加成功！' });
      const dup = await send('POST', '/sys/sysDepartRole/add', admin, { departId: nursing, roleName: '重复', roleCode: 'ward_lead' });
      expect(dup.json()).toMatchObject({ success: false, message: '该部门下已存在此角色编码' });
      const page = (await get(`/sys/sysDepartRole/list?deptId=${nursing}&roleName=${encodeURIComponent('*组长*')}`, lina)).json().result;
      expect(page.total).toBe(1);
      wardRole = page.records[0].id;
      expect(page.records[0]).toMatchObject({ roleCode: 'ward_lead', departId: nursing });
      expect((await get(`/sys/sysDepartRole/list?deptId=${departId('A01A02')}`, lina)).json()).toMatchObject({ success: false, message: '未找到对应部门' });
      expect((await get(`/sys/sysDepartRole/list?deptId=${nursing}&column=${encodeURIComponent('1;select')}`, admin)).statusCode).toBe(400);
      const edit = await send('PUT', '/sys/sysDepartRole/edit', admin, { id: wardRole, roleName: '病区护理组长', roleCode: 'ward_lead', departId: departId('A01') });
      expect(edit.json().success).toBe(true);
      const roles = (await get(`/sys/sysDepartRole/getDeptRoleList?departId=${nursing}`, admin)).json().result;
      expect(roles).toHaveLength(1);
      expect(roles[0]).toMatchObject({ roleName: '病区护理组长', departId: nursing });
    });

    it('gives department roles permissions only from the department\'s set', async () => {
      const save = (ids: string[]) =>
        send('POST', '/sys/sysDepartPermission/saveDeptRolePermission', admin, { roleId: wardRole, permissionIds: ids.join(','), lastpermissionIds: '' });
      const beyond = await save([permId('user:delete')]);
      expect(beyond.json()).toMatchObject({ success: false, message: '所选权限超出了部门拥有的权限范围' });
      expect((await save([menuId('isystem'), menuId('isystem-user'), permId('user:list'), permId('user:add')])).json().success).toBe(true);
      const held = (await get(`/sys/sysDepartPermission/queryDeptRolePermission?roleId=${wardRole}`, lina)).json().result;
      expect(held).toHaveLength(4);
      expect((await send('POST', '/sys/sysDepartPermission/saveDeptRolePermission', lina, { roleId: wardRole, permissionIds: '' })).json().code).toBe(510);
    });

    it('assigns department roles to members, ending their sessions; permission changes follow at once', async () => {
      const before = await t.login('liu004');
      expect(await codeList(before)).not.toContain('user:add');
      const notMember = await send('POST', '/sys/sysDepartRole/deptRoleUserAdd', admin, { userId: userId('zhangwei'), newRoleId: wardRole, oldRoleId: '' });
      expect(notMember.json()).toMatchObject({ success: false, message: '该用户不属于此部门，不能分配该部门的角色' });
      const res = await send('POST', '/sys/sysDepartRole/deptRoleUserAdd', admin, { userId: userId('liu004'), newRoleId: wardRole, oldRoleId: '' });
      expect(res.json()).toMatchObject({ success: true });
      // A change of the user's roles ends his sessions (issue 11 §3); he signs in again with the new rights.
      expect((await get('/sys/permission/getUserPermissionByToken', before)).statusCode).toBe(401);
      const token = await t.login('liu004');
      expect(await codeList(token)).toEqual(expect.arrayContaining(['user:list', 'user:add']));
      const links = (await get(`/sys/sysDepartRole/getDeptRoleByUserId?userId=${userId('liu004')}&departId=${nursing}`, admin)).json().result;
      expect(links.map((l: { droleId: string }) => l.droleId)).toEqual([wardRole]);
      // Taking user:add away from the department takes it from its roles too.
      const keep = [menuId('isystem'), menuId('isystem-user'), permId('user:list')];
      await send('POST', '/sys/permission/saveDepartPermission', admin, { departId: nursing, permissionIds: keep.join(',') });
      expect((await get(`/sys/sysDepartPermission/queryDeptRolePermission?roleId=${wardRole}`, admin)).json().result.sort()).toEqual([...keep].sort());
      expect(await codeList(token)).not.toContain('user:add');
      const removed = await send('POST', '/sys/sysDepartRole/deptRoleUserAdd', admin, { userId: userId('liu004'), newRoleId: '', oldRoleId: wardRole });
      expect(removed.json().success).toBe(true);
      expect((await get('/sys/permission/getUserPermissionByToken', token)).statusCode).toBe(401);
      expect(await codeList(await t.login('liu004'))).not.toContain('user:list');
    });

    it('deletes department roles and, with the department, everything hanging off it', async () => {
      expect((await send('DELETE', `/sys/sysDepartRole/delete?id=${wardRole}`, lina)).json().code).toBe(510);
      expect((await send('DELETE', `/sys/sysDepartRole/delete?id=${wardRole}`, admin)).json()).toMatchObject({ success: true, message: '删除成功!' });
      expect((await get(`/sys/sysDepartRole/list?deptId=${nursing}`, admin)).json().result.total).toBe(0);
      const temp = (await send('POST', '/sys/sysDepart/add', admin, { departName: '临时病区', parentId: departId('A01A01') })).json().result;
      await send('POST', '/sys/permission/saveDepartPermission', admin, { departId: temp.id, permissionIds: permId('user:list') });
      await send('POST', '/sys/sysDepartRole/add', admin, { departId: temp.id, roleName: '甲', roleCode: 'a1' });
      await send('POST', '/sys/sysDepartRole/add', admin, { departId: temp.id, roleName: '乙', roleCode: 'b1' });
      const ids = (await get(`/sys/sysDepartRole/list?deptId=${temp.id}`, admin)).json().result.records.map((r: { id: string }) => r.id);
      expect((await send('DELETE', `/sys/sysDepartRole/deleteBatch?ids=${ids[0]},`, admin)).json().success).toBe(true);
      expect((await send('DELETE', `/sys/sysDepart/delete?id=${temp.id}`, admin)).json().success).toBe(true);
      expect((await get(`/sys/sysDepartPermission/queryDeptRolePermission?roleId=${ids[1]}`, admin)).json().success).toBe(false);
      expect((await get(`/sys/permission/queryDepartPermission?departId=${temp.id}`, admin)).json().success).toBe(false);
    });
  });
});
