import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatDefinition } from '../../src/shared/schema-types.js';
import { compileStat } from '../../src/server/modules/stats/compile.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

const API = '/online/cgform/api';
// A zone far from UTC: a server counting days in UTC would put today on another date for half the day.
const ZONE = 'Pacific/Kiritimati';

/** The shipped definitions plus a fixture module: bills with a due date and amount, and their lines. */
function schemasWithFixture(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-stat-ages-'));
  fs.cpSync('schemas', dir, { recursive: true });
  fs.cpSync('tests/fixtures/schemas/ages/modules', path.join(dir, 'modules'), { recursive: true });
  return dir;
}

/** Today on the zone's calendar, and a day moved from it — computed here independently of the server. */
const todayIn = (zone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface Answer {
  dimensions: Array<{ key: string; ages?: number[] }>;
  rows: Array<Record<string, unknown>>;
  total: number;
  drill?: { page: string; filters: Array<Record<string, string>> };
}

describe.each(DIALECTS)('age buckets and child-entity sources of statistics on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  const today = todayIn(ZONE);

  const stat = async (code: string, token: string) => {
    const body = (await t.call({ method: 'GET', url: `/sys/stats/${code}`, token })).json();
    expect(body, JSON.stringify(body)).toMatchObject({ success: true });
    return body.result as Answer;
  };

  beforeAll(async () => {
    t = await createTestApp(url, { TZ: ZONE }, { schemasDir: schemasWithFixture() });
    admin = await t.login('admin');
    // [days before today (null: no due date), amount, lines]
    const bills: Array<[number | null, number, Array<[string, number]>]> = [
      [-5, 1, [['纱布', 3]]], // due in the future: 0 days old
      [0, 2, [['纱布', 4]]],
      [30, 4, [['针管', 5]]],
      [31, 8, [['针管', 1]]],
      [60, 16, []],
      [91, 32, [['棉签', 2]]],
      [400, 64, []],
      [null, 128, [['纱布', 1]]],
    ];
    // Stored directly (the group's own department, tenant 1): the test is about reading them.
    const db = t.ctx.db.kysely;
    const scope = { tenantId: 1, sysOrgCode: 'A01', createBy: 'admin', createTime: `${today} 08:00:00` };
    for (const [i, [age, amount, lines]] of bills.entries()) {
      const billId = `age-bill-${String(i).padStart(23, '0')}`;
      await db
        .insertInto('age_bill' as never)
        .values({
          id: billId,
          title: `账龄 ${age ?? '无'}`,
          amount,
          dueDate: age === null ? null : shift(today, -age),
          ...scope,
        } as never)
        .execute();
      for (const [j, [product, qty]] of lines.entries())
        await db
          .insertInto('age_bill_line' as never)
          .values({ id: `age-line-${i}-${j}`, billId, product, qty, ...scope } as never)
          .execute();
    }
  });
  afterAll(async () => t?.close());

  it('groups by whole days to today in the configured zone, in order, the empty group included', async () => {
    const a = await stat('age_bill_aging', admin);
    expect(a.dimensions).toEqual([expect.objectContaining({ key: 'age', ages: [30, 60, 90] })]);
    // The bill without a due date has no age and is in no group.
    expect(a.rows.map((r) => [r.age, r.count, r.amount])).toEqual([
      ['0-30', 3, 7],
      ['31-60', 2, 24],
      ['61-90', 0, 0],
      ['>90', 2, 96],
    ]);
    expect(a.total).toBe(4);
  });

  it('drills into exactly the rows of each group', async () => {
    const a = await stat('age_bill_aging', admin);
    expect(a.drill?.filters).toEqual([
      { dueDate_begin: shift(today, -30) },
      { dueDate_begin: shift(today, -60), dueDate_end: shift(today, -31) },
      { dueDate_begin: shift(today, -90), dueDate_end: shift(today, -61) },
      { dueDate_end: shift(today, -91) },
    ]);
    for (const [i, filters] of a.drill!.filters.entries()) {
      const list = (
        await t.call({ method: 'GET', url: `${API}/getData/age_bill`, token: admin, query: { ...filters } })
      ).json();
      expect(list.result.total, JSON.stringify(filters)).toBe(a.rows[i].count);
    }
  });

  it('resolves fixed filters relative to today (overdue: due before today)', async () => {
    const a = await stat('age_bill_overdue', admin);
    expect(a.rows).toEqual([{ count: 5, amount: 124 }]);
    expect(a.drill?.filters).toEqual([{ dueDate_end: shift(today, -1) }]);
  });

  it("aggregates a child entity's rows with its parent's read permission", async () => {
    const a = await stat('age_line_by_product', admin);
    expect(a.rows.map((r) => [r.product, r.qty])).toEqual([
      ['纱布', 8],
      ['针管', 6],
    ]);
    expect(a.total).toBe(3);
    // The nurse may not read the bills, so not their lines either.
    const nurse = await t.login('lina');
    const refused = await t.call({ method: 'GET', url: '/sys/stats/age_line_by_product', token: nurse });
    expect(refused.json()).toMatchObject({ success: false, code: 510 });
  });

  it('refuses ages on a field that is not a date, with a bucket, or with bounds out of order', () => {
    const def = (dimension: Record<string, unknown>): StatDefinition => ({
      $schema: '../meta/stat.schema.json',
      code: 'age_wrong',
      title: '错误',
      source: 'age_bill',
      dimensions: [{ field: 'dueDate', ...dimension }],
      measures: [{ key: 'count', op: 'count' }],
    });
    const messages = (d: StatDefinition) =>
      compileStat(d, t.ctx.defs).problems.map((p) => `${p.pointer} ${p.message}`);
    expect(messages(def({ field: 'amount', ages: [30] }))).toEqual([
      '/dimensions/0/ages 账龄分组需要日期字段，"amount" 是数字字段',
    ]);
    expect(messages(def({ ages: [30], bucket: 'month' }))).toEqual([
      '/dimensions/0/ages 账龄分组不能与 bucket 同时使用',
    ]);
    expect(messages(def({ ages: [60, 30] }))).toEqual(['/dimensions/0/ages 账龄分界应严格递增']);
    expect(messages(def({ ages: [30, 60] }))).toEqual([]);
  });
});
