import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { multipartForm } from './multipart-form.js';

const API = '/online/cgform/api';
const ORDER = 'erp_repair_order';
const PART = 'erp_repair_part';

interface Row {
  id: string;
  [k: string]: unknown;
}

describe.each(DIALECTS)('master-detail children on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let wangfang: string;
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
    spec: 'S1',
    quantity,
    price,
    ...over,
  });
  const add = (token: string, payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: `${API}/form/${ORDER}`, token, payload });
  const edit = (token: string, payload: Record<string, unknown>) =>
    t.call({ method: 'PUT', url: `${API}/form/${ORDER}`, token, payload });
  const get = async (token: string, id: string) =>
    (await t.call({ method: 'GET', url: `${API}/form/${ORDER}/${id}`, token })).json().result as Row & {
      [PART]: Row[];
    };
  const addOk = async (token: string, payload: Record<string, unknown>) => {
    const res = await add(token, payload);
    expect(res.json(), res.body).toMatchObject({ success: true, code: 200 });
    return res.json().result as string;
  };
  /** The stored children of an order, straight from the database. */
  const storedParts = async (orderId: string) =>
    (
      await sql<Row>`select * from ${sql.table(PART)} where ${sql.ref('repairOrder')} = ${orderId}
        order by ${sql.ref('sortNo')}`.execute(t.ctx.db.kysely)
    ).rows;
  const count = async (table: string) =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.ctx.db.kysely))
        .rows[0].n,
    );

  beforeAll(async () => {
    t = await createTestApp(url);
    [admin, wangfang] = await Promise.all(['admin', 'wangfang'].map((u) => t.login(u)));
    const res = await t.call({
      method: 'GET',
      url: `${API}/getData/erp_equipment`,
      token: wangfang,
      query: { pageSize: '1' },
    });
    equipment = (res.json().result.records as Row[])[0].id;
  });
  afterAll(async () => t?.close());

  it('adds a parent with its children in one request and returns them ordered by position', async () => {
    const id = await addOk(
      wangfang,
      order({ [PART]: [part('电源板', 1, 120.5), part('保险丝', '3', '2.5')] }),
    );
    const shown = await get(wangfang, id);
    expect(shown[PART].map((r) => [r.name, r.quantity, r.price, r.sortNo, r.repairOrder])).toEqual([
      ['电源板', 1, 120.5, 1, id],
      ['保险丝', 3, 2.5, 2, id],
    ]);
    // Children take the parent's tenant and department.
    expect(shown[PART].every((r) => r.tenantId === shown.tenantId && r.sysOrgCode === shown.sysOrgCode)).toBe(
      true,
    );
    expect(shown.sysOrgCode).toBe('A01A01');
    // Saved with the children, the row formulas and the parent's roll-ups (computed.ts) are stored too.
    expect(shown[PART].map((r) => r.amount)).toEqual([120.5, 7.5]);
    expect([shown.partsTotal, shown.total]).toEqual([128, 178]);
  });

  it('edits: adds, changes, reorders and deletes rows; an absent key leaves the children as they are', async () => {
    const id = await addOk(
      wangfang,
      order({ [PART]: [part('甲', 1, 1), part('乙', 2, 2), part('丙', 3, 3)] }),
    );
    const [a, , c] = (await get(wangfang, id))[PART];
    // admin (another department) edits: new rows still take the parent's scope.
    const res = await edit(admin, {
      id,
      fault: '已更换',
      [PART]: [{ ...c, quantity: 30 }, part('丁', 4, 4), { id: a.id, name: '甲改', quantity: 1, price: 1 }],
    });
    expect(res.json(), res.body).toMatchObject({ success: true });
    const rows = await storedParts(id);
    expect(rows.map((r) => [r.name, Number(r.quantity), Number(r.sortNo)])).toEqual([
      ['丙', 30, 1],
      ['丁', 4, 2],
      ['甲改', 1, 3],
    ]);
    expect(rows[0].id).toBe(c.id);
    expect(rows[2].id).toBe(a.id);
    expect(rows.every((r) => r.sysOrgCode === 'A01A01' && Number(r.tenantId) === 1)).toBe(true);
    expect((await edit(wangfang, { id, fault: '只改主表' })).json()).toMatchObject({ success: true });
    expect((await storedParts(id)).map((r) => r.name)).toEqual(['丙', '丁', '甲改']);
    // New rows of the console's grid carry temporary ids: they are added.
    const grid = await edit(wangfang, {
      id,
      [PART]: [...(await get(wangfang, id))[PART], { ...part('戊', 5, 5), id: '_tmp_abc123' }],
    });
    expect(grid.json(), grid.body).toMatchObject({ success: true });
    expect((await storedParts(id)).map((r) => r.name)).toEqual(['丙', '丁', '甲改', '戊']);
    expect((await edit(wangfang, { id, [PART]: [] })).json()).toMatchObject({ success: true });
    expect(await storedParts(id)).toEqual([]);
  });

  it('refuses a bad child row naming it, and writes nothing (add and edit)', async () => {
    const before = await count(ORDER);
    const partsBefore = await count(PART);
    const res = await add(wangfang, order({ [PART]: [part('好', 1, 1), part('坏', 0, 1)] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('配件明细第 2 行：数量：不能小于0.01');
    expect(await count(ORDER)).toBe(before);
    expect(await count(PART)).toBe(partsBefore);

    const id = await addOk(wangfang, order({ fault: '原故障', [PART]: [part('原配件', 1, 1)] }));
    const [kept] = await storedParts(id);
    const bad = await edit(wangfang, {
      id,
      fault: '不应保存',
      [PART]: [part('新配件', 1, 1), { id: kept.id, name: '' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('配件明细第 2 行：配件名称：该字段是必填字段');
    expect((await get(wangfang, id)).fault).toBe('原故障');
    expect((await storedParts(id)).map((r) => [r.id, r.name])).toEqual([[kept.id, '原配件']]);
  });

  it('refuses a child id of another parent and rows beyond the table limits', async () => {
    const one = await addOk(wangfang, order({ [PART]: [part('一号', 1, 1)] }));
    const two = await addOk(wangfang, order({ [PART]: [part('二号', 1, 1)] }));
    const [foreign] = await storedParts(one);
    const res = await edit(wangfang, { id: two, [PART]: [{ ...part('偷', 1, 1), id: foreign.id }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('配件明细第 1 行：该行不属于此记录，请刷新后重试');
    expect((await storedParts(one)).map((r) => r.name)).toEqual(['一号']);
    expect((await storedParts(two)).map((r) => r.name)).toEqual(['二号']);

    const many = Array.from({ length: 101 }, (_, i) => part(`件${i}`, 1, 1));
    const tooMany = await add(wangfang, order({ [PART]: many }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('配件明细最多 100 行，当前 101 行');
    const notRows = await add(wangfang, order({ [PART]: ['x'] }));
    expect(notRows.statusCode).toBe(400);
  });

  it('deletes children with their parent (cascade), one and batch', async () => {
    const one = await addOk(wangfang, order({ [PART]: [part('甲', 1, 1), part('乙', 1, 1)] }));
    const two = await addOk(wangfang, order({ [PART]: [part('丙', 1, 1)] }));
    const three = await addOk(wangfang, order({ [PART]: [part('丁', 1, 1)] }));
    const del = await t.call({ method: 'DELETE', url: `${API}/form/${ORDER}/${one}`, token: admin });
    expect(del.json()).toMatchObject({ success: true });
    expect(await storedParts(one)).toEqual([]);
    const batch = await t.call({
      method: 'DELETE',
      url: `${API}/form/${ORDER}/${two},${three}`,
      token: admin,
    });
    expect(batch.json()).toMatchObject({ success: true });
    expect([...(await storedParts(two)), ...(await storedParts(three))]).toEqual([]);
  });

  it('refuses to delete a parent with children when the child says restrict', async () => {
    const link = t.ctx.defs.entities.find((e) => e.code === PART)?.parent;
    if (!link) throw new Error('erp_repair_part is not a child');
    const id = await addOk(wangfang, order({ [PART]: [part('甲', 1, 1)] }));
    link.onDelete = 'restrict';
    try {
      const res = await t.call({ method: 'DELETE', url: `${API}/form/${ORDER}/${id}`, token: admin });
      expect(res.json()).toMatchObject({ success: false, message: '该记录存在配件明细，不能删除' });
      expect((await storedParts(id)).length).toBe(1);
      expect((await get(admin, id)).id).toBe(id);
    } finally {
      link.onDelete = 'cascade';
    }
    expect((await edit(wangfang, { id, [PART]: [] })).json()).toMatchObject({ success: true });
    link.onDelete = 'restrict';
    try {
      const res = await t.call({ method: 'DELETE', url: `${API}/form/${ORDER}/${id}`, token: admin });
      expect(res.json()).toMatchObject({ success: true });
    } finally {
      link.onDelete = 'cascade';
    }
  });

  it('has no routes of its own for a child entity; its columns are served to the parent readers', async () => {
    const direct = await t.call({ method: 'GET', url: `${API}/getData/${PART}`, token: admin });
    expect(direct.statusCode, direct.body).toBe(404);
    const post = await t.call({ method: 'POST', url: `${API}/form/${PART}`, token: admin, payload: {} });
    expect(post.statusCode).toBe(404);
    const columns = await t.call({ method: 'GET', url: `${API}/getColumns/${PART}`, token: wangfang });
    expect(columns.json()).toMatchObject({ success: true });
    // The form's child table reads the child's fields (the link to the parent left out).
    const def = (
      await t.call({ method: 'GET', url: `${API}/childDefinition/${PART}`, token: wangfang })
    ).json();
    expect(def.result).toMatchObject({
      code: PART,
      title: '配件明细',
      parentField: 'repairOrder',
      maxRows: 100,
    });
    expect(def.result.fields.map((f: { name: string }) => f.name)).toEqual([
      'name',
      'spec',
      'supplier',
      'quantity',
      'price',
      'amount',
    ]);
    const list = (await t.call({ method: 'GET', url: `${API}/children/${ORDER}`, token: wangfang })).json();
    expect(list.result.map((d: { code: string }) => d.code)).toEqual([PART, 'erp_repair_technician']);
    // An entity without children answers an empty list (a detail view asks every entity), not 404.
    const none = (await t.call({ method: 'GET', url: `${API}/children/erp_equipment`, token: wangfang })).json();
    expect(none).toMatchObject({ success: true, result: [] });
    const anonymous = await t.call({ method: 'GET', url: `${API}/childDefinition/${PART}` });
    expect(anonymous.statusCode).toBe(401);
  });

  /** Every sheet of a workbook: its name and its rows' values. */
  const sheetsOf = async (wb: ExcelJS.Workbook) =>
    wb.worksheets.map((ws) => {
      const rows: unknown[][] = [];
      ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return { name: ws.name, rows };
    });

  const exportOrders = async (ids: string[]) => {
    const res = await t.call({
      method: 'GET',
      url: `${API}/exportXls/${ORDER}`,
      token: admin,
      query: { selections: ids.join(',') },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return wb;
  };

  it('exports a parent with a sheet per level, the children carrying the parent key', async () => {
    const id = await addOk(wangfang, order({ [PART]: [part('电源板', 1, 120.5), part('保险丝', 3, 2.5)] }));
    const { orderNo } = await get(wangfang, id);
    const [main, parts] = await sheetsOf(await exportOrders([id]));
    expect(main.name).toBe('设备维修单');
    expect(main.rows[2]).toContain('维修单号');
    expect(main.rows[3]).toContain(orderNo);
    expect(parts.name).toBe('配件明细');
    expect(parts.rows[2].slice(0, 6)).toEqual(['维修单号', '配件名称', '规格', '供应商', '数量', '单价（元）']);
    // (the 供应商 column, empty here, is left out of the comparison)
    expect(parts.rows.slice(3).map((r) => [r[0], r[1], r[2], r[4], r[5]])).toEqual([
      [orderNo, '电源板', 'S1', 1, 120.5],
      [orderNo, '保险丝', 'S1', 3, 2.5],
    ]);
  });

  it('imports parents with their children linked by the key; a bad child refuses its parent only', async () => {
    const id = await addOk(wangfang, order({ [PART]: [part('甲件', 1, 1)] }));
    const wb = await exportOrders([id]);
    const [main, parts] = wb.worksheets;
    const header = (ws: ExcelJS.Worksheet) => (ws.getRow(3).values as unknown[]).slice(1);
    const col = (ws: ExcelJS.Worksheet, title: string) => header(ws).indexOf(title) + 1;
    const template = (main.getRow(4).values as unknown[]).slice(1);
    const parentRow = (key: string, fault: string) => {
      const values = [...template];
      values[col(main, '维修单号') - 1] = key;
      values[col(main, '故障描述') - 1] = fault;
      // The seeded equipment names repeat: the id names it exactly.
      values[col(main, '维修设备') - 1] = equipment;
      return values;
    };
    main.spliceRows(
      4,
      1,
      parentRow('IMP-1', '导入故障一'),
      parentRow('IMP-2', '导入故障二'),
      parentRow('IMP-3', '导入故障三'),
    );
    parts.spliceRows(
      4,
      1,
      // A supplier is matched by its name (erp_repair_part.supplier → erp_customer).
      ['IMP-1', '导入件甲', 'A', '华东医药供应链有限公司', 2, 3.5],
      ['IMP-1', '导入件乙', 'B', null, 1, 10],
      ['IMP-2', '导入件丙', 'C', null, 4, 0.25],
      ['IMP-3', '坏件', 'D', null, 0, 1],
      ['IMP-X', '孤儿件', 'E', null, 1, 1],
    );
    const content = Buffer.from(await wb.xlsx.writeBuffer());
    const before = await count(ORDER);
    const res = await t.call({
      method: 'POST',
      url: `${API}/importXls/${ORDER}`,
      token: admin,
      ...multipartForm([{ name: 'files[]', file: { name: '维修单.xlsx', content } }]),
    });
    const body = res.json();
    const report = (await t.call({ method: 'GET', url: body.result.fileUrl, token: admin })).body;
    expect(body, report).toMatchObject({ success: true, code: 201 });
    expect(body.result).toMatchObject({ successCount: 2, errorCount: 2 });
    expect(await count(ORDER)).toBe(before + 2);
    expect(report).toContain('第 6 行：配件明细第 7 行：数量：不能小于0.01');
    expect(report).toContain('配件明细第 8 行：找不到维修单号为“IMP-X”的设备维修单');

    const imported = async (fault: string) => {
      const row = (
        await sql<Row>`select id from ${sql.table(ORDER)} where ${sql.ref('fault')} = ${fault}`.execute(
          t.ctx.db.kysely,
        )
      ).rows[0];
      return row
        ? (await storedParts(row.id)).map((r) => [r.name, Number(r.quantity), Number(r.sortNo)])
        : null;
    };
    expect(await imported('导入故障一')).toEqual([
      ['导入件甲', 2, 1],
      ['导入件乙', 1, 2],
    ]);
    expect(await imported('导入故障二')).toEqual([['导入件丙', 4, 1]]);
    expect(await imported('导入故障三')).toBeNull();
  });
});
