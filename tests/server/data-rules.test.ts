import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerRows } from '../../src/server/db/entity-seed-data.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

const API = '/online/cgform/api';
const tenant1Customers = customerRows().filter((r) => r.tenantId === 1);

/**
 * Data rules (protocol §8): the rules a role carries on a menu are ANDed to the lists behind it, with
 * #{…} session variables bound, and a rule that cannot be applied hides rows instead of widening them.
 */
describe.each(DIALECTS)('data rules on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let liuyang: string;
  let wangfang: string;

  const idOf = async (
    table: 'sysPermission' | 'sysRole',
    column: 'url' | 'component' | 'roleCode',
    value: string,
  ) =>
    (
      await t.ctx.db.kysely
        .selectFrom(table)
        .select('id')
        .where(column as never, '=', value as never)
        .executeTakeFirstOrThrow()
    ).id as string;

  const addRule = async (
    permissionId: string,
    ruleColumn: string,
    ruleConditions: string,
    ruleValue: string,
  ) => {
    const res = await t.call({
      method: 'POST',
      url: '/sys/permission/addPermissionRule',
      token: admin,
      payload: {
        permissionId,
        ruleName: `${ruleColumn} ${ruleConditions}`,
        ruleColumn,
        ruleConditions,
        ruleValue,
      },
    });
    expect(res.json().success).toBe(true);
    const rules = (
      await t.call({
        method: 'GET',
        url: '/sys/permission/getPermRuleListByPermId',
        token: admin,
        query: { permissionId },
      })
    ).json().result as Array<{ id: string; ruleColumn: string; ruleConditions: string }>;
    return rules.find((r) => r.ruleColumn === ruleColumn && r.ruleConditions === ruleConditions)!.id;
  };
  const grant = async (permissionId: string, roleId: string, ruleIds: string[]) => {
    const res = await t.call({
      method: 'POST',
      url: '/sys/role/datarule',
      token: admin,
      payload: { permissionId, roleId, dataRuleIds: ruleIds.join(',') },
    });
    expect(res.json()).toMatchObject({ success: true, message: '保存成功!' });
  };
  const customers = async (token: string) => {
    const body = (
      await t.call({ method: 'GET', url: `${API}/getData/erp_customer`, token, query: { pageSize: '100' } })
    ).json();
    expect(body.success).toBe(true);
    return body.result.records as Array<{ id: string; createBy: string; customerType: string }>;
  };

  beforeAll(async () => {
    t = await createTestApp(url);
    [admin, liuyang, wangfang] = await Promise.all(['admin', 'liuyang', 'wangfang'].map((u) => t.login(u)));
  });
  afterAll(async () => t?.close());

  it('limits an entity list, its records and its deletes to the rows the role rules allow', async () => {
    const menu = await idOf('sysPermission', 'url', '/online/cgformList/erp_customer');
    const operator = await idOf('sysRole', 'roleCode', 'platform_operator');
    const own = await addRule(menu, 'create_by', '=', '#{sys_user_code}');
    const types = await addRule(menu, 'customerType', 'IN', '1,2');
    expect(await customers(liuyang)).toHaveLength(tenant1Customers.length);

    await grant(menu, operator, [own]);
    const mine = await customers(liuyang);
    expect(mine.length).toBe(tenant1Customers.filter((c) => c.createBy === 'liuyang').length);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((c) => c.createBy === 'liuyang')).toBe(true);
    // Another role is not affected.
    expect(await customers(admin)).toHaveLength(tenant1Customers.length);
    // A row the rule hides cannot be read or deleted by id either.
    const hidden = (await customers(admin)).find((c) => c.createBy === 'wangfang')!;
    const read = await t.call({
      method: 'GET',
      url: `${API}/form/erp_customer/${hidden.id}`,
      token: liuyang,
    });
    expect(read.json()).toMatchObject({ success: false, message: '未找到对应数据' });

    // Several rules are ANDed.
    await grant(menu, operator, [own, types]);
    const both = await customers(liuyang);
    expect(both.length).toBe(
      tenant1Customers.filter((c) => c.createBy === 'liuyang' && ['1', '2'].includes(String(c.customerType)))
        .length,
    );
    expect(both.every((c) => ['1', '2'].includes(c.customerType))).toBe(true);

    // A rule that names a column the list does not have hides everything rather than nothing.
    const broken = await addRule(menu, 'no_such_column', '=', '1');
    await grant(menu, operator, [broken]);
    expect(await customers(liuyang)).toHaveLength(0);
    const unknownVar = await addRule(menu, 'name', 'LIKE', '#{password}');
    await grant(menu, operator, [unknownVar]);
    expect(await customers(liuyang)).toHaveLength(0);

    // Taking the rules away gives the whole list back.
    await grant(menu, operator, []);
    expect(await customers(liuyang)).toHaveLength(tenant1Customers.length);
  });

  it('limits the user list and user lookups by the rules on the user page', async () => {
    const menu = await idOf('sysPermission', 'component', 'system/UserList');
    const manager = await idOf('sysRole', 'roleCode', 'org_manager');
    const users = async () =>
      (
        await t.call({ method: 'GET', url: '/sys/user/list', token: wangfang, query: { pageSize: '100' } })
      ).json().result.records as Array<{ id: string; sex: number; username: string }>;
    const before = await users();
    const woman = before.find((u) => u.sex === 2 && u.username !== 'wangfang')!;
    expect(woman).toBeDefined();

    const men = await addRule(menu, 'sex', '=', '1');
    await grant(menu, manager, [men]);
    const after = await users();
    expect(after.length).toBeGreaterThan(0);
    expect(after.length).toBe(before.filter((u) => u.sex === 1).length);
    const lookup = await t.call({
      method: 'GET',
      url: '/sys/user/queryById',
      token: wangfang,
      query: { id: woman.id },
    });
    expect(lookup.json().success).toBe(false);

    await grant(menu, manager, []);
    expect(await users()).toHaveLength(before.length);
  });
});
