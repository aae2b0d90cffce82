import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StatDefinition } from '../../src/shared/schema-types.js';
import { equipmentRows } from '../../src/server/db/entity-seed-data.js';
import { checkDefinitions, formatProblem } from '../../src/server/definitions/check.js';
import { fixtureFolder } from './definition-fixtures.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

interface Answer {
  code: string;
  title: string;
  dimensions: Array<{ key: string; title: string; bucket?: string }>;
  measures: Array<{ key: string; title: string }>;
  rows: Array<Record<string, unknown>>;
  total: number;
  drill?: { page: string; filters: Array<Record<string, string>> };
}

type Equipment = ReturnType<typeof equipmentRows>[number];
const equipment = equipmentRows();
const tenant1 = equipment.filter((r) => r.tenantId === 1);
const tenant2 = equipment.filter((r) => r.tenantId === 2);
const cardiology = tenant1.filter((r) => r.sysOrgCode.startsWith('A01A01A01'));

/** Expected groups, computed here in plain code from the seed rows. */
function groups(rows: Equipment[], key: (r: Equipment) => string) {
  const out = new Map<string, { count: number; sum: number }>();
  for (const r of rows) {
    const g = out.get(key(r)) ?? { count: 0, sum: 0 };
    g.count += 1;
    g.sum += r.price;
    out.set(key(r), g);
  }
  return out;
}

/** ISO 8601 week, the textbook way (independent of the server's Monday arithmetic). */
function isoWeek(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const dow = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - dow);
  const year = d.getUTCFullYear();
  const week = Math.ceil(((d.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

const TEST_STAT: StatDefinition = {
  $schema: '../meta/stat.schema.json',
  code: 'test_equipment_buckets',
  title: '测试',
  source: 'erp_equipment',
  dimensions: [{ field: 'purchaseDate', key: 'period', bucket: 'week' }],
  measures: [
    { key: 'count', op: 'count' },
    { key: 'amount', op: 'sum', field: 'price' },
    { key: 'maxPrice', op: 'max', field: 'price' },
    { key: 'perUnit', op: 'ratio', of: ['amount', 'count'] },
    { key: 'categories', op: 'countDistinct', field: 'category' },
  ],
  limit: 1000,
  cacheSeconds: 0,
};

describe.each(DIALECTS)('statistics on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let zhangwei: string;
  let liuyang: string;
  beforeAll(async () => {
    t = await createTestApp(url);
    [admin, zhangwei, liuyang] = await Promise.all(['admin', 'zhangwei', 'liuyang'].map((u) => t.login(u)));
  });
  afterAll(async () => t?.close());

  const call = (
    code: string,
    token: string,
    query: Record<string, string> = {},
    headers?: Record<string, string>,
  ) => t.call({ method: 'GET', url: `/sys/stats/${code}`, token, query, headers });
  const stat = async (
    code: string,
    token: string,
    query: Record<string, string> = {},
    headers?: Record<string, string>,
  ) => {
    const body = (await call(code, token, query, headers)).json();
    expect(body, JSON.stringify(body)).toMatchObject({ success: true });
    return body.result as Answer;
  };
  /** The answer's groups as { group: [count, sum] }. */
  const byGroup = (a: Answer, key: string, sum = 'value') =>
    Object.fromEntries(a.rows.map((r) => [String(r[key]), [r.count, r[sum]]]));
  const expected = (rows: Equipment[], key: (r: Equipment) => string) =>
    Object.fromEntries([...groups(rows, key)].map(([k, g]) => [k, [g.count, g.sum]]));
  /** A statistic defined by the test on top of the loaded definitions. */
  const define = (def: StatDefinition) => {
    t.ctx.defs = { ...t.ctx.defs, stats: [...t.ctx.defs.stats.filter((s) => s.code !== def.code), def] };
  };

  it('counts and sums groups exactly, with dictionary text and drill filters', async () => {
    const a = await stat('equipment_by_status', admin);
    expect(a).toMatchObject({
      code: 'equipment_by_status',
      title: '设备状态分布',
      dimensions: [{ key: 'status', title: '设备状态' }],
      measures: [
        { key: 'count', title: '设备数' },
        { key: 'value', title: '资产原值' },
      ],
    });
    expect(byGroup(a, 'status')).toEqual(expected(tenant1, (r) => r.status));
    expect(a.total).toBe(a.rows.length);
    // Sorted by count, descending.
    const counts = a.rows.map((r) => r.count as number);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    const inUse = a.rows.find((r) => r.status === '1')!;
    expect(inUse.status_dictText).toEqual(expect.any(String));
    expect(inUse.status_dictText).not.toBe('1');
    const i = a.rows.indexOf(inUse);
    expect(a.drill).toMatchObject({ page: '/online/cgformList/erp_equipment' });
    expect(a.drill!.filters[i]).toEqual({ status: '1' });
  });

  it("counts only the doctor's department for the doctor, everything of the tenant for the admin", async () => {
    // The admin's answer is cached first: the doctor must not get it.
    const all = await stat('equipment_by_status', admin);
    const mine = await stat('equipment_by_status', zhangwei);
    expect(cardiology.length).toBeGreaterThan(0);
    expect(cardiology.length).toBeLessThan(tenant1.length);
    expect(byGroup(mine, 'status')).toEqual(expected(cardiology, (r) => r.status));
    const sum = (a: Answer) => a.rows.reduce((n, r) => n + (r.count as number), 0);
    expect(sum(all)).toBe(tenant1.length);
    expect(sum(mine)).toBe(cardiology.length);
    // The same rows the doctor's list shows.
    const list = (
      await t.call({
        method: 'GET',
        url: '/online/cgform/api/getData/erp_equipment',
        token: zhangwei,
        query: { pageSize: '1' },
      })
    ).json();
    expect(list.result.total).toBe(sum(mine));
  });

  it('keeps tenants apart', async () => {
    const other = await stat('equipment_by_status', admin, {}, { 'x-tenant-id': '2' });
    expect(byGroup(other, 'status')).toEqual(expected(tenant2, (r) => r.status));
    const own = await stat('equipment_by_status', admin);
    expect(byGroup(own, 'status')).toEqual(expected(tenant1, (r) => r.status));
  });

  it('reuses an answer for the same scope and parameters only', async () => {
    const before = await stat('equipment_by_status', admin, { department: 'A01A01A01' });
    expect(byGroup(before, 'status')).toEqual(expected(cardiology, (r) => r.status));
    const first = equipment.find((r) => r.sysOrgCode === 'A01A01A01')!;
    await t.ctx.db.kysely
      .insertInto('erp_equipment' as never)
      .values({
        ...first,
        id: 'stats-test-extra-row-0000000001',
        assetNo: 'ZCSTATS0001',
        serialNo: 'SBSTATS0001',
      } as never)
      .execute();
    try {
      // Within cacheSeconds, the same caller and parameters get the cached answer ...
      expect(await stat('equipment_by_status', admin, { department: 'A01A01A01' })).toEqual(before);
      // ... another scope or other parameters are queried afresh and see the new row.
      const doctor = await stat('equipment_by_status', zhangwei, { department: 'A01A01A01' });
      expect(doctor.rows.reduce((n, r) => n + (r.count as number), 0)).toBe(cardiology.length + 1);
      const fresh = await stat('equipment_by_status', admin, { department: 'A01A01' });
      expect(fresh.rows.reduce((n, r) => n + (r.count as number), 0)).toBe(
        tenant1.filter((r) => r.sysOrgCode.startsWith('A01A01')).length + 1,
      );
    } finally {
      await t.ctx.db.kysely
        .deleteFrom('erp_equipment' as never)
        .where('id' as never, '=', 'stats-test-extra-row-0000000001' as never)
        .execute();
    }
  });

  it('applies the data rules of the list, and caches per rule set', async () => {
    const customers = async (token: string) =>
      (await stat('customer_by_type', token)).rows.reduce((n, r) => n + (r.count as number), 0);
    const everything = await customers(liuyang);
    const menu = (
      await t.ctx.db.kysely
        .selectFrom('sysPermission')
        .select('id')
        .where('url', '=', '/online/cgformList/erp_customer')
        .executeTakeFirstOrThrow()
    ).id;
    const role = (
      await t.ctx.db.kysely
        .selectFrom('sysRole')
        .select('id')
        .where('roleCode', '=', 'platform_operator')
        .executeTakeFirstOrThrow()
    ).id;
    const send = async (url: string, payload: Record<string, string>) =>
      expect((await t.call({ method: 'POST', url, token: admin, payload })).json()).toMatchObject({
        success: true,
      });
    await send('/sys/permission/addPermissionRule', {
      permissionId: menu,
      ruleName: 'own',
      ruleColumn: 'create_by',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
    });
    const rules = (
      await t.call({
        method: 'GET',
        url: '/sys/permission/getPermRuleListByPermId',
        token: admin,
        query: { permissionId: menu },
      })
    ).json().result as Array<{ id: string; ruleName: string }>;
    await send('/sys/role/datarule', {
      permissionId: menu,
      roleId: role,
      dataRuleIds: rules.find((r) => r.ruleName === 'own')!.id,
    });
    const own = (
      await t.call({
        method: 'GET',
        url: '/online/cgform/api/getData/erp_customer',
        token: liuyang,
        query: { pageSize: '1' },
      })
    ).json().result.total as number;
    expect(own).toBeLessThan(everything);
    expect(await customers(liuyang)).toBe(own);
    await send('/sys/role/datarule', { permissionId: menu, roleId: role, dataRuleIds: '' });
    expect(await customers(liuyang)).toBe(everything);
  });

  it('buckets dates by ISO week, month, quarter and year, with ratio, max and distinct counts', async () => {
    const expectBuckets = async (
      bucket: 'week' | 'month' | 'quarter' | 'year',
      key: (day: string) => string,
    ) => {
      define({ ...TEST_STAT, dimensions: [{ field: 'purchaseDate', key: 'period', bucket }] });
      const a = await stat(TEST_STAT.code, admin);
      const want = groups(tenant1, (r) => key(r.purchaseDate));
      expect(Object.fromEntries(a.rows.map((r) => [r.period, [r.count, r.amount]]))).toEqual(
        Object.fromEntries([...want].map(([k, g]) => [k, [g.count, g.sum]])),
      );
      // Date buckets come in time order.
      const periods = a.rows.map((r) => String(r.period));
      expect(periods).toEqual([...periods].sort());
      for (const r of a.rows) {
        const rows = tenant1.filter((e) => key(e.purchaseDate) === r.period);
        expect(r.maxPrice).toBe(Math.max(...rows.map((e) => e.price)));
        expect(r.perUnit).toBe(Number(((r.amount as number) / (r.count as number)).toFixed(2)));
        expect(r.categories).toBe(new Set(rows.map((e) => e.category)).size);
      }
      return a;
    };
    const weeks = await expectBuckets('week', isoWeek);
    // A week drills to its Monday..Sunday.
    const i = weeks.rows.findIndex((r) => r.period === isoWeek(tenant1[0].purchaseDate));
    const w = weeks.rows[i];
    expect(isoWeek(String(w.period_weekStart))).toBe(w.period);
    expect(new Date(`${String(w.period_weekStart)}T00:00:00Z`).getUTCDay()).toBe(1);
    await expectBuckets('month', (d) => d.slice(0, 7));
    await expectBuckets('quarter', (d) => `${d.slice(0, 4)}-Q${Math.ceil(Number(d.slice(5, 7)) / 3)}`);
    await expectBuckets('year', (d) => d.slice(0, 4));

    // Buckets at ISO year edges: 2021-01-03 is in 2020-W53, 2024-12-30 in 2025-W01.
    expect(isoWeek('2021-01-03')).toBe('2020-W53');
    const month = await stat('equipment_purchase_by_month', admin, {
      dateRange_begin: '2019-01-01',
      dateRange_end: '2025-12-31',
    });
    expect(Object.fromEntries(month.rows.map((r) => [r.month, [r.count, r.amount]]))).toEqual(
      Object.fromEntries(
        [...groups(tenant1, (r) => r.purchaseDate.slice(0, 7))].map(([k, g]) => [k, [g.count, g.sum]]),
      ),
    );
    const first = month.rows[0];
    expect(month.drill!.filters[0]).toEqual({
      purchaseDate_begin: `${String(first.month)}-01`,
      purchaseDate_end: expect.stringMatching(new RegExp(`^${String(first.month)}-(28|29|30|31)$`)),
    });
  });

  it('limits groups and reports how many there are', async () => {
    define({ ...TEST_STAT, dimensions: [{ field: 'purchaseDate', key: 'period', bucket: 'day' }], limit: 5 });
    const a = await stat(TEST_STAT.code, admin);
    expect(a.rows).toHaveLength(5);
    expect(a.total).toBe(new Set(tenant1.map((r) => r.purchaseDate)).size);
  });

  it('compares with the previous period of equal length', async () => {
    const rows = await t.ctx.db.kysely
      .selectFrom('sysAnnouncement')
      .select(['createTime', 'sender'])
      .where('tenantId', '=', 1)
      .where('delFlag', '=', 0)
      .execute();
    const days = rows.map((r) => String(r.createTime).slice(0, 10)).sort();
    expect(days.length).toBeGreaterThan(0);
    const end = days[days.length - 1];
    const begin = days[Math.floor(days.length / 2)];
    const len = (Date.parse(end) - Date.parse(begin)) / 86_400_000 + 1;
    const prevEnd = new Date(Date.parse(begin) - 86_400_000).toISOString().slice(0, 10);
    const prevBegin = new Date(Date.parse(begin) - len * 86_400_000).toISOString().slice(0, 10);
    const within = (b: string, e: string) => days.filter((d) => d >= b && d <= e).length;
    const a = await stat('announcement_this_month', admin, { dateRange_begin: begin, dateRange_end: end });
    expect(a.rows).toEqual([
      expect.objectContaining({ count: within(begin, end), count_previous: within(prevBegin, prevEnd) }),
    ]);
    expect(a.rows[0].senders_previous).toEqual(expect.any(Number));
    expect(a.drill!.filters[0]).toEqual({ createTime_begin: begin, createTime_end: end });
    // Without a range, the default (this month) applies.
    const thisMonth = await stat('announcement_this_month', admin);
    expect(thisMonth.rows[0]).toHaveProperty('count_previous');
  });

  it('lists the statistics the caller may read', async () => {
    const codes = async (token: string) =>
      (
        (await t.call({ method: 'GET', url: '/sys/stats', token })).json().result as Array<{
          code: string;
          title: string;
        }>
      ).map((s) => s.code);
    const forAdmin = await codes(admin);
    expect(forAdmin).toEqual(
      expect.arrayContaining(['equipment_by_status', 'customer_by_type', 'user_by_depart']),
    );
    const forDoctor = await codes(zhangwei);
    expect(forDoctor).toContain('equipment_by_status');
    expect(forDoctor).not.toContain('customer_by_type');
    expect((await call('customer_by_type', zhangwei)).json()).toMatchObject({ success: false, code: 510 });
  });

  it('refuses bad parameters in Chinese and unknown statistics with 404', async () => {
    const refused = async (code: string, query: Record<string, string>) => {
      const res = await call(code, admin, query);
      expect(res.statusCode, res.body).toBe(400);
      const { message } = res.json() as { message: string };
      expect(message).toMatch(/[\u4e00-\u9fa5]/);
      return message;
    };
    expect(await refused('customer_by_type', { nope: '1' })).toBe('统计参数不存在：nope');
    expect(await refused('customer_by_type', { dateRange_begin: '2026-02-30' })).toContain('有效日期');
    expect(
      await refused('customer_by_type', { dateRange_begin: '2026-03-01', dateRange_end: '2026-02-01' }),
    ).toContain('不能晚于');
    expect(await refused('customer_by_type', { department: "A01' or 1=1 --" })).toContain('部门编码');
    expect(await refused('customer_by_type', { status: '*' })).toContain('字典值');
    // A repeated parameter fails the route's input schema: still a 400 in Chinese.
    const twice = await t.call({
      method: 'GET',
      url: '/sys/stats/customer_by_type?status=1&status=2',
      token: admin,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toMatch(/[\u4e00-\u9fa5]/);
    const missing = await call('no_such_stat', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, message: '统计不存在：no_such_stat' });
  });

  it('names reference groups by the referenced row', async () => {
    const [ct, mri] = tenant1;
    const order = (n: number, equipmentId: string) => ({
      id: `stats-test-repair-order-${String(n).padStart(8, '0')}`,
      orderNo: `WXSTATS${n}`,
      equipment: equipmentId,
      reportDate: '2026-03-0' + String(n),
      fault: '测试故障',
      status: '1',
      tenantId: 1,
      sysOrgCode: 'A01A01A01',
      createBy: 'admin',
      createTime: '2026-03-01 08:00:00',
    });
    await t.ctx.db.kysely
      .insertInto('erp_repair_order' as never)
      .values([order(1, ct.id), order(2, ct.id), order(3, mri.id)] as never)
      .execute();
    define({
      ...TEST_STAT,
      source: 'erp_repair_order',
      dimensions: [{ field: 'equipment' }],
      measures: [{ key: 'count', op: 'count' }],
      sort: { by: 'count', order: 'desc' },
    });
    const a = await stat(TEST_STAT.code, admin);
    expect(a.dimensions).toEqual([{ key: 'equipment', title: expect.any(String) }]);
    expect(a.rows).toEqual([
      { equipment: ct.id, equipment_dictText: ct.name, count: 2 },
      { equipment: mri.id, equipment_dictText: mri.name, count: 1 },
    ]);
  });

  it('gives users by department and sex with department names', async () => {
    const a = await stat('user_by_depart', admin);
    const cardio = a.rows.find((r) => r.orgCode === 'A01A01A01')!;
    expect(cardio.orgCode_dictText).toBe('心血管内科');
    const sex = await stat('user_by_sex', admin);
    expect(sex.rows.map((r) => r.sex_dictText).sort()).toEqual(['女', '男']);
    const users = (
      await t.call({ method: 'GET', url: '/sys/user/list', token: admin, query: { pageSize: '1' } })
    ).json().result.total as number;
    expect(sex.rows.reduce((n, r) => n + (r.count as number), 0)).toBe(users);
  });
});

describe('schemas:check of statistics', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('names unknown fields, sums of text and unknown sources at file:line:column', () => {
    const { dir, schemas } = fixtureFolder('yjy-stats-check-', 'valid');
    dirs.push(dir);
    fs.mkdirSync(path.join(schemas, 'stats'));
    const write = (code: string, body: Record<string, unknown>) =>
      fs.writeFileSync(
        path.join(schemas, 'stats', `${code}.json`),
        `${JSON.stringify({ $schema: '../meta/stat.schema.json', code, title: '测试', ...body }, null, 2)}\n`,
      );
    write('good_stat', {
      source: 'demo_item',
      dimensions: [{ field: 'level' }],
      measures: [
        { key: 'count', op: 'count' },
        { key: 'total', op: 'sum', field: 'price' },
      ],
    });
    write('bad_field', {
      source: 'demo_item',
      dimensions: [{ field: 'colour' }],
      measures: [{ key: 'count', op: 'count' }],
    });
    write('bad_sum', { source: 'demo_item', measures: [{ key: 'total', op: 'sum', field: 'name' }] });
    write('bad_source', { source: 'sys_password', measures: [{ key: 'count', op: 'count' }] });
    const shown = path.relative(process.cwd(), schemas);
    const lines = checkDefinitions(schemas).problems.map(formatProblem);
    expect(lines).toEqual([
      `${shown}/stats/bad_field.json:8:7: /dimensions/0/field: 数据源 demo_item 没有可统计的字段 "colour"`,
      `${shown}/stats/bad_source.json:5:3: /source: 数据源 "sys_password" 不在允许列表中（实体或 sys_user、sys_depart、sys_announcement）`,
      `${shown}/stats/bad_sum.json:10:7: /measures/0/field: sum 只能用于数字字段，"name" 是文本字段`,
    ]);
  });
});
