import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerRows, equipmentRows, technicianRows } from '../../src/server/db/entity-seed-data.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { unlockCustomers } from './unlocked-customers.js';

const API = '/online/cgform/api';
const ORDER = 'erp_repair_order';
const PART = 'erp_repair_part';
const CUSTOMERS = customerRows();
const ours = CUSTOMERS.filter((c) => c.tenantId === 1);
const theirs = CUSTOMERS.find((c) => c.tenantId === 2) as (typeof CUSTOMERS)[number];
const EQUIPMENT = equipmentRows();
const nursingEquipment = EQUIPMENT.find((e) =>
  e.sysOrgCode.startsWith('A01A01A04'),
) as (typeof EQUIPMENT)[number];
const equipment = EQUIPMENT.filter((e) => e.tenantId === 1);

const JUNCTION = 'erp_repair_technician';
const TECHNICIANS = technicianRows();
const tech = TECHNICIANS.filter((x) => x.tenantId === 1);
const otherTech = TECHNICIANS.find((x) => x.tenantId === 2) as (typeof TECHNICIANS)[number];

type Row = Record<string, unknown> & { id: string };

// Issue 12 §1 leftovers: refs inside child rows (erp_repair_part.supplier → erp_customer) and what
// deleting a referenced row does (restrict: erp_repair_order.equipment; setNull: the supplier).
describe.each(DIALECTS)('refs in child rows and deleting referenced rows on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let lina: string; // nurse of 护理部: sees no customer of another department

  const part = (name: string, supplier: unknown) => ({ name, quantity: 1, price: 10, supplier });
  const order = (equipmentId: string, parts: unknown[]) => ({
    equipment: equipmentId,
    reportDate: '2026-03-02',
    fault: '报警无法消除',
    status: '1',
    [PART]: parts,
  });
  const add = (token: string, payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: `${API}/form/${ORDER}`, token, payload });
  const remove = (token: string, code: string, ids: string[]) =>
    t.call({ method: 'DELETE', url: `${API}/form/${code}/${ids.join(',')}`, token });
  const rows = async (table: string, where: string, value: string) =>
    (
      await sql<Row>`select * from ${sql.table(table)} where ${sql.ref(where)} = ${value}`.execute(
        t.ctx.db.kysely,
      )
    ).rows
      // Child rows in their table's order (one parent's rows here).
      .sort((a, b) => Number(a.sortNo ?? 0) - Number(b.sortNo ?? 0));

  beforeAll(async () => {
    t = await createTestApp(url);
    [admin, lina] = await Promise.all(['admin', 'lina'].map((u) => t.login(u)));
  });
  afterAll(async () => t?.close());

  it('checks a child row’s ref inside the save’s transaction and shows its text in the detail', async () => {
    const created = await add(
      admin,
      order(equipment[0].id, [part('电源板', ours[0].id), part('保险丝', null)]),
    );
    expect(created.json(), created.body).toMatchObject({ success: true });
    const id = created.json().result as string;
    const shown = (await t.call({ method: 'GET', url: `${API}/form/${ORDER}/${id}`, token: admin })).json()
      .result as Record<string, Row[]>;
    expect(shown[PART].map((p) => [p.name, p.supplier, p.supplier_dictText])).toEqual([
      ['电源板', ours[0].id, ours[0].name],
      ['保险丝', null, null],
    ]);

    // Another tenant's row, a row that does not exist: refused with the row named, nothing saved.
    for (const supplier of [theirs.id, 'no-such-customer']) {
      const res = await add(
        admin,
        order(equipment[0].id, [part('电源板', ours[1].id), part('滤网', supplier)]),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('配件明细第 2 行：供应商：所选数据不存在或无权访问');
    }
    // Out of the caller's data scope on the target: lina sees no customer of another department.
    const refused = await add(lina, order(nursingEquipment.id, [part('电源板', ours[0].id)]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('配件明细第 1 行：供应商：所选数据不存在或无权访问');
    expect(await rows(PART, 'name', '滤网')).toHaveLength(0);

    // An edit keeps an unchanged reference and checks a changed one.
    const edit = (supplier: string) =>
      t.call({
        method: 'PUT',
        url: `${API}/form/${ORDER}`,
        token: admin,
        payload: { id, [PART]: [{ ...shown[PART][0], supplier }] },
      });
    expect((await edit(theirs.id)).statusCode).toBe(400);
    expect((await edit(ours[2].id)).json()).toMatchObject({ success: true });
    expect((await rows(PART, 'repairOrder', id)).map((p) => p.supplier)).toEqual([ours[2].id]);
  });

  it('exports a child row’s ref as its display text', async () => {
    const created = await add(admin, order(equipment[1].id, [part('压缩机', ours[3].id)]));
    const id = created.json().result as string;
    const res = await t.call({
      method: 'GET',
      url: `${API}/exportXls/${ORDER}`,
      token: admin,
      query: { selections: id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[1];
    const values = sheet.getSheetValues().flat().map(String);
    expect(values).toContain(ours[3].name);
    expect(values).not.toContain(ours[3].id);
  });

  it('refuses to delete a row another entity refers to under restrict, one or several at a time', async () => {
    const target = equipment[5];
    const first = (await add(admin, order(target.id, []))).json().result as string;
    const second = (await add(admin, order(target.id, []))).json().result as string;
    for (const ids of [[target.id], [target.id, equipment[6].id]]) {
      const res = await remove(admin, 'erp_equipment', ids);
      expect(res.json()).toMatchObject({
        success: false,
        message: '该记录已被设备维修单引用（2 条），不能删除',
      });
    }
    expect(await rows('erp_equipment', 'id', equipment[6].id)).toHaveLength(1);
    expect((await remove(admin, ORDER, [first, second])).json()).toMatchObject({ success: true });
    expect((await remove(admin, 'erp_equipment', [target.id])).json()).toMatchObject({ success: true });
    expect(await rows('erp_equipment', 'id', target.id)).toHaveLength(0);
  });

  it('clears the references under setNull in the same delete', async () => {
    const supplier = ours[4];
    const id = (
      await add(admin, order(equipment[2].id, [part('探头', supplier.id), part('线缆', ours[5].id)]))
    ).json().result as string;
    await unlockCustomers(t, [supplier.id]);
    expect((await remove(admin, 'erp_customer', [supplier.id])).json()).toMatchObject({ success: true });
    expect((await rows(PART, 'repairOrder', id)).map((p) => [p.name, p.supplier])).toEqual([
      ['探头', null],
      ['线缆', ours[5].id],
    ]);
  });
});

// Issue 12 §1 many-to-many: 设备维修单 ↔ 维修人员 through the junction erp_repair_technician (parent.pick).
describe.each(DIALECTS)('many-to-many through a junction on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;

  const order = (technicians: unknown, over: Record<string, unknown> = {}) => ({
    equipment: equipment[0].id,
    reportDate: '2026-03-05',
    fault: '图像伪影',
    status: '1',
    [JUNCTION]: technicians,
    ...over,
  });
  const save = (method: 'POST' | 'PUT', payload: Record<string, unknown>) =>
    t.call({ method, url: `${API}/form/${ORDER}`, token: admin, payload });
  const links = async (orderId: string) =>
    (
      await sql<Row>`select * from ${sql.table(JUNCTION)} where ${sql.ref('repairOrder')} = ${orderId}`.execute(
        t.ctx.db.kysely,
      )
    ).rows.sort((a, b) => Number(a.sortNo) - Number(b.sortNo));
  const list = async (query: Record<string, string>) => {
    const res = await t.call({
      method: 'GET',
      url: `${API}/getData/${ORDER}`,
      token: admin,
      query: { pageSize: '100', ...query },
    });
    expect(res.json(), res.body).toMatchObject({ success: true });
    return res.json().result.records as Row[];
  };

  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  it('saves the picked targets as junction rows with the record and shows their texts in one list query', async () => {
    const res = await save('POST', order([tech[0].id, tech[1].id, tech[0].id]));
    expect(res.json(), res.body).toMatchObject({ success: true });
    const id = res.json().result as string;
    expect((await links(id)).map((l) => l.technician)).toEqual([tech[0].id, tech[1].id]);
    const shown = (await t.call({ method: 'GET', url: `${API}/form/${ORDER}/${id}`, token: admin })).json()
      .result;
    expect(shown[`${JUNCTION}_dictText`]).toBe(`${tech[0].name}、${tech[1].name}`);
    expect((shown[JUNCTION] as Row[]).map((r) => r.technician_dictText)).toEqual([
      tech[0].name,
      tech[1].name,
    ]);
    const row = (await list({})).find((r) => r.id === id) as Row;
    expect(row[`${JUNCTION}_dictText`]).toBe(`${tech[0].name}、${tech[1].name}`);

    // An edit inserts and deletes junction rows; an unchanged pick keeps its row.
    const kept = (await links(id))[1].id;
    expect((await save('PUT', { id, [JUNCTION]: [tech[1].id, tech[2].id] })).json()).toMatchObject({
      success: true,
    });
    const after = await links(id);
    expect(after.map((l) => l.technician)).toEqual([tech[1].id, tech[2].id]);
    expect(after[0].id).toBe(kept);
    // One id alone (a one-element list) and an edit without the key leave things right.
    expect((await save('PUT', { id, [JUNCTION]: [tech[3].id] })).json()).toMatchObject({ success: true });
    expect((await links(id)).map((l) => l.technician)).toEqual([tech[3].id]);
    expect((await save('PUT', { id, fault: '图像伪影（复查）' })).json()).toMatchObject({ success: true });
    expect((await links(id)).map((l) => l.technician)).toEqual([tech[3].id]);
  });

  it('refuses a target outside the caller’s tenant, and filters the list by “contains any of”', async () => {
    const refused = await save('POST', order([tech[0].id, otherTech.id]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('维修人员第 2 行：维修人员：所选数据不存在或无权访问');

    const a = (await save('POST', order([tech[4].id]))).json().result as string;
    const b = (await save('POST', order([tech[2].id, tech[4].id]))).json().result as string;
    const c = (await save('POST', order([]))).json().result as string;
    const ids = (rows: Row[]) =>
      rows
        .map((r) => r.id)
        .filter((x) => [a, b, c].includes(x))
        .sort();
    expect(ids(await list({ [JUNCTION]: tech[4].id }))).toEqual([a, b].sort());
    expect(ids(await list({ [JUNCTION]: `${tech[2].id},${tech[1].id}` }))).toEqual([b]);
    expect(ids(await list({}))).toEqual([a, b, c].sort());
  });

  it('deletes the junction rows with the record; a linked target cannot be deleted (restrict)', async () => {
    const id = (await save('POST', order([tech[0].id]))).json().result as string;
    const blocked = await t.call({
      method: 'DELETE',
      url: `${API}/form/erp_technician/${tech[0].id}`,
      token: admin,
    });
    expect(blocked.json()).toMatchObject({ success: false });
    expect(blocked.json().message).toMatch(/^该记录已被维修单人员引用（\d+ 条），不能删除$/);
    expect(
      (await t.call({ method: 'DELETE', url: `${API}/form/${ORDER}/${id}`, token: admin })).json(),
    ).toMatchObject({
      success: true,
    });
    expect(await links(id)).toHaveLength(0);
  });
});
