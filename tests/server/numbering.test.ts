import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDefinition } from '../../src/shared/schema-types.js';
import { numberingPeriod } from '../../src/shared/numbering.js';
import { assignNumbers, nextSequence } from '../../src/server/modules/online/numbering.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { multipartForm } from './multipart-form.js';

const API = '/online/cgform/api';
const FORM = `${API}/form/erp_equipment`;

// Instants on the Shanghai calendar (the default zone): 2026-01-10 09:00, the next day, and February.
const JAN_10 = Date.UTC(2026, 0, 10, 1);
const JAN_11 = Date.UTC(2026, 0, 11, 1);
const FEB_01 = Date.UTC(2026, 1, 1, 1);

/** A definition used only for its numbering rules: numbers are taken without any table behind them. */
const ruled = (
  code: string,
  numbering: NonNullable<EntityDefinition['fields'][0]['numbering']>,
  tenant = true,
) =>
  ({
    $schema: '../meta/entity.schema.json',
    code,
    name: code,
    scope: { tenant },
    fields: [{ name: 'no', title: '编号', type: 'string', length: 32, numbering }],
  }) as EntityDefinition;

describe.each(DIALECTS)('numbering rules on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  // ZC{yyyyMM}{seq:4}, reset monthly: the prefix of this month's equipment numbers.
  const prefix = () => `ZC${numberingPeriod('month', Date.now())}`;

  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  /** Numbers for `count` records of a ruled definition, each batch in its own transaction. */
  const numbers = async (entity: EntityDefinition, tenantId: number, now: number, count = 1) => {
    const records = Array.from({ length: count }, () => ({}) as Record<string, string | number | null>);
    await t.ctx.db.kysely.transaction().execute((trx) => assignNumbers(trx, entity, tenantId, records, now));
    return records.map((r) => r.no);
  };

  const add = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const res = await t.call({ method: 'POST', url: FORM, token: admin, payload: body, headers });
    expect(res.json()).toMatchObject({ success: true });
    return res.json().result as string;
  };
  const stored = async (id: string, headers: Record<string, string> = {}) =>
    (await t.call({ method: 'GET', url: `${FORM}/${id}`, token: admin, headers })).json().result as Record<
      string,
      unknown
    >;

  it('formats numbers and restarts them each day or month, on the clock it is given', async () => {
    const daily = ruled('t_daily', { pattern: 'D{yyyyMMdd}-{seq:3}', reset: 'day' });
    expect(await numbers(daily, 1, JAN_10, 2)).toEqual(['D20260110-001', 'D20260110-002']);
    expect(await numbers(daily, 1, JAN_10)).toEqual(['D20260110-003']);
    expect(await numbers(daily, 1, JAN_11)).toEqual(['D20260111-001']);

    const monthly = ruled('t_monthly', { pattern: 'M{yyMM}{seq:4}', reset: 'month' });
    expect(await numbers(monthly, 1, JAN_10)).toEqual(['M26010001']);
    expect(await numbers(monthly, 1, JAN_11)).toEqual(['M26010002']);
    expect(await numbers(monthly, 1, FEB_01)).toEqual(['M26020001']);

    const never = ruled('t_never', { pattern: 'N{yyyyMMdd}{seq:2}' });
    expect(await numbers(never, 1, JAN_10)).toEqual(['N2026011001']);
    expect(await numbers(never, 1, FEB_01)).toEqual(['N2026020102']);
  });

  it('counts per tenant, or once for all tenants when the rule is global', async () => {
    const perTenant = ruled('t_tenant', { pattern: 'T{seq:3}' });
    expect(await numbers(perTenant, 1, JAN_10, 2)).toEqual(['T001', 'T002']);
    expect(await numbers(perTenant, 2, JAN_10)).toEqual(['T001']);
    expect(await numbers(perTenant, 1, JAN_10)).toEqual(['T003']);

    const global = ruled('t_global', { pattern: 'G{seq:3}', per: 'global' });
    expect(await numbers(global, 1, JAN_10)).toEqual(['G001']);
    expect(await numbers(global, 2, JAN_10)).toEqual(['G002']);
    // An entity without tenant scope counts globally by default.
    const unscoped = ruled('t_unscoped', { pattern: 'U{seq:3}' }, false);
    expect([...(await numbers(unscoped, 1, JAN_10)), ...(await numbers(unscoped, 2, JAN_10))]).toEqual([
      'U001',
      'U002',
    ]);
  });

  it('keeps a value the client may set under an editable rule and numbers the empty ones', async () => {
    const editable = ruled('t_editable', { pattern: 'E{seq:3}', editable: true });
    const records = [{ no: 'E-MANUAL' }, { no: null }, {}] as Array<Record<string, string | null>>;
    await t.ctx.db.kysely.transaction().execute((trx) => assignNumbers(trx, editable, 1, records, JAN_10));
    expect(records.map((r) => r.no)).toEqual(['E-MANUAL', 'E001', 'E002']);
  });

  it('gives a number back when the insert that took it rolls back', async () => {
    const key = 't_rollback.no';
    await expect(
      t.ctx.db.kysely.transaction().execute(async (trx) => {
        expect(await nextSequence(trx, key, '', 1)).toBe(1);
        throw new Error('insert failed');
      }),
    ).rejects.toThrow('insert failed');
    expect(await t.ctx.db.kysely.transaction().execute((trx) => nextSequence(trx, key, '', 1))).toBe(1);
  });

  it('fills the number on add, ignoring one the client sends, and keeps it on edit', async () => {
    const id = await add({ name: '编号测试设备', serialNo: 'NUM-0001', status: '1', assetNo: 'ZC-FORGED' });
    const row = await stored(id);
    expect(row.assetNo).toBe(`${prefix()}0001`);

    const edit = await t.call({
      method: 'PUT',
      url: FORM,
      token: admin,
      payload: { id, name: '编号测试设备（改）', assetNo: 'ZC-FORGED' },
    });
    expect(edit.json()).toMatchObject({ success: true });
    expect(await stored(id)).toMatchObject({ name: '编号测试设备（改）', assetNo: `${prefix()}0001` });
    const cleared = await t.call({ method: 'PUT', url: FORM, token: admin, payload: { id, assetNo: '' } });
    expect(cleared.json()).toMatchObject({ success: true });
    expect((await stored(id)).assetNo).toBe(`${prefix()}0001`);
  });

  it('gives 20 concurrent adds 20 distinct consecutive numbers', async () => {
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        add({ name: `并发设备${i}`, serialNo: `NUM-C${String(i).padStart(3, '0')}`, status: '1' }),
      ),
    );
    const got = await Promise.all(ids.map(async (id) => (await stored(id)).assetNo as string));
    expect(new Set(got).size).toBe(20);
    // After the one added by the previous test: 0002 … 0021, in whatever order the adds committed.
    expect([...got].sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `${prefix()}${String(i + 2).padStart(4, '0')}`),
    );
  });

  it('numbers each tenant on its own', async () => {
    const id = await add({ name: '仁和设备', serialNo: 'NUM-T2-001', status: '1' }, { 'x-tenant-id': '2' });
    const row = await stored(id, { 'x-tenant-id': '2' });
    expect(row).toMatchObject({ tenantId: 2, assetNo: `${prefix()}0001` });
  });

  it('numbers imported rows through the same insert, ignoring numbers in the sheet', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('设备');
    ws.addRow(['设备台账报表']);
    ws.addRow(['导出人:测试']);
    ws.addRow(['设备名称', '资产编号', '设备序列号', '设备状态']);
    ws.addRow(['导入设备甲', 'ZC-SHEET-1', 'NUM-I001', '在用']);
    ws.addRow(['导入设备乙', '', 'NUM-I002', '在用']);
    const res = await t.call({
      method: 'POST',
      url: `${API}/importXls/erp_equipment`,
      token: admin,
      ...multipartForm([
        { name: 'validateStatus', value: '1' },
        {
          name: 'files[]',
          file: { name: 'equipment.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) },
        },
      ]),
    });
    expect(res.json()).toMatchObject({ success: true, code: 200 });
    const list = await t.call({
      method: 'GET',
      url: `${API}/getData/erp_equipment`,
      token: admin,
      query: { serialNo: 'NUM-I*', column: 'serialNo', order: 'asc' },
    });
    const rows = list.json().result.records as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.name, r.assetNo])).toEqual([
      ['导入设备甲', `${prefix()}0022`],
      ['导入设备乙', `${prefix()}0023`],
    ]);
  });
});
