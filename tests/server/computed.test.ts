import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { multipartForm } from './multipart-form.js';
import type { FastifyRequest } from 'fastify';
import { afterWrite } from '../../src/server/modules/online/derived-updates.js';
import { entityModel } from '../../src/server/modules/online/entity-model.js';
import { insertRecords, type AnyDb } from '../../src/server/modules/online/entity-records.js';

const API = '/online/cgform/api';
const ORDER = 'erp_repair_order';
const PART = 'erp_repair_part';

interface Row {
  id: string;
  [k: string]: unknown;
}

// Computed fields on the demo repair order: amount = quantity * price per part, partsTotal = the parts'
// sum, total = laborCost + partsTotal — computed by the server on every write, whatever the client sends.
describe.each(DIALECTS)('computed fields on $name', ({ url }) => {
  let t: TestApp;
  let token: string;
  let equipment: string;

  const order = (over: Record<string, unknown> = {}) => ({
    equipment,
    reportDate: '2026-03-02',
    fault: '监护仪黑屏',
    status: '1',
    laborCost: 50,
    ...over,
  });
  const part = (name: string, quantity: number | string, price: number | string, over = {}) => ({
    name,
    quantity,
    price,
    ...over,
  });
  const write = async (method: 'POST' | 'PUT', payload: Record<string, unknown>) => {
    const res = await t.call({ method, url: `${API}/form/${ORDER}`, token, payload });
    expect(res.json(), res.body).toMatchObject({ success: true });
    return res.json().result as string;
  };
  /** The order and its parts as stored, numbers as numbers on both dialects. */
  const stored = async (id: string) => {
    const db = t.ctx.db.kysely;
    const [o] = (await sql<Row>`select * from ${sql.table(ORDER)} where id = ${id}`.execute(db)).rows;
    const parts = (
      await sql<Row>`select * from ${sql.table(PART)} where ${sql.ref('repairOrder')} = ${id}
        order by ${sql.ref('sortNo')}`.execute(db)
    ).rows;
    const n = (v: unknown) => (v === null ? null : Number(v));
    return {
      laborCost: n(o.laborCost),
      partsTotal: n(o.partsTotal),
      total: n(o.total),
      amounts: parts.map((p) => n(p.amount)),
    };
  };
  const shown = async (id: string) =>
    (await t.call({ method: 'GET', url: `${API}/form/${ORDER}/${id}`, token })).json().result as Row & {
      [PART]: Row[];
    };

  beforeAll(async () => {
    t = await createTestApp(url);
    token = await t.login('wangfang');
    const res = await t.call({
      method: 'GET',
      url: `${API}/getData/erp_equipment`,
      token,
      query: { pageSize: '1' },
    });
    equipment = (res.json().result.records as Row[])[0].id;
  });
  afterAll(async () => t?.close());

  it('computes amounts and totals exactly on add, ignoring the values the client sent', async () => {
    const id = await write(
      'POST',
      order({
        laborCost: 0.1,
        partsTotal: 1,
        total: 2,
        [PART]: [
          part('电源板', 3, 19.99, { amount: 999 }),
          part('保险丝', '1', '0.1'),
          part('导线', 1, 0.2),
          part('螺丝', 3, '1.1'),
        ],
      }),
    );
    expect(await stored(id)).toEqual({
      laborCost: 0.1,
      partsTotal: 63.57,
      total: 63.67,
      amounts: [59.97, 0.1, 0.2, 3.3],
    });
    const form = await shown(id);
    expect([form.partsTotal, form.total]).toEqual([63.57, 63.67]);
    expect(form[PART].map((p) => p.amount)).toEqual([59.97, 0.1, 0.2, 3.3]);
  });

  it('gives an order without parts a zero parts total and its labour as total', async () => {
    const id = await write('POST', order({ laborCost: 88.8, partsTotal: 5, total: 5 }));
    expect(await stored(id)).toEqual({ laborCost: 88.8, partsTotal: 0, total: 88.8, amounts: [] });
  });

  it('sums many parts without drift', async () => {
    // Thirty parts of 0.1: a float sum would be 3.0000000000000013.
    const parts = Array.from({ length: 30 }, (_, i) => part(`件${i}`, 1, 0.1));
    const id = await write('POST', order({ laborCost: 0, [PART]: parts }));
    expect(await stored(id)).toMatchObject({ partsTotal: 3, total: 3 });
  });

  it('recomputes on edit: the labour, a part, and the parts removed', async () => {
    const id = await write('POST', order({ laborCost: 10, [PART]: [part('甲', 2, 2.5), part('乙', 1, 4)] }));
    expect(await stored(id)).toMatchObject({ partsTotal: 9, total: 19 });

    // Only the parent's labour changes (children absent: kept); a client total is ignored.
    await write('PUT', { id, laborCost: 20.05, total: 1 });
    expect(await stored(id)).toMatchObject({ partsTotal: 9, total: 29.05 });

    const [a, b] = (await shown(id))[PART];
    await write('PUT', { id, [PART]: [{ ...a, quantity: 3, amount: 0 }, b, part('丙', 0.5, 0.33)] });
    // 3 × 2.5 + 4 + 0.5 × 0.33 (0.165, rounded half-up to 0.17).
    expect(await stored(id)).toEqual({
      laborCost: 20.05,
      partsTotal: 11.67,
      total: 31.72,
      amounts: [7.5, 4, 0.17],
    });

    await write('PUT', { id, [PART]: [] });
    expect(await stored(id)).toEqual({ laborCost: 20.05, partsTotal: 0, total: 20.05, amounts: [] });
  });

  it('refreshes the parents of child rows written on their own (a child sheet import)', async () => {
    const id = await write('POST', order({ laborCost: 1, [PART]: [part('甲', 1, 2)] }));
    const child = t.ctx.defs.entities.find((e) => e.code === PART);
    if (!child) throw new Error('no part entity');
    const session = { username: 'admin', tenantId: 1 } as Parameters<typeof insertRecords>[3];
    const rows = [{ repairOrder: id, name: '乙', quantity: 3, price: 0.1, amount: 0.3, sortNo: 2 }];
    // The writer as the engine sees it: who (history, automatic transitions) and from where.
    const writer = { user: () => session, session, ip: '127.0.0.1' } as unknown as FastifyRequest;
    await (t.ctx.db.kysely as unknown as AnyDb).transaction().execute(async (trx) => {
      const ids = await insertRecords(trx, t.ctx, entityModel(child), session, rows);
      await afterWrite(trx, t.ctx, writer, PART, ids);
    });
    expect(await stored(id)).toMatchObject({ partsTotal: 2.3, total: 3.3 });
  });

  it('computes imported orders and their parts', async () => {
    const admin = await t.login('admin');
    const id = await write('POST', order({ [PART]: [part('模板件', 1, 1)] }));
    const exported = await t.call({
      method: 'GET',
      url: `${API}/exportXls/${ORDER}`,
      token: admin,
      query: { selections: id },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const [main, parts] = wb.worksheets;
    const header = (ws: ExcelJS.Worksheet) => (ws.getRow(3).values as unknown[]).slice(1);
    const col = (ws: ExcelJS.Worksheet, title: string) => header(ws).indexOf(title) + 1;
    const values = (main.getRow(4).values as unknown[]).slice(1);
    values[col(main, '维修单号') - 1] = 'CMP-1';
    values[col(main, '故障描述') - 1] = '导入计算';
    values[col(main, '维修设备') - 1] = equipment;
    values[col(main, '人工费（元）') - 1] = 0.1;
    // A computed value in the sheet is replaced by the server's.
    if (col(main, '合计金额（元）') > 0) values[col(main, '合计金额（元）') - 1] = 12345;
    main.spliceRows(4, 1, values);
    const partRow = (name: string, quantity: number, price: number) => {
      const r: unknown[] = [];
      r[col(parts, '维修单号') - 1] = 'CMP-1';
      r[col(parts, '配件名称') - 1] = name;
      r[col(parts, '数量') - 1] = quantity;
      r[col(parts, '单价（元）') - 1] = price;
      if (col(parts, '金额（元）') > 0) r[col(parts, '金额（元）') - 1] = 777;
      return r;
    };
    parts.spliceRows(4, 1, partRow('导入甲', 3, 19.99), partRow('导入乙', 1, 0.2));
    const res = await t.call({
      method: 'POST',
      url: `${API}/importXls/${ORDER}`,
      token: admin,
      ...multipartForm([
        { name: 'files[]', file: { name: '维修单.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) } },
      ]),
    });
    expect(res.json(), res.body).toMatchObject({ success: true, code: 200, message: '文件导入成功！数据行数：1' });
    const [row] = (
      await sql<Row>`select id from ${sql.table(ORDER)} where ${sql.ref('fault')} = ${'导入计算'}`.execute(
        t.ctx.db.kysely,
      )
    ).rows;
    expect(await stored(row.id)).toEqual({
      laborCost: 0.1,
      partsTotal: 60.17,
      total: 60.27,
      amounts: [59.97, 0.2],
    });
  });
});
