import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../src/server/db/menu-sync.js';
import { permissionCodes } from '../../src/server/auth/permissions.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

interface Node {
  id: string;
  key: string;
  title: string;
  name: string;
  parentId: string;
  perms: string | null;
  url: string | null;
  menuType: number;
  leaf: boolean;
  isLeaf: boolean;
  route: boolean;
  children: Node[] | null;
}

const SYSTEM = stableId('menu', 'isystem');
const USER_MENU = stableId('menu', 'isystem-user');
const DICT_MENU = stableId('menu', 'isystem-dict');
const ADMIN_ROLE = stableId('role', 'admin');
const NURSE_ROLE = stableId('role', 'nurse');

const find = (nodes: Node[], pred: (n: Node) => boolean): Node | undefined => {
  for (const n of nodes) {
    if (pred(n)) return n;
    const hit = find(n.children ?? [], pred);
    if (hit) return hit;
  }
  return undefined;
};

describe.each(DIALECTS)('menus and permissions on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let lina: string;
  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await t.login('admin');
    lina = await t.login('lina');
  });
  afterAll(async () => t?.close());

  const get = (u: string, token = admin) => t.call({ method: 'GET', url: u, token });
  const tree = async (): Promise<Node[]> => (await get('/sys/permission/list')).json().result;
  const add = (payload: Record<string, unknown>, token = admin) => t.call({ method: 'POST', url: '/sys/permission/add', token, payload });
  const idOf = async (name: string) => {
    const n = find(await tree(), (x) => x.name === name);
    if (!n) throw new Error(`no ${name}`);
    return n;
  };

  it('gives administrators the whole tree with menus, sub-menus and buttons', async () => {
    const res = (await get('/sys/permission/list')).json();
    expect(res.success).toBe(true);
    const roots: Node[] = res.result;
    expect(roots.map((r) => r.name)).toEqual(expect.arrayContaining(['首页', '系统管理']));
    expect(roots.every((r) => r.parentId === '')).toBe(true);
    const system = roots.find((r) => r.id === SYSTEM) as Node;
    expect(system).toMatchObject({ key: SYSTEM, title: '系统管理', leaf: false, isLeaf: false, route: true, menuType: 0 });
    const users = system.children?.find((c) => c.id === USER_MENU) as Node;
    expect(users).toMatchObject({ name: '用户管理', menuType: 1, leaf: false });
    const addButton = users.children?.find((c) => c.perms === 'user:add') as Node;
    expect(addButton).toMatchObject({ menuType: 2, leaf: true, isLeaf: true, children: null, parentId: USER_MENU, route: false });
    expect(addButton.title).toBe(addButton.name);
    expect(addButton.key).toBe(addButton.id);
    const search = (await get(`/sys/permission/list?name=${encodeURIComponent('字典')}`)).json().result as Node[];
    expect(search.map((n) => n.name)).toEqual(expect.arrayContaining(['数据字典', '分类字典']));
    expect(search.every((n) => n.name.includes('字典'))).toBe(true);
  });

  it('loads the tree lazily: top menus, one parent, or several parents at once', async () => {
    const top: Node[] = (await get('/sys/permission/getSystemMenuList')).json().result;
    expect(top.every((n) => n.menuType === 0)).toBe(true);
    expect(top.find((n) => n.id === SYSTEM)).toMatchObject({ leaf: false, children: [] });
    const sub: Node[] = (await get(`/sys/permission/getSystemSubmenu?parentId=${SYSTEM}`)).json().result;
    expect(sub.map((n) => n.name)).toEqual(expect.arrayContaining(['用户管理', '数据字典']));
    expect(sub.every((n) => n.parentId === SYSTEM)).toBe(true);
    const batch = (await get(`/sys/permission/getSystemSubmenuBatch?parentIds=${USER_MENU},${DICT_MENU},`)).json().result;
    expect(Object.keys(batch).sort()).toEqual([DICT_MENU, USER_MENU].sort());
    expect(batch[DICT_MENU].map((n: Node) => n.perms)).toEqual(['dict:add', 'dict:edit', 'dict:delete', 'dict:recycle', 'dict:purge']);
    const injected = (await get(`/sys/permission/getSystemSubmenuBatch?parentIds=${encodeURIComponent("x') or ('1'='1")}`)).json();
    expect(injected.result).toEqual({ "x') or ('1'='1": [] });
  });

  it('gives the role-authorisation tree with every permission id', async () => {
    const res = (await get('/sys/permission/queryTreeList')).json().result;
    const total = (await t.ctx.db.kysely.selectFrom('sysPermission').select('id').where('delFlag', '=', 0).execute()).length;
    expect(res.ids).toHaveLength(total);
    const system = res.treeList.find((n: { key: string }) => n.key === SYSTEM);
    expect(system).toMatchObject({ title: '系统管理', slotTitle: '系统管理', label: '系统管理', value: SYSTEM, isLeaf: false, parentId: '' });
    expect(system.children.length).toBeGreaterThan(5);
  });

  it('keeps the administration tree from users without permission:list (510)', async () => {
    for (const u of [
      '/sys/permission/list',
      '/sys/permission/getSystemMenuList',
      `/sys/permission/getSystemSubmenu?parentId=${SYSTEM}`,
      `/sys/permission/getSystemSubmenuBatch?parentIds=${SYSTEM}`,
      '/sys/permission/queryTreeList',
      `/sys/permission/getPermRuleListByPermId?permissionId=${USER_MENU}`,
      `/sys/permission/queryPermissionRule?permissionId=${USER_MENU}`,
      `/sys/role/datarule/${USER_MENU}/${NURSE_ROLE}`,
    ]) {
      const res = await get(u, lina);
      expect(res.json(), u).toMatchObject({ success: false, code: 510 });
      expect(res.body).not.toContain('user:add');
    }
    expect((await get('/sys/permission/list', '')).statusCode).toBe(401);
  });

  it('adds a top menu (without parent), a sub-menu that makes its parent a branch, and a button', async () => {
    const top = (await add({ name: '随访中心', menuType: 0, parentId: SYSTEM, url: '/follow', component: 'layouts/RouteView', icon: 'team', sortNo: 9 })).json();
    expect(top).toMatchObject({ success: true, message: '添加成功！' });
    const topNode = await idOf('随访中心');
    expect(topNode).toMatchObject({ parentId: '', leaf: true, route: true, menuType: 0 });
    const child = (await add({ name: '随访计划', menuType: 1, parentId: topNode.id, url: '/follow/plan', component: 'follow/PlanList', componentName: 'PlanList', keepAlive: true, route: true })).json();
    expect(child.success).toBe(true);
    const row = await t.ctx.db.kysely.selectFrom('sysPermission').select(['isLeaf']).where('id', '=', topNode.id).executeTakeFirstOrThrow();
    expect(row.isLeaf).toBe(0);
    const parent = await idOf('随访中心');
    expect(parent.leaf).toBe(false);
    expect(parent.children?.map((c) => c.name)).toEqual(['随访计划']);
    const plan = parent.children?.[0] as Node & { keepAlive: boolean; componentName: string };
    expect(plan).toMatchObject({ keepAlive: true, componentName: 'PlanList', url: '/follow/plan' });
    const button = (await add({ name: '导出计划', menuType: 2, parentId: plan.id, perms: 'follow:plan:export', permsType: '1' })).json();
    expect(button.success).toBe(true);
    const b = await idOf('导出计划');
    expect(b).toMatchObject({ perms: 'follow:plan:export', route: false, leaf: true });
    const orphan = (await add({ name: '无上级', menuType: 1 })).json();
    expect(orphan).toMatchObject({ success: false, message: '请选择上级菜单' });
    const missing = (await add({ name: '上级不存在', menuType: 1, parentId: 'nope' })).json();
    expect(missing.success).toBe(false);
  });

  it('validates menu text fields and keeps names as plain text', async () => {
    const bad: Array<Record<string, unknown>> = [
      { component: '<script>alert(1)</script>' },
      { component: '../../secret/View' },
      { componentName: 'A B' },
      { url: 'javascript:alert(1)' },
      { url: "{{ alert(document.cookie) }}" },
      { url: "{{ window._CONFIG['domianURL'] }}/doc{{ alert(1) }}" },
      { url: 'https://x.example.com/"><script>' },
      { url: 'data:text/html,<script>alert(1)</script>' },
      { perms: 'user add' },
      { perms: "user:add' or 1=1" },
      { icon: '<svg onload=1>' },
      { redirect: 'javascript:alert(1)' },
      { name: 'x'.repeat(101) },
      { name: '' },
      { menuType: 5 },
      { hidden: 'yes' },
    ];
    for (const extra of bad) {
      const res = await add({ name: '坏菜单', menuType: 1, parentId: SYSTEM, url: '/bad', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    const good = [
      "{{ window._CONFIG['domianURL'] }}/doc.html",
      'https://help.example.com/guide?token=${token}&tenant=${tenantId}',
      '/online/cgformList/:code',
      '',
    ];
    for (const u of good) {
      const res = (await add({ name: `好菜单${good.indexOf(u)}`, menuType: 1, parentId: SYSTEM, url: u, component: 'layouts/IframePageView' })).json();
      expect(res.success, u).toBe(true);
    }
    const label = `<img src=x onerror=alert(1)>`;
    expect((await add({ name: label, menuType: 1, parentId: SYSTEM, url: '/label-test' })).json().success).toBe(true);
    const res = await get('/sys/permission/list');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(find(res.json().result, (n) => n.url === '/label-test')?.name).toBe(label);
  });

  it('edits: a top menu loses its parent, a move updates both parents, cycles are refused', async () => {
    const a = (await add({ name: '编辑A', menuType: 0, url: '/edit-a' })).json();
    expect(a.success).toBe(true);
    const nodeA = await idOf('编辑A');
    await add({ name: '编辑B', menuType: 0, url: '/edit-b' });
    const nodeB = await idOf('编辑B');
    await add({ name: '编辑子', menuType: 1, parentId: nodeA.id, url: '/edit-a/c' });
    const child = await idOf('编辑子');
    const move = (await t.call({ method: 'PUT', url: '/sys/permission/edit', token: admin, payload: { ...child, parentId: nodeB.id, name: '编辑子2' } })).json();
    expect(move).toMatchObject({ success: true, message: '编辑成功!' });
    expect((await idOf('编辑A')).leaf).toBe(true);
    expect((await idOf('编辑B')).children?.map((c) => c.name)).toEqual(['编辑子2']);
    const db = t.ctx.db.kysely;
    expect((await db.selectFrom('sysPermission').select('isLeaf').where('id', '=', nodeA.id).executeTakeFirstOrThrow()).isLeaf).toBe(1);
    const cycle = (await t.call({ method: 'POST', url: '/sys/permission/edit', token: admin, payload: { ...nodeB, menuType: 1, parentId: child.id } })).json();
    expect(cycle).toMatchObject({ success: false, message: '上级菜单不能是自己或自己的下级' });
    const toTop = (await t.call({ method: 'POST', url: '/sys/permission/edit', token: admin, payload: { ...(await idOf('编辑子2')), menuType: 0, parentId: nodeB.id } })).json();
    expect(toTop.success).toBe(true);
    expect((await idOf('编辑子2')).parentId).toBe('');
    expect((await idOf('编辑B')).leaf).toBe(true);
    const missing = await t.call({ method: 'PUT', url: '/sys/permission/edit', token: admin, payload: { id: 'missing', name: 'x', menuType: 0 } });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a menu with its children, grants and data rules, and the parent becomes a leaf again', async () => {
    const db = t.ctx.db.kysely;
    await add({ name: '删除父', menuType: 0, url: '/del' });
    const parent = await idOf('删除父');
    await add({ name: '删除子', menuType: 1, parentId: parent.id, url: '/del/child' });
    const child = await idOf('删除子');
    await add({ name: '删除按钮', menuType: 2, parentId: child.id, perms: 'del:button' });
    const button = await idOf('删除按钮');
    await db.insertInto('sysRolePermission').values([
      { id: 'rp-del-1', roleId: NURSE_ROLE, permissionId: child.id, dataRuleIds: null },
      { id: 'rp-del-2', roleId: NURSE_ROLE, permissionId: button.id, dataRuleIds: null },
    ]).execute();
    const linaId = stableId('user', 'lina');
    expect((await permissionCodes(db, linaId)).has('del:button')).toBe(true);
    await t.call({ method: 'POST', url: '/sys/permission/addPermissionRule', token: admin, payload: { permissionId: child.id, ruleName: '本科室', ruleColumn: 'orgCode', ruleConditions: '=', ruleValue: '#{sys_org_code}' } });

    const res = (await t.call({ method: 'DELETE', url: `/sys/permission/delete?id=${child.id}`, token: admin })).json();
    expect(res).toMatchObject({ success: true, message: '删除成功!' });
    expect(find(await tree(), (n) => n.id === child.id || n.id === button.id)).toBeUndefined();
    expect((await idOf('删除父')).leaf).toBe(true);
    expect(await db.selectFrom('sysRolePermission').select('id').where('permissionId', 'in', [child.id, button.id]).execute()).toEqual([]);
    expect(await db.selectFrom('sysPermissionDataRule').select('id').where('permissionId', '=', child.id).execute()).toEqual([]);
    expect((await permissionCodes(db, linaId)).has('del:button')).toBe(false);
    const menu = (await t.call({ method: 'GET', url: '/sys/permission/getUserPermissionByToken', token: lina })).json().result;
    expect(JSON.stringify(menu.allAuth)).not.toContain('del:button');
    expect((await t.call({ method: 'DELETE', url: `/sys/permission/delete?id=${child.id}`, token: admin })).statusCode).toBe(404);

    await add({ name: '批量一', menuType: 0, url: '/b1' });
    await add({ name: '批量二', menuType: 0, url: '/b2' });
    const ids = [(await idOf('批量一')).id, (await idOf('批量二')).id, parent.id];
    const batch = (await t.call({ method: 'DELETE', url: `/sys/permission/deleteBatch?ids=${ids.join(',')},`, token: admin })).json();
    expect(batch).toMatchObject({ success: true, message: '批量删除成功!' });
    expect(find(await tree(), (n) => ids.includes(n.id))).toBeUndefined();
  });

  it('manages data rules and a role’s chosen rules', async () => {
    const rule = { permissionId: USER_MENU, ruleName: '本部门用户', ruleColumn: 'orgCode', ruleConditions: 'RIGHT_LIKE', ruleValue: '#{sys_org_code}', status: '1' };
    const added = (await t.call({ method: 'POST', url: '/sys/permission/addPermissionRule', token: admin, payload: rule })).json();
    expect(added.success).toBe(true);
    await t.call({ method: 'POST', url: '/sys/permission/addPermissionRule', token: admin, payload: { ...rule, ruleName: '仅在职', ruleColumn: 'status', ruleConditions: '=', ruleValue: '1' } });
    const list = (await get(`/sys/permission/getPermRuleListByPermId?permissionId=${USER_MENU}`)).json().result;
    expect(list.map((r: { ruleName: string }) => r.ruleName).sort()).toEqual(['仅在职', '本部门用户']);
    expect((await idOf('用户管理') as Node & { ruleFlag: number }).ruleFlag).toBe(1);
    const filtered = (await get(`/sys/permission/queryPermissionRule?permissionId=${USER_MENU}&ruleName=${encodeURIComponent('在职')}`)).json().result;
    expect(filtered.map((r: { ruleName: string }) => r.ruleName)).toEqual(['仅在职']);
    const byColumn = (await get(`/sys/permission/queryPermissionRule?permissionId=${USER_MENU}&ruleColumn=orgCode`)).json().result;
    expect(byColumn).toHaveLength(1);
    const injected = (await get(`/sys/permission/queryPermissionRule?permissionId=${USER_MENU}&ruleName=${encodeURIComponent("%' or 1=1 --")}`)).json().result;
    expect(injected).toEqual([]);

    const first = list.find((r: { ruleName: string }) => r.ruleName === '本部门用户');
    const second = list.find((r: { ruleName: string }) => r.ruleName === '仅在职');
    const edited = (await t.call({ method: 'PUT', url: '/sys/permission/editPermissionRule', token: admin, payload: { ...first, ruleName: '本部门及下级', permissionId: DICT_MENU } })).json();
    expect(edited.success).toBe(true);
    const after = (await get(`/sys/permission/getPermRuleListByPermId?permissionId=${USER_MENU}`)).json().result;
    expect(after.map((r: { ruleName: string }) => r.ruleName)).toContain('本部门及下级');

    for (const badRule of [
      { ...rule, ruleConditions: 'USE_SQL_RULES', ruleValue: '1=1' },
      { ...rule, ruleColumn: 'id) or (1=1' },
      { ...rule, ruleName: '' },
    ]) {
      const res = await t.call({ method: 'POST', url: '/sys/permission/addPermissionRule', token: admin, payload: badRule });
      expect(res.statusCode, JSON.stringify(badRule)).toBe(400);
    }

    // The administrator role holds the user menu (menu sync); the nurse role does not.
    const none = (await get(`/sys/role/datarule/${USER_MENU}/${ADMIN_ROLE}`)).json();
    expect(none.result.datarule).toHaveLength(2);
    expect(none.result.drChecked).toBeUndefined();
    const save = (await t.call({ method: 'POST', url: '/sys/role/datarule', token: admin, payload: { permissionId: USER_MENU, roleId: ADMIN_ROLE, dataRuleIds: `${first.id},${second.id},` } })).json();
    expect(save).toMatchObject({ success: true, message: '保存成功!' });
    expect((await get(`/sys/role/datarule/${USER_MENU}/${ADMIN_ROLE}`)).json().result.drChecked).toBe(`${first.id},${second.id}`);
    const notGranted = (await t.call({ method: 'POST', url: '/sys/role/datarule', token: admin, payload: { permissionId: DICT_MENU, roleId: NURSE_ROLE, dataRuleIds: '' } })).json();
    expect(notGranted).toMatchObject({ success: false, message: '请先保存角色菜单权限!' });
    const foreign = await t.call({ method: 'POST', url: '/sys/role/datarule', token: admin, payload: { permissionId: USER_MENU, roleId: ADMIN_ROLE, dataRuleIds: 'not-a-rule' } });
    expect(foreign.statusCode).toBe(400);
    const noRules = (await get(`/sys/role/datarule/${DICT_MENU}/${ADMIN_ROLE}`)).json();
    expect(noRules).toMatchObject({ success: false, message: '未找到权限配置信息' });
    expect((await get(`/sys/role/datarule/${USER_MENU}/no-such-role`)).statusCode).toBe(404);

    const del = (await t.call({ method: 'DELETE', url: `/sys/permission/deletePermissionRule?id=${first.id}`, token: admin })).json();
    expect(del).toMatchObject({ success: true, message: '删除成功!' });
    expect((await get(`/sys/role/datarule/${USER_MENU}/${ADMIN_ROLE}`)).json().result.drChecked).toBe(second.id);
    await t.call({ method: 'DELETE', url: `/sys/permission/deletePermissionRule?id=${second.id}`, token: admin });
    expect((await idOf('用户管理') as Node & { ruleFlag: number }).ruleFlag).toBe(0);
    expect((await t.call({ method: 'DELETE', url: `/sys/permission/deletePermissionRule?id=${second.id}`, token: admin })).statusCode).toBe(404);
  });

  it('refuses every write to a nurse with code 510 and changes nothing', async () => {
    const before = JSON.stringify(await tree());
    const attempts = [
      { method: 'POST' as const, url: '/sys/permission/add', payload: { name: '护士菜单', menuType: 0, url: '/nurse' } },
      { method: 'PUT' as const, url: '/sys/permission/edit', payload: { id: SYSTEM, name: '改名', menuType: 0 } },
      { method: 'POST' as const, url: '/sys/permission/edit', payload: { id: SYSTEM, name: '改名', menuType: 0 } },
      { method: 'DELETE' as const, url: `/sys/permission/delete?id=${SYSTEM}` },
      { method: 'DELETE' as const, url: `/sys/permission/deleteBatch?ids=${SYSTEM}` },
      { method: 'POST' as const, url: '/sys/permission/addPermissionRule', payload: { permissionId: USER_MENU, ruleName: 'x', ruleConditions: '=', ruleValue: '1' } },
      { method: 'PUT' as const, url: '/sys/permission/editPermissionRule', payload: { id: 'x', permissionId: USER_MENU, ruleName: 'x', ruleConditions: '=', ruleValue: '1' } },
      { method: 'DELETE' as const, url: '/sys/permission/deletePermissionRule?id=x' },
      { method: 'POST' as const, url: '/sys/role/datarule', payload: { permissionId: USER_MENU, roleId: NURSE_ROLE, dataRuleIds: '' } },
    ];
    for (const a of attempts) {
      const res = await t.call({ ...a, token: lina });
      expect(res.json(), a.url).toMatchObject({ success: false, code: 510 });
    }
    expect(JSON.stringify(await tree())).toBe(before);
  });
});
