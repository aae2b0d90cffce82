import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { multipartForm } from './multipart-form.js';
import { BILL, checksSchemas } from './checks-fixture.js';

const API = '/online/cgform/api';

// Entity `checks`: a rule the record breaks refuses its add, edit or import row with the rule's message.
describe.each(DIALECTS)('entity checks on $name', ({ url }) => {
  let t: TestApp;
  let token: string;

  const write = (method: 'POST' | 'PUT', payload: Record<string, unknown>) =>
    t.call({ method, url: `${API}/form/${BILL}`, token, payload });
  const titles = async () => {
    const res = await t.call({
      method: 'GET',
      url: `${API}/getData/${BILL}`,
      token,
      query: { pageSize: '100' },
    });
    expect(res.json(), res.body).toMatchObject({ success: true });
    return (res.json().result.records as Array<{ title: string }>).map((r) => r.title).sort();
  };
  const detail = async (id: string) =>
    (await t.call({ method: 'GET', url: `${API}/form/${BILL}/${id}`, token })).json().result as Record<
      string,
      unknown
    >;

  beforeAll(async () => {
    t = await createTestApp(url, {}, { schemasDir: checksSchemas() });
    token = await t.login('admin');
  });
  afterAll(async () => t?.close());

  it('refuses an add breaking a rule with its message and stores nothing', async () => {
    const res = await write('POST', { title: '多付', amount: 10, paid: 10.01 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: '已付金额不能超过应付金额' });
    // A quoted literal compares text; the stored formula (balance) is computed before the rule reads it.
    const voided = await write('POST', { title: '作废未结', status: '9', amount: 10, paid: 4 });
    expect(voided.statusCode).toBe(400);
    expect(voided.json().message).toBe('作废的账单必须已结清');
    expect(await titles()).toEqual([]);
  });

  it('accepts a record keeping every rule (empty counts as 0)', async () => {
    const add = await write('POST', { title: '正常', amount: 0.3, paid: 0.3 });
    expect(add.json(), add.body).toMatchObject({ success: true });
    const empty = await write('POST', { title: '未付' });
    expect(empty.json(), empty.body).toMatchObject({ success: true });
    const settled = await write('POST', { title: '作废已结', status: '9', amount: 5, paid: 5 });
    expect(settled.json(), settled.body).toMatchObject({ success: true });
    expect(await titles()).toEqual(['作废已结', '未付', '正常']);
  });

  it('refuses an edit breaking a rule and keeps the stored values', async () => {
    const id = (await write('POST', { title: '待改', amount: 100, paid: 20 })).json().result as string;
    const res = await write('PUT', { id, title: '改坏', amount: 100, paid: 100.5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('已付金额不能超过应付金额');
    // The edit is checked on the merged record: lowering the amount alone breaks the rule too.
    const lower = await write('PUT', { id, amount: 10 });
    expect(lower.json().message).toBe('已付金额不能超过应付金额');
    expect(await detail(id)).toMatchObject({ title: '待改', amount: 100, paid: 20, balance: 80 });
    const ok = await write('PUT', { id, paid: 100 });
    expect(ok.json(), ok.body).toMatchObject({ success: true });
    expect(await detail(id)).toMatchObject({ paid: 100, balance: 0 });
  });

  it("refuses a child row breaking its entity's rule, naming the row, and stores nothing", async () => {
    const res = await write('POST', {
      title: '明细超额',
      amount: 10,
      chk_line: [
        { qty: 1, price: 5 },
        { qty: 10, price: 100.01 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('明细第 2 行：单行金额不能超过 1000');
    expect(await titles()).not.toContain('明细超额');
  });

  it('makes an import row breaking a rule a row error naming the rule, importing the others', async () => {
    const wb = new ExcelJS.Workbook();
    // The export of no row is the import template (title rows, then the header in row 3).
    const exported = await t.call({
      method: 'GET',
      url: `${API}/exportXls/${BILL}`,
      token,
      query: { selections: 'none' },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const [bills, lines] = wb.worksheets;
    const fill = (ws: ExcelJS.Worksheet, rows: Array<Record<string, unknown>>) => {
      const header = (ws.getRow(3).values as unknown[]).slice(1);
      ws.spliceRows(4, 0, ...rows.map((values) => header.map((h) => values[h as string] ?? null)));
    };
    fill(bills, [
      { 标题: '导入正常', 应付金额: 8, 已付金额: 3 },
      { 标题: '导入多付', 应付金额: 8, 已付金额: 9 },
      { 标题: '导入明细超额', 应付金额: 8 },
    ]);
    // The child sheet links rows to their bill by its title (the ref's display field).
    fill(lines, [
      { 标题: '导入正常', 数量: 2, 单价: 500 },
      { 标题: '导入明细超额', 数量: 2, 单价: 500.01 },
    ]);
    const res = await t.call({
      method: 'POST',
      url: `${API}/importXls/${BILL}`,
      token,
      ...multipartForm([
        { name: 'files[]', file: { name: '账单.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) } },
      ]),
    });
    const body = res.json();
    expect(body, res.body).toMatchObject({ code: 201, result: { successCount: 1, errorCount: 2 } });
    const report = await t.call({ method: 'GET', url: body.result.fileUrl, token });
    expect(report.body).toContain('第 5 行：已付金额不能超过应付金额');
    expect(report.body).toContain('第 6 行：明细第 5 行：单行金额不能超过 1000');
    const stored = await titles();
    expect(stored).toContain('导入正常');
    expect(stored).not.toContain('导入多付');
    expect(stored).not.toContain('导入明细超额');
  });
});
