import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatDefinition } from '../../src/shared/schema-types.js';
import { checkDefinitions } from '../../src/server/definitions/check.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

const API = '/online/cgform/api';

/** The shipped definitions plus the bills-and-lines fixture module (tests/fixtures/schemas/ages). */
function schemasWithFixture(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-child-drill-'));
  fs.cpSync('schemas', dir, { recursive: true });
  fs.cpSync('tests/fixtures/schemas/ages/modules', path.join(dir, 'modules'), { recursive: true });
  return dir;
}

describe.each(DIALECTS)('parent lists filtered by child rows, and child statistics drilling into them, on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  const list = async (query: Record<string, string>) => {
    const body = (await t.call({ method: 'GET', url: `${API}/getData/age_bill`, token: admin, query })).json();
    expect(body, JSON.stringify(body)).toMatchObject({ success: true });
    return body.result as { total: number; records: Array<{ title: string }> };
  };
  const titles = async (query: Record<string, string>) => (await list(query)).records.map((r) => r.title).sort();

  beforeAll(async () => {
    t = await createTestApp(url, {}, { schemasDir: schemasWithFixture() });
    admin = await t.login('admin');
    // [bill title, department, lines]: stored directly (tenant 1), the test is about reading them.
    const bills: Array<[string, string, Array<[string, number]>]> = [
      ['甲', 'A01', [['纱布', 3], ['针管', 1]]],
      ['乙', 'A01', [['纱布', 4], ['纱布', 5]]],
      ['丙', 'A01', [['针管', 5]]],
      ['丁', 'A02', [['纱布', 2]]],
      ['戊', 'A01', []],
    ];
    const db = t.ctx.db.kysely;
    for (const [i, [title, org, lines]] of bills.entries()) {
      const scope = { tenantId: 1, sysOrgCode: org, createBy: 'admin', createTime: '2026-01-01 08:00:00' };
      const billId = `drill-bill-${String(i).padStart(21, '0')}`;
      await db.insertInto('age_bill' as never).values({ id: billId, title, amount: 1, ...scope } as never).execute();
      for (const [j, [product, qty]] of lines.entries())
        await db
          .insertInto('age_bill_line' as never)
          .values({ id: `drill-line-${i}-${j}`, billId, product, qty, ...scope } as never)
          .execute();
    }
  });
  afterAll(async () => t?.close());

  it('keeps the parents having a child row with the value, ranges and rules included', async () => {
    expect(await titles({ 'age_bill_line.product': '纱布' })).toEqual(['丁', '乙', '甲'].sort());
    expect(await titles({ 'age_bill_line.product': '针管', 'age_bill_line.qty_begin': '2' })).toEqual(['丙']);
    // Both conditions must hold on the same child row: 甲 has 针管 (qty 1) and qty 3 (纱布).
    expect(await titles({ 'age_bill_line.product': '针管', 'age_bill_line.qty_begin': '3' })).toEqual(['丙']);
    expect(await titles({ 'age_bill_line.product': '纱布', title: '乙' })).toEqual(['乙']);
    // A value bound, not spliced: quotes are just text and match nothing.
    expect(await titles({ 'age_bill_line.product': "纱布' or '1'='1" })).toEqual([]);
  });

  it('ignores unknown children and fields like other unknown parameters', async () => {
    const all = (await list({})).total;
    expect(all).toBe(5);
    expect((await list({ 'nope_line.product': '纱布' })).total).toBe(all);
    expect((await list({ 'age_bill_line.nope': '纱布' })).total).toBe(all);
    expect((await list({ 'age_bill_line.product': '' })).total).toBe(all);
  });

  it('filters the export the same way', async () => {
    const res = await t.call({
      method: 'GET',
      url: `${API}/exportXls/age_bill`,
      token: admin,
      query: { 'age_bill_line.product': '针管' },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const main = wb.worksheets[0];
    const col = (main.getRow(3).values as unknown[]).indexOf('标题');
    const titlesOut: unknown[] = [];
    main.eachRow((row, n) => {
      if (n > 3) titlesOut.push(row.getCell(col).value);
    });
    expect(titlesOut.sort()).toEqual(['丙', '甲'].sort());
  });

  it("drills each group of a child statistic into exactly the parents it counted", async () => {
    for (const department of ['', 'A01']) {
      const query = department ? { department } : undefined;
      const body = (await t.call({ method: 'GET', url: '/sys/stats/age_line_drill', token: admin, query })).json();
      expect(body, JSON.stringify(body)).toMatchObject({ success: true });
      const a = body.result as {
        rows: Array<Record<string, unknown>>;
        drill: { page: string; filters: Array<Record<string, string>> };
      };
      expect(a.drill.page).toBe('/online/cgformList/age_bill');
      expect(a.rows.map((r) => [r.product, r.bills])).toEqual(
        department ? [['纱布', 2], ['针管', 1]] : [['纱布', 3], ['针管', 1]],
      );
      // Child fields are named through the child; the department (a scope column) stays as it is.
      expect(a.drill.filters[0]).toEqual({
        'age_bill_line.qty_begin': '2',
        'age_bill_line.product': '纱布',
        ...(department ? { sysOrgCode: 'A01*' } : {}),
      });
      for (const [i, filters] of a.drill.filters.entries())
        expect((await list(filters)).total, JSON.stringify(filters)).toBe(a.rows[i].bills);
    }
  });

  it("refuses a child statistic drilling anywhere but its parent's list", async () => {
    const dir = schemasWithFixture();
    const file = path.join(dir, 'modules/agetest/stats/age_line_drill.json');
    const def = JSON.parse(fs.readFileSync(file, 'utf8')) as StatDefinition;
    fs.writeFileSync(file, JSON.stringify({ ...def, drill: { page: '/online/cgformList/age_bill_line' } }));
    const problems = checkDefinitions(dir).problems.filter((p) => p.file.includes('age_line_drill'));
    expect(problems.map((p) => `${p.pointer} ${p.message}`)).toContain(
      '/drill/page 明细实体的统计应下钻到主表列表 /online/cgformList/age_bill',
    );
  });
});
