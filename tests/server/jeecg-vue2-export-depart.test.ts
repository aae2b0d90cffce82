import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerRows } from '../../src/server/db/entity-seed-data.js';
import { stableId } from '../../src/server/db/menu-sync.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

/**
 * Issue 15: the JeecgBoot Vue 2 client against our server. The online list's 导出 (exportXlsOld) and
 * 大数据导出 (exportXls) send the list's whole query as JSON in `paramsStr`; the export must hold
 * exactly the rows the list shows (filters, advanced query, selected rows), inside the caller's scope,
 * masked as the list is. The department page's user tab adds users to a department and takes them out
 * (editSysDepartWithUser, deleteUserInDepart, deleteUserInDepartBatch), only within the caller's reach.
 */

const API = '/online/cgform/api';
const CUSTOMERS = customerRows();
const HUAKANG = CUSTOMERS.filter((c) => c.tenantId === 1);
const RENHE = CUSTOMERS.filter((c) => c.tenantId !== 1);
const MASKED_PHONE = /^\d{3}\*{4}\d{4}$/;
const depart = (orgCode: string) => stableId('depart', orgCode);
const userId = (username: string) => stableId('user', username);

/** What the Vue 2 online list sends besides its query fields (getQueryParams: isorter id/desc, paging, match type). */
const LIST_DEFAULTS = { column: 'id', order: 'desc', pageNo: 1, pageSize: 10, superQueryMatchType: 'and' };

interface Sheet {
  header: string[];
  rows: Array<Record<string, unknown>>;
}

async function sheetOf(res: LightMyRequestResponse): Promise<Sheet> {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const header = (ws.getRow(3).values as unknown[]).slice(1).map(String);
  const rows: Array<Record<string, unknown>> = [];
  ws.eachRow((row, n) => {
    if (n <= 3) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? null])));
  });
  return { header, rows };
}

const names = (sheet: Sheet) => sheet.rows.map((r) => String(r['客户名称'])).sort();
const sorted = (xs: string[]) => [...xs].sort();

describe.each(DIALECTS)('JeecgBoot Vue 2 export and department members on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let wangfang: string;
  let lina: string;

  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await t.login('admin');
    wangfang = await t.login('wangfang');
    lina = await t.login('lina');
  });
  afterAll(async () => t?.close());

  const exportOf = (address: 'exportXls' | 'exportXlsOld', token: string, params: unknown) =>
    t.call({
      method: 'GET',
      url: `${API}/${address}/erp_customer`,
      token,
      query: { paramsStr: typeof params === 'string' ? params : JSON.stringify(params), _t: '1700000000' },
    });
  const listNames = async (token: string, query: Record<string, string>) => {
    const res = await t.call({ method: 'GET', url: `${API}/getData/erp_customer`, token, query: { ...query, pageSize: '100' } });
    const body = res.json();
    expect(body.success, body.message).toBe(true);
    return sorted((body.result.records as Array<{ name: string }>).map((r) => r.name));
  };

  describe('online list export with paramsStr', () => {
    it.each(['exportXlsOld', 'exportXls'] as const)('%s exports only the rows the filtered list shows', async (address) => {
      const filter = { customerType: '2' };
      const sheet = await sheetOf(await exportOf(address, admin, { ...filter, ...LIST_DEFAULTS }));
      const expected = sorted(HUAKANG.filter((c) => c.customerType === '2').map((c) => c.name));
      expect(expected.length).toBeGreaterThan(1);
      expect(expected.length).toBeLessThan(HUAKANG.length);
      expect(names(sheet)).toEqual(expected);
      expect(names(sheet)).toEqual(await listNames(admin, filter));
      // The protocol's workbook: title row, exporter row, Chinese headers.
      expect(sheet.header).toContain('客户类型');
      expect(sheet.rows.every((r) => r['客户类型'] === '诊所')).toBe(true);
    });

    it('applies patterns, ranges and the advanced query of paramsStr as the list does', async () => {
      const superQuery = encodeURIComponent(JSON.stringify([{ field: 'level', rule: 'eq', val: 'A', type: 'string' }]));
      const params = { name: '*医院*', superQueryParams: superQuery, ...LIST_DEFAULTS };
      const sheet = await sheetOf(await exportOf('exportXlsOld', admin, params));
      const expected = sorted(HUAKANG.filter((c) => c.name.includes('医院') && c.level === 'A').map((c) => c.name));
      expect(expected.length).toBeGreaterThan(0);
      expect(names(sheet)).toEqual(expected);
      expect(names(sheet)).toEqual(await listNames(admin, { name: '*医院*', superQueryParams: superQuery, superQueryMatchType: 'and' }));

      const ranged = await sheetOf(
        await exportOf('exportXls', admin, { creditLimit_begin: 300000, creditLimit_end: 900000, column: 'creditLimit', order: 'asc' }),
      );
      const inRange = HUAKANG.filter((c) => c.creditLimit >= 300000 && c.creditLimit <= 900000);
      expect(names(ranged)).toEqual(sorted(inRange.map((c) => c.name)));
      // The list's sort comes along too.
      const limits = ranged.rows.map((r) => Number(r['信用额度（元）']));
      expect(limits).toEqual([...limits].sort((a, b) => a - b));
    });

    it('exports only the selected rows, never another tenant’s', async () => {
      const picked = [HUAKANG[0], HUAKANG[5], HUAKANG[9]];
      const selections = [...picked.map((c) => c.id), RENHE[0].id].join(',');
      for (const address of ['exportXlsOld', 'exportXls'] as const) {
        const sheet = await sheetOf(await exportOf(address, admin, { selections, ...LIST_DEFAULTS }));
        expect(names(sheet)).toEqual(sorted(picked.map((c) => c.name)));
      }
      const all = await sheetOf(await exportOf('exportXlsOld', admin, LIST_DEFAULTS));
      expect(names(all)).toEqual(sorted(HUAKANG.map((c) => c.name)));
      expect(names(all).some((n) => RENHE.some((c) => c.name === n))).toBe(false);
    });

    it('keeps the department scope and the masks of the caller', async () => {
      const mine = HUAKANG.filter((c) => c.sysOrgCode.startsWith('A01A01'));
      const other = HUAKANG.find((c) => !c.sysOrgCode.startsWith('A01A01'))!;
      expect(mine.length).toBeGreaterThan(1);
      const sheet = await sheetOf(await exportOf('exportXlsOld', wangfang, LIST_DEFAULTS));
      expect(names(sheet)).toEqual(sorted(mine.map((c) => c.name)));
      expect(names(sheet)).toEqual(await listNames(wangfang, {}));
      expect(sheet.rows.every((r) => MASKED_PHONE.test(String(r['联系电话'])))).toBe(true);
      expect(JSON.stringify(sheet.rows)).not.toContain(mine[0].phone);

      // Selected rows outside his scope are not his to export.
      const selected = await sheetOf(
        await exportOf('exportXls', wangfang, { selections: `${mine[0].id},${other.id},${RENHE[0].id}` }),
      );
      expect(names(selected)).toEqual([mine[0].name]);
      // The administrator sees the full phone.
      const full = await sheetOf(await exportOf('exportXlsOld', admin, { selections: mine[0].id }));
      expect(full.rows[0]['联系电话']).toBe(mine[0].phone);
    });

    it('narrows as the list narrows (待我处理) and orders rows as the list does', async () => {
      // Two customers back to 待审核: the only rows the approver can act on.
      const pending = [HUAKANG[1], HUAKANG[3]];
      await t.ctx.db.kysely
        .updateTable('erp_customer' as never)
        .set({ auditStatus: '1' } as never)
        .where('id' as never, 'in', pending.map((c) => c.id) as never)
        .execute();
      const sheet = await sheetOf(await exportOf('exportXlsOld', admin, { _actionable: '1', ...LIST_DEFAULTS }));
      expect(names(sheet)).toEqual(sorted(pending.map((c) => c.name)));
      expect(names(sheet)).toEqual(await listNames(admin, { _actionable: '1' }));
      // The list's default sort by id means its default order (newest first), in the sheet too.
      const all = await sheetOf(await exportOf('exportXls', admin, LIST_DEFAULTS));
      const res = await t.call({
        method: 'GET',
        url: `${API}/getData/erp_customer`,
        token: admin,
        query: { ...Object.fromEntries(Object.entries(LIST_DEFAULTS).map(([k, v]) => [k, String(v)])), pageSize: '100' },
      });
      expect(all.rows.map((r) => r['客户名称'])).toEqual((res.json().result.records as Array<{ name: string }>).map((r) => r.name));
    });

    it('refuses a malformed paramsStr with a Chinese 400', async () => {
      const bad = [
        '{"name":',
        '[1,2]',
        '"text"',
        JSON.stringify({ name: { like: '医院' } }),
        JSON.stringify({ name: ['a', 'b'] }),
        JSON.stringify({ name: 'x'.repeat(5000) }),
        JSON.stringify(Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`k${i}`, 1]))),
      ];
      for (const paramsStr of bad) {
        const res = await exportOf('exportXlsOld', admin, paramsStr);
        expect(res.statusCode, paramsStr.slice(0, 40)).toBe(400);
        const body = res.json();
        expect(body.success).toBe(false);
        expect(body.message).toMatch(/[\u4e00-\u9fa5]/);
        expect(body.message).toContain('paramsStr');
      }
      const tooLong = await exportOf('exportXls', admin, JSON.stringify({ remark: 'x'.repeat(21_000) }));
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toMatch(/paramsStr.*过长/);
      // An unknown sort column is refused as the list refuses it.
      const sort = await exportOf('exportXls', admin, { column: 'passwordHash', order: 'asc' });
      expect(sort.statusCode).toBe(400);
      expect(sort.json().message).toContain('排序的列字段不存在');
      // Unknown keys are ignored, as in the list.
      const ignored = await sheetOf(await exportOf('exportXls', admin, { noSuchField: 'x', customerType: '3', tabletype: 1 }));
      expect(names(ignored)).toEqual(sorted(HUAKANG.filter((c) => c.customerType === '3').map((c) => c.name)));
    });

    it('refuses callers without the export permission', async () => {
      for (const address of ['exportXlsOld', 'exportXls'] as const) {
        const res = await exportOf(address, lina, LIST_DEFAULTS);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe(510);
      }
      const anonymous = await t.call({ method: 'GET', url: `${API}/exportXlsOld/erp_customer`, query: { paramsStr: '{}' } });
      expect(anonymous.statusCode).toBe(401);
    });

    it('the user export takes paramsStr and selections the same way', async () => {
      const one = await sheetOf(
        await t.call({ method: 'GET', url: '/sys/user/exportXls', token: admin, query: { paramsStr: JSON.stringify({ username: 'zhangwei' }) } }),
      );
      expect(one.rows.map((r) => r['登录账号'])).toEqual(['zhangwei']);
      const picked = await sheetOf(
        await t.call({
          method: 'GET',
          url: '/sys/user/exportXls',
          token: admin,
          query: { paramsStr: JSON.stringify({ selections: `${userId('lina')},${userId('chenjing')},` }) },
        }),
      );
      expect(picked.rows.map((r) => String(r['登录账号'])).sort()).toEqual(['chenjing', 'lina']);
      // wangfang sees only users of his hospital, masked.
      const scoped = await sheetOf(
        await t.call({
          method: 'GET',
          url: '/sys/user/exportXls',
          token: wangfang,
          query: { paramsStr: JSON.stringify({ selections: `${userId('zhangwei')},${userId('liuyang')}` }) },
        }),
      );
      expect(scoped.rows.map((r) => r['登录账号'])).toEqual(['zhangwei']);
      expect(String(scoped.rows[0]['手机号码'])).toMatch(MASKED_PHONE);
      const bad = await t.call({ method: 'GET', url: '/sys/user/exportXls', token: admin, query: { paramsStr: '{oops' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('参数 paramsStr 不是有效的 JSON');
    });
  });

  describe('department members (DeptUserInfo.vue)', () => {
    const members = async (token: string, orgCode: string) => {
      const res = await t.call({
        method: 'GET',
        url: '/sys/user/departUserList',
        token,
        query: { depId: depart(orgCode), pageNo: '1', pageSize: '100', column: 'createTime', order: 'desc' },
      });
      const body = res.json();
      expect(body.success, body.message).toBe(true);
      return (body.result.records as Array<{ username: string }>).map((r) => r.username).sort();
    };
    const addUsers = (token: string, orgCode: string, usernames: string[]) =>
      t.call({
        method: 'POST',
        url: '/sys/user/editSysDepartWithUser',
        token,
        payload: { depId: depart(orgCode), userIdList: usernames.map(userId) },
      });
    const removeUser = (token: string, orgCode: string, username: string) =>
      t.call({ method: 'DELETE', url: '/sys/user/deleteUserInDepart', token, query: { depId: depart(orgCode), userId: userId(username) } });
    const removeUsers = (token: string, orgCode: string, usernames: string[]) =>
      t.call({
        method: 'DELETE',
        url: '/sys/user/deleteUserInDepartBatch',
        token,
        query: { depId: depart(orgCode), userIds: `${usernames.map(userId).join(',')},` },
      });
    const departsOf = async (username: string) =>
      (
        await t.ctx.db.kysely
          .selectFrom('sysUserDepart as ud')
          .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
          .select('d.orgCode')
          .where('ud.userId', '=', userId(username))
          .execute()
      )
        .map((r) => r.orgCode)
        .sort();
    const orgCodeOf = async (username: string) =>
      (await t.ctx.db.kysely.selectFrom('sysUser').select('orgCode').where('id', '=', userId(username)).executeTakeFirstOrThrow()).orgCode;

    it('the administrator adds existing users to a department and the department lists them', async () => {
      expect(await members(admin, 'A01A01A03')).not.toContain('chenjing');
      const res = await addUsers(admin, 'A01A01A03', ['chenjing', 'zhangwei']);
      expect(res.json()).toMatchObject({ success: true, message: '添加成功!' });
      const listed = await members(admin, 'A01A01A03');
      expect(listed).toContain('chenjing');
      expect(listed).toContain('zhangwei');
      expect(await departsOf('chenjing')).toEqual(['A01A01A02', 'A01A01A03', 'A01A01A05']);
      // The current department stays the one he had.
      expect(await orgCodeOf('chenjing')).toBe('A01A01A02');
      // Adding again changes nothing and duplicates nothing.
      expect((await addUsers(admin, 'A01A01A03', ['chenjing'])).json().success).toBe(true);
      expect(await departsOf('chenjing')).toEqual(['A01A01A02', 'A01A01A03', 'A01A01A05']);
      // The user page's department list of the user agrees.
      const own = (await t.call({ method: 'GET', url: '/sys/user/userDepartList', token: admin, query: { userId: userId('chenjing') } })).json();
      expect((own.result as Array<{ key: string }>).map((d) => d.key)).toContain(depart('A01A01A03'));
    });

    it('records the change in the user history and the security log', async () => {
      const history = await t.ctx.db.kysely
        .selectFrom('sysChangeLog')
        .select(['changes', 'createBy'])
        .where('tableName', '=', 'sys_user')
        .where('recordId', '=', userId('chenjing'))
        .where('action', '=', 'edit')
        .execute();
      const departs = history.map((h) => JSON.parse(h.changes) as Record<string, [unknown, unknown]>).find((c) => c.departs);
      expect(departs?.departs[1]).toEqual(expect.arrayContaining(['呼吸内科']));
      expect(departs?.departs[0]).not.toEqual(expect.arrayContaining(['呼吸内科']));
      expect(history.every((h) => h.createBy === 'admin')).toBe(true);
      const logged = await t.ctx.db.kysely
        .selectFrom('sysLog')
        .select(['logContent', 'result'])
        .where('event', '=', 'user.departs')
        .where('target', '=', 'chenjing')
        .execute();
      expect(logged.some((l) => l.logContent.includes('呼吸内科') && Number(l.result) !== 0)).toBe(true);
    });

    it('the administrator takes users out, one or several, with the department’s roles', async () => {
      // zhangwei holds a role of 呼吸内科, which goes with his membership.
      const roleId = stableId('departRole', 'test-respiratory');
      await t.ctx.db.kysely
        .insertInto('sysDepartRole')
        .values({
          id: roleId,
          departId: depart('A01A01A03'),
          roleName: '呼吸内科值班',
          roleCode: 'resp_duty',
          description: null,
          createBy: 'admin',
          createTime: '2026-01-01 00:00:00',
          updateBy: null,
          updateTime: null,
        })
        .execute();
      await t.ctx.db.kysely.insertInto('sysDepartRoleUser').values({ id: stableId('departRoleUser', 'zw'), userId: userId('zhangwei'), droleId: roleId }).execute();

      const one = await removeUser(admin, 'A01A01A03', 'chenjing');
      expect(one.json()).toMatchObject({ success: true, message: '删除成功!' });
      expect(await members(admin, 'A01A01A03')).not.toContain('chenjing');
      expect(await departsOf('chenjing')).toEqual(['A01A01A02', 'A01A01A05']);
      // Not (any more) a member: the original's message.
      const again = (await removeUser(admin, 'A01A01A03', 'chenjing')).json();
      expect(again.success).toBe(false);
      expect(again.message).toBe('当前选中部门与用户无关联关系!');

      const batch = await removeUsers(admin, 'A01A01A03', ['zhangwei']);
      expect(batch.json()).toMatchObject({ success: true });
      expect(await members(admin, 'A01A01A03')).not.toContain('zhangwei');
      expect(await departsOf('zhangwei')).toEqual(['A01A01A01']);
      const roles = await t.ctx.db.kysely.selectFrom('sysDepartRoleUser').select('id').where('userId', '=', userId('zhangwei')).execute();
      expect(roles).toEqual([]);
    });

    it('a user taken out of his current department gets another one and signs in again', async () => {
      const token = await t.login('lina');
      expect((await removeUsers(admin, 'A01A01A04', ['lina'])).json().success).toBe(true);
      expect(await orgCodeOf('lina')).toBeNull();
      const stale = await t.call({ method: 'GET', url: '/sys/user/list', token });
      expect(stale.statusCode).toBe(401);
      expect((await addUsers(admin, 'A01A01A04', ['lina'])).json().success).toBe(true);
      expect(await orgCodeOf('lina')).toBe('A01A01A04');
      lina = await t.login('lina');
    });

    it('wangfang changes the members of his own hospital’s departments', async () => {
      expect((await addUsers(wangfang, 'A01A01A03', ['zhangwei'])).json()).toMatchObject({ success: true });
      expect(await members(wangfang, 'A01A01A03')).toContain('zhangwei');
      expect((await removeUser(wangfang, 'A01A01A03', 'zhangwei')).json()).toMatchObject({ success: true });
      expect(await members(wangfang, 'A01A01A03')).not.toContain('zhangwei');
    });

    it('wangfang is refused outside his scope, and nothing changes', async () => {
      const before = { zhangwei: await departsOf('zhangwei'), liuyang: await departsOf('liuyang'), admin: await departsOf('admin') };
      // A department of another hospital.
      const foreignDepart = (await addUsers(wangfang, 'A01A02A01', ['zhangwei'])).json();
      expect(foreignDepart.success).toBe(false);
      expect(foreignDepart.message).toBe('所选部门不存在或不在您的管理范围内');
      // A user he cannot manage, into his own department; all or nothing.
      const foreignUser = (await addUsers(wangfang, 'A01A01A03', ['zhangwei', 'liuyang'])).json();
      expect(foreignUser.success).toBe(false);
      expect(foreignUser.message).toBe('未找到对应数据');
      expect((await addUsers(wangfang, 'A01A01A03', ['admin'])).json().success).toBe(false);
      // Taking people out of a department outside his scope.
      const removal = (await removeUsers(wangfang, 'A01A03A01', ['liuyang'])).json();
      expect(removal.success).toBe(false);
      expect((await removeUser(wangfang, 'A01A01', 'liuyang')).json().success).toBe(false);
      // Another tenant's department, even for the administrator of this one.
      expect((await addUsers(admin, 'A02A01', ['zhangwei'])).json().success).toBe(false);
      expect({ zhangwei: await departsOf('zhangwei'), liuyang: await departsOf('liuyang'), admin: await departsOf('admin') }).toEqual(before);
      expect(await members(admin, 'A01A01A03')).not.toContain('liuyang');
      const refusals = await t.ctx.db.kysely
        .selectFrom('sysLog')
        .select('logContent')
        .where('event', '=', 'user.departs')
        .where('username', '=', 'wangfang')
        .where('result', '=', 0)
        .execute();
      expect(refusals.length).toBeGreaterThanOrEqual(3);
    });

    it('refuses callers without the permission and malformed requests', async () => {
      const res = await addUsers(lina, 'A01A01A04', ['zhangwei']);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(510);
      expect((await removeUser(lina, 'A01A01A04', 'zhangwei')).statusCode).toBe(403);
      expect((await removeUsers(lina, 'A01A01A04', ['zhangwei'])).statusCode).toBe(403);
      const noList = await t.call({ method: 'POST', url: '/sys/user/editSysDepartWithUser', token: admin, payload: { depId: depart('A01A01A03') } });
      expect(noList.statusCode).toBe(400);
      expect(noList.json().message).toContain('userIdList');
      const badId = await t.call({
        method: 'DELETE',
        url: '/sys/user/deleteUserInDepartBatch',
        token: admin,
        query: { depId: depart('A01A01A03'), userIds: "x' or '1'='1" },
      });
      expect(badId.statusCode).toBe(400);
      expect(await departsOf('zhangwei')).toEqual(['A01A01A01']);
    });
  });
});
