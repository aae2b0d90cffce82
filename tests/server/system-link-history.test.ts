import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

/**
 * Issue 16: the system writes outside the plain add/edit/delete routes are in history too — account
 * freezing, own-profile edits, and link tables recorded on the row that owns the links (a role's
 * permissions, a user's roles, a department's permissions, a department role's permissions and holders)
 * — plus department roles and data rules as tables of their own.
 */

interface Item {
  field: string;
  title: string;
  before: string | null;
  after: string | null;
}
interface Entry {
  action: string;
  createBy: string;
  items: Item[];
}

describe.each(DIALECTS)('history of system links on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let lina: string;

  const ok = async (res: { json(): { success: boolean; result: unknown }; body: string }) => {
    expect(res.json(), res.body.slice(0, 300)).toMatchObject({ success: true });
    return res.json().result;
  };
  const entries = async (table: string, recordId: string) =>
    ((await ok(await t.call({ method: 'GET', url: '/sys/changeLog/list', token: admin, query: { table, recordId } }))) as { records: Entry[] })
      .records;
  const newest = async (table: string, recordId: string) => (await entries(table, recordId))[0];
  const item = (e: Entry, field: string) => e.items.find((i) => i.field === field);
  const db = () => t.ctx.db.kysely;
  const userId = async (username: string) =>
    (await db().selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const permission = async (name: string) =>
    (await db().selectFrom('sysPermission').select(['id', 'name']).where('name', '=', name).where('delFlag', '=', 0).executeTakeFirstOrThrow());

  beforeAll(async () => {
    t = await createTestApp(url);
    [admin, lina] = await Promise.all(['admin', 'lina'].map((u) => t.login(u)));
  });
  afterAll(async () => t?.close());

  it('records freezing and unfreezing an account as status edits', async () => {
    const id = await userId('chenjing');
    await ok(await t.call({ method: 'PUT', url: '/sys/user/frozenBatch', token: admin, payload: { ids: id, status: 2 } }));
    const frozen = await newest('sys_user', id);
    expect(frozen).toMatchObject({ action: 'edit', createBy: 'admin' });
    expect(frozen.items.map((i) => i.field)).toEqual(['status']);
    expect(item(frozen, 'status')).toMatchObject({ before: '正常', after: '冻结' });
    await ok(await t.call({ method: 'PUT', url: '/sys/user/frozenBatch', token: admin, payload: { ids: id, status: 1 } }));
    expect(item(await newest('sys_user', id), 'status')).toMatchObject({ before: '冻结', after: '正常' });
  });

  it('records an own profile edit under the user himself', async () => {
    const id = await userId('lina');
    const before = await db().selectFrom('sysUser').select('realname').where('id', '=', id).executeTakeFirstOrThrow();
    await ok(await t.call({ method: 'PUT', url: '/sys/user/appEdit', token: lina, payload: { realname: '李娜自改' } }));
    const e = await newest('sys_user', id);
    expect(e).toMatchObject({ action: 'edit', createBy: 'lina' });
    expect(e.items).toEqual([{ field: 'realname', title: '用户姓名', before: before.realname, after: '李娜自改' }]);
  });

  it("records a role's permission grants and data rules on the role", async () => {
    const role = await db().selectFrom('sysRole').select(['id', 'roleName']).where('roleCode', '=', 'nurse').executeTakeFirst()
      ?? (await db().selectFrom('sysRole').select(['id', 'roleName']).where('roleCode', '!=', 'admin').executeTakeFirstOrThrow());
    const current = (await db().selectFrom('sysRolePermission').select('permissionId').where('roleId', '=', role.id).execute()).map((r) => r.permissionId);
    const menu = await permission('用户管理');
    const without = current.filter((p) => p !== menu.id);
    // Take the menu away (when granted), then grant it: the second edit goes from without to with.
    await ok(await t.call({ method: 'POST', url: '/sys/permission/saveRolePermission', token: admin, payload: { roleId: role.id, permissionIds: without.join(',') } }));
    await ok(await t.call({ method: 'POST', url: '/sys/permission/saveRolePermission', token: admin, payload: { roleId: role.id, permissionIds: [...without, menu.id].join(',') } }));
    const granted = await newest('sys_role', role.id);
    expect(granted.action).toBe('edit');
    const perms = item(granted, 'permissions')!;
    expect(perms.title).toBe('菜单权限');
    expect(perms.before ?? '').not.toContain('用户管理');
    expect(perms.after).toContain('用户管理');
    expect(perms.after!.split(',').length).toBe((perms.before ? perms.before.split(',').length : 0) + 1);

    // A data rule: its own add, then chosen for the role, then deleted (which takes it off the role too).
    await ok(
      await t.call({
        method: 'POST',
        url: '/sys/permission/addPermissionRule',
        token: admin,
        payload: { permissionId: menu.id, ruleName: '仅本人', ruleColumn: 'createBy', ruleConditions: '=', ruleValue: '#{sys_user_code}' },
      }),
    );
    const rule = await db().selectFrom('sysPermissionDataRule').select('id').where('permissionId', '=', menu.id).where('ruleName', '=', '仅本人').executeTakeFirstOrThrow();
    const ruleAdd = await newest('sys_permission_data_rule', rule.id);
    expect(ruleAdd.action).toBe('add');
    expect(item(ruleAdd, 'ruleName')).toMatchObject({ title: '规则名称', before: null, after: '仅本人' });
    await ok(await t.call({ method: 'PUT', url: '/sys/permission/editPermissionRule', token: admin, payload: { id: rule.id, permissionId: menu.id, ruleName: '仅本人创建', ruleColumn: 'createBy', ruleConditions: '=', ruleValue: '#{sys_user_code}' } }));
    expect(item(await newest('sys_permission_data_rule', rule.id), 'ruleName')).toMatchObject({ before: '仅本人', after: '仅本人创建' });

    await ok(await t.call({ method: 'POST', url: '/sys/role/datarule', token: admin, payload: { permissionId: menu.id, roleId: role.id, dataRuleIds: rule.id } }));
    expect(item(await newest('sys_role', role.id), 'dataRules')).toMatchObject({ title: '数据规则', before: null, after: '用户管理：仅本人创建' });

    await ok(await t.call({ method: 'DELETE', url: '/sys/permission/deletePermissionRule', token: admin, query: { id: rule.id } }));
    expect((await newest('sys_permission_data_rule', rule.id)).action).toBe('delete');
    expect(item(await newest('sys_role', role.id), 'dataRules')).toMatchObject({ before: '用户管理：仅本人创建', after: null });
  });

  it("records a user's roles and departments on the user, and a deleted role on its holders", async () => {
    const id = await userId('chenjing');
    const role = { id: `r${Date.now()}`.slice(0, 20), roleCode: `hist_${url ? 'x' : 'y'}${Date.now() % 100000}` };
    await ok(await t.call({ method: 'POST', url: '/sys/role/add', token: admin, payload: { roleName: '历史测试角色', roleCode: role.roleCode } }));
    role.id = (await db().selectFrom('sysRole').select('id').where('roleCode', '=', role.roleCode).executeTakeFirstOrThrow()).id;
    const roles = (await db().selectFrom('sysUserRole').select('roleId').where('userId', '=', id).execute()).map((r) => r.roleId);
    await ok(await t.call({ method: 'PUT', url: '/sys/user/edit', token: admin, payload: { id, selectedroles: [...roles, role.id].join(',') } }));
    const edited = item(await newest('sys_user', id), 'roles')!;
    expect(edited.title).toBe('角色');
    expect(edited.after).toContain('历史测试角色');
    expect(edited.before ?? '').not.toContain('历史测试角色');

    await ok(await t.call({ method: 'DELETE', url: '/sys/role/delete', token: admin, query: { id: role.id } }));
    expect((await newest('sys_role', role.id)).action).toBe('delete');
    const lost = item(await newest('sys_user', id), 'roles')!;
    expect(lost.before).toContain('历史测试角色');
    expect(lost.after ?? '').not.toContain('历史测试角色');
  });

  it('records department permissions, department roles, their permissions and holders', async () => {
    const user = await db()
      .selectFrom('sysUserDepart as ud')
      .innerJoin('sysUser as u', 'u.id', 'ud.userId')
      .select(['u.id', 'ud.depId'])
      .where('u.username', '=', 'zhangwei')
      .executeTakeFirstOrThrow();
    const departId = user.depId;
    const menu = await permission('角色管理');
    const current = (await db().selectFrom('sysDepartPermission').select('permissionId').where('departId', '=', departId).execute()).map((r) => r.permissionId);
    const withMenu = [...new Set([...current, menu.id])];
    await ok(await t.call({ method: 'POST', url: '/sys/permission/saveDepartPermission', token: admin, payload: { departId, permissionIds: withMenu.join(',') } }));
    if (!current.includes(menu.id)) expect(item(await newest('sys_depart', departId), 'permissions')?.after).toContain('角色管理');

    await ok(await t.call({ method: 'POST', url: '/sys/sysDepartRole/add', token: admin, payload: { departId, roleName: '历史部门角色', roleCode: 'histdrole' } }));
    const drole = await db().selectFrom('sysDepartRole').select('id').where('departId', '=', departId).where('roleCode', '=', 'histdrole').executeTakeFirstOrThrow();
    expect(item(await newest('sys_depart_role', drole.id), 'roleName')).toMatchObject({ title: '部门角色名称', before: null, after: '历史部门角色' });
    await ok(await t.call({ method: 'PUT', url: '/sys/sysDepartRole/edit', token: admin, payload: { id: drole.id, roleName: '历史部门角色2', roleCode: 'histdrole' } }));
    expect(item(await newest('sys_depart_role', drole.id), 'roleName')).toMatchObject({ before: '历史部门角色', after: '历史部门角色2' });

    await ok(await t.call({ method: 'POST', url: '/sys/sysDepartPermission/saveDeptRolePermission', token: admin, payload: { roleId: drole.id, permissionIds: menu.id } }));
    expect(item(await newest('sys_depart_role', drole.id), 'permissions')).toMatchObject({ title: '菜单权限', before: null, after: '角色管理' });

    await ok(await t.call({ method: 'POST', url: '/sys/sysDepartRole/deptRoleUserAdd', token: admin, payload: { userId: user.id, newRoleId: drole.id } }));
    expect(item(await newest('sys_user', user.id), 'departRoles')).toMatchObject({ title: '部门角色', after: '历史部门角色2' });

    // The department loses the menu: its role loses it too, both recorded.
    await ok(await t.call({ method: 'POST', url: '/sys/permission/saveDepartPermission', token: admin, payload: { departId, permissionIds: withMenu.filter((p) => p !== menu.id).join(',') } }));
    expect(item(await newest('sys_depart', departId), 'permissions')?.before).toContain('角色管理');
    expect(item(await newest('sys_depart_role', drole.id), 'permissions')).toMatchObject({ before: '角色管理', after: null });

    await ok(await t.call({ method: 'DELETE', url: '/sys/sysDepartRole/delete', token: admin, query: { id: drole.id } }));
    expect((await newest('sys_depart_role', drole.id)).action).toBe('delete');
    expect(item(await newest('sys_user', user.id), 'departRoles')).toMatchObject({ before: '历史部门角色2', after: null });
  });

  it('records a user put back from the recycle bin as a restore', async () => {
    const id = await userId('wangfang');
    await ok(await t.call({ method: 'DELETE', url: '/sys/user/delete', token: admin, query: { id } }));
    expect((await newest('sys_user', id)).action).toBe('delete');
    await ok(await t.call({ method: 'PUT', url: '/sys/user/putRecycleBin', token: admin, payload: { userIds: id } }));
    const restored = await newest('sys_user', id);
    expect(restored.action).toBe('restore');
    expect(item(restored, 'username')).toMatchObject({ before: null, after: 'wangfang' });
  });

  it('records check rules, message templates and categories', async () => {
    const rules = JSON.stringify([{ digits: '*', pattern: '^\\d+$', message: '只能是数字' }]);
    await ok(await t.call({ method: 'POST', url: '/sys/checkRule/add', token: admin, payload: { ruleName: '历史规则', ruleCode: 'hist_rule', ruleJson: rules } }));
    const rule = await db().selectFrom('sysCheckRule').select('id').where('ruleCode', '=', 'hist_rule').executeTakeFirstOrThrow();
    expect(item(await newest('sys_check_rule', rule.id), 'ruleName')).toMatchObject({ title: '规则名称', before: null, after: '历史规则' });
    await ok(await t.call({ method: 'DELETE', url: '/sys/checkRule/delete', token: admin, query: { id: rule.id } }));
    expect((await newest('sys_check_rule', rule.id)).action).toBe('delete');

    const tpl = { code: 'hist_tpl', name: '历史模板', tplType: 'system', title: '标题一' };
    await ok(await t.call({ method: 'POST', url: '/sys/message/sysMessageTemplate/add', token: admin, payload: tpl }));
    const row = await db().selectFrom('sysMessageTemplate').select('id').where('code', '=', 'hist_tpl').executeTakeFirstOrThrow();
    await ok(await t.call({ method: 'PUT', url: '/sys/message/sysMessageTemplate/edit', token: admin, payload: { ...tpl, id: row.id, title: '标题二' } }));
    expect((await newest('sys_message_template', row.id)).items).toEqual([{ field: 'title', title: '模板标题', before: '标题一', after: '标题二' }]);

    const added = (await ok(await t.call({ method: 'POST', url: '/sys/category/add', token: admin, payload: { name: '历史分类' } }))) as { id: string };
    expect(item(await newest('sys_category', added.id), 'name')).toMatchObject({ before: null, after: '历史分类' });
    await ok(await t.call({ method: 'DELETE', url: '/sys/category/delete', token: admin, query: { id: added.id } }));
    expect((await newest('sys_category', added.id)).action).toBe('delete');
  });

  it('records on the roles holding it a menu permission that is deleted', async () => {
    const role = await db().selectFrom('sysRole').select('id').where('roleCode', '=', 'nurse').executeTakeFirstOrThrow();
    const parent = await permission('系统管理');
    await ok(
      await t.call({
        method: 'POST',
        url: '/sys/permission/add',
        token: admin,
        payload: { parentId: parent.id, name: '临时菜单', url: '/tmp/menu', component: 'tmp/Menu', menuType: 1 },
      }),
    );
    const menu = await permission('临时菜单');
    const current = (await db().selectFrom('sysRolePermission').select('permissionId').where('roleId', '=', role.id).execute()).map((r) => r.permissionId);
    await ok(await t.call({ method: 'POST', url: '/sys/permission/saveRolePermission', token: admin, payload: { roleId: role.id, permissionIds: [...current, menu.id].join(',') } }));
    await ok(await t.call({ method: 'DELETE', url: '/sys/permission/delete', token: admin, query: { id: menu.id } }));
    const taken = await newest('sys_role', role.id);
    expect(taken.action).toBe('edit');
    const perms = item(taken, 'permissions')!;
    expect(perms.before).toContain('临时菜单');
    expect(perms.after ?? '').not.toContain('临时菜单');
  });

  it('records labels and the handling of feedback', async () => {
    const label = (await ok(await t.call({ method: 'POST', url: '/api/sys/label/saveBySys', token: admin, payload: { name: '随访重点', color: '#ff0000' } }))) as { id: string };
    expect((await newest('sys_label', label.id)).action).toBe('add');
    await ok(await t.call({ method: 'DELETE', url: '/api/sys/label/delete', token: admin, query: { id: label.id } }));
    expect((await newest('sys_label', label.id)).action).toBe('delete');
    const fb = (await ok(await t.call({ method: 'POST', url: '/api/sys/feedback/add', token: lina, payload: { fbType: '1', content: '体征录入希望支持批量' } }))) as { id: string };
    await ok(await t.call({ method: 'POST', url: '/api/sys/feedback/handle', token: admin, payload: { id: fb.id, status: '1', reply: '已排期' } }));
    const handled = await newest('sys_feedback', fb.id);
    expect(handled.action).toBe('edit');
    expect(item(handled, 'reply')).toMatchObject({ before: null, after: '已排期' });
  });

  it('offers no way to write history through the API', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const)
      for (const path of ['/sys/changeLog/add', '/sys/changeLog/edit', '/sys/changeLog/delete', '/sys/changeLog/list'])
        expect([404, 405], `${method} ${path}`).toContain((await t.call({ method, url: path, token: admin, payload: { tableName: 'sys_role' } })).statusCode);
  });
});
