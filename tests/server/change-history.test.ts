import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { multipartForm } from './multipart-form.js';
import { unlockCustomers } from './unlocked-customers.js';

const API = '/online/cgform/api';
const ORDER = 'erp_repair_order';
const PART = 'erp_repair_part';
const EQUIPMENT = 'erp_equipment';

interface Row {
  id: string;
  [k: string]: unknown;
}
interface Item {
  field: string;
  title: string;
  before: string | null;
  after: string | null;
}
interface Entry {
  id: string;
  action: string;
  createBy: string;
  ip: string;
  items: Item[];
}

describe.each(DIALECTS)('change history on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let wangfang: string;
  let zhangwei: string;
  let equipment: string;

  const ok = async (res: { json(): { success: boolean; result: unknown }; body: string }) => {
    expect(res.json(), res.body.slice(0, 300)).toMatchObject({ success: true });
    return res.json().result;
  };
  const addOrder = async (payload: Record<string, unknown>) =>
    (await ok(await t.call({ method: 'POST', url: `${API}/form/${ORDER}`, token: wangfang, payload }))) as string;
  const order = (over: Record<string, unknown> = {}) => ({ equipment, reportDate: '2026-03-02', fault: '监护仪黑屏', laborCost: 50, ...over });
  const history = (token: string, table: string, recordId: string, query: Record<string, string> = {}) =>
    t.call({ method: 'GET', url: '/sys/changeLog/list', token, query: { table, recordId, ...query } });
  const entries = async (token: string, table: string, recordId: string) =>
    ((await ok(await history(token, table, recordId))) as { records: Entry[] }).records;
  /** The raw stored `changes` of a record's entries, oldest first. */
  const stored = async (table: string, recordId: string) =>
    (
      await t.ctx.db.kysely
        .selectFrom('sysChangeLog')
        .select(['action', 'changes'])
        .where('tableName', '=', table)
        .where('recordId', '=', recordId)
        .orderBy('id')
        .execute()
    ).map((r) => ({ action: r.action, changes: JSON.parse(r.changes) as Record<string, unknown> }));
  const logCount = async () =>
    Number((await sql<{ n: number }>`select count(*) as n from sys_change_log`.execute(t.ctx.db.kysely)).rows[0].n);
  const item = (e: Entry, field: string) => e.items.find((i) => i.field === field);

  beforeAll(async () => {
    t = await createTestApp(url);
    [admin, wangfang, zhangwei] = await Promise.all(['admin', 'wangfang', 'zhangwei'].map((u) => t.login(u)));
    const res = await t.call({ method: 'GET', url: `${API}/getData/${EQUIPMENT}`, token: wangfang, query: { pageSize: '1' } });
    equipment = (res.json().result.records as Row[])[0].id;
  });
  afterAll(async () => t?.close());

  it('records an add with every set field, then an edit with exactly the changed fields and child rows', async () => {
    const id = await addOrder(order({ [PART]: [{ name: '电源板', quantity: 1, price: 120.5 }] }));
    const [added] = await stored(ORDER, id);
    expect(added.action).toBe('add');
    expect(added.changes.fault).toEqual([null, '监护仪黑屏']);
    expect(added.changes.status).toEqual([null, '1']);
    expect(added.changes).not.toHaveProperty('createTime');
    const addedParts = (added.changes[PART] as unknown[][])[1] as Row[];
    expect(addedParts.map((p) => [p.name, Number(p.quantity)])).toEqual([['电源板', 1]]);

    const form = (await ok(await t.call({ method: 'GET', url: `${API}/form/${ORDER}/${id}`, token: wangfang }))) as Row & { [PART]: Row[] };
    await ok(
      await t.call({
        method: 'PUT',
        url: `${API}/form/${ORDER}`,
        token: wangfang,
        payload: { id, fault: '监护仪无显示', [PART]: [{ ...form[PART][0], quantity: 2 }, { name: '保险丝', quantity: 3, price: 2.5 }] },
      }),
    );
    const [, edited] = await stored(ORDER, id);
    expect(edited.action).toBe('edit');
    // Only what changed: the fault, the roll-ups and the child table; the equipment and date did not.
    expect(Object.keys(edited.changes).sort()).toEqual(['erp_repair_part', 'fault', 'partsTotal', 'total'].sort());
    expect(edited.changes.fault).toEqual(['监护仪黑屏', '监护仪无显示']);
    expect((edited.changes.partsTotal as unknown[]).map(Number)).toEqual([120.5, 248.5]);

    const [latest, first] = await entries(wangfang, ORDER, id);
    expect(latest).toMatchObject({ action: 'edit', createBy: 'wangfang' });
    expect(latest.ip).toBeTruthy();
    expect(item(latest, 'fault')).toMatchObject({ title: '故障描述', before: '监护仪黑屏', after: '监护仪无显示' });
    expect(latest.items.find((i) => i.title === '配件明细第1行·数量')).toMatchObject({ before: '1', after: '2' });
    expect(latest.items.find((i) => i.title === '配件明细新增行·配件名称')).toMatchObject({ before: null, after: '保险丝' });
    // Dictionary and ref values are shown as text.
    expect(item(first, 'status')?.after).not.toBe('1');
    expect(item(first, 'equipment')?.after).not.toBe(equipment);

    // An edit that changes nothing adds no entry.
    await ok(await t.call({ method: 'PUT', url: `${API}/form/${ORDER}`, token: wangfang, payload: { id, fault: '监护仪无显示' } }));
    expect((await stored(ORDER, id)).length).toBe(2);
  });

  it('leaves no history for a change that rolls back', async () => {
    const id = await addOrder(order({ fault: '回滚前' }));
    const before = await logCount();
    // The bad child row fails after the parent row was written in the same transaction.
    const edit = await t.call({
      method: 'PUT',
      url: `${API}/form/${ORDER}`,
      token: wangfang,
      payload: { id, fault: '回滚后', [PART]: [{ name: '坏件', quantity: 0, price: 1 }] },
    });
    expect(edit.json().success).toBe(false);
    const add = await t.call({ method: 'POST', url: `${API}/form/${ORDER}`, token: wangfang, payload: order({ [PART]: [{ name: '坏件', quantity: 0, price: 1 }] }) });
    expect(add.json().success).toBe(false);
    expect(await logCount()).toBe(before);
    expect((await stored(ORDER, id)).map((e) => e.action)).toEqual(['add']);
  });

  it('records one import entry per imported record, children included', async () => {
    const id = await addOrder(order({ [PART]: [{ name: '模板件', quantity: 1, price: 1 }] }));
    const res = await t.call({ method: 'GET', url: `${API}/exportXls/${ORDER}`, token: admin, query: { selections: id } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [main, parts] = wb.worksheets;
    const col = (ws: ExcelJS.Worksheet, title: string) => (ws.getRow(3).values as unknown[]).slice(1).indexOf(title) + 1;
    const template = (main.getRow(4).values as unknown[]).slice(1);
    const parent = (key: string, fault: string) => {
      const v = [...template];
      v[col(main, '维修单号') - 1] = key;
      v[col(main, '故障描述') - 1] = fault;
      v[col(main, '维修设备') - 1] = equipment;
      return v;
    };
    main.spliceRows(4, 1, parent('H-1', '历史导入一'), parent('H-2', '历史导入二'));
    // Child rows by column title: the sheet's columns follow the definition, which grows.
    const partRow = (key: string, name: string, quantity: number, price: number) => {
      const v: unknown[] = [];
      v[col(parts, '维修单号') - 1] = key;
      v[col(parts, '配件名称') - 1] = name;
      v[col(parts, '数量') - 1] = quantity;
      v[col(parts, '单价（元）') - 1] = price;
      return v;
    };
    parts.spliceRows(4, 1, partRow('H-1', '导入件', 2, 3.5), partRow('H-2', '导入件二', 1, 1));
    const content = Buffer.from(await wb.xlsx.writeBuffer());
    const imported = await t.call({
      method: 'POST',
      url: `${API}/importXls/${ORDER}`,
      token: admin,
      ...multipartForm([{ name: 'files[]', file: { name: '维修单.xlsx', content } }]),
    });
    expect(imported.json(), imported.body).toMatchObject({ success: true, result: '文件导入成功！数据行数：2' });
    const idOf = async (fault: string) =>
      (await sql<Row>`select id from ${sql.table(ORDER)} where ${sql.ref('fault')} = ${fault}`.execute(t.ctx.db.kysely)).rows[0].id;
    const one = await stored(ORDER, await idOf('历史导入一'));
    expect(one.map((e) => e.action)).toEqual(['import']);
    expect(one[0].changes.fault).toEqual([null, '历史导入一']);
    expect(((one[0].changes[PART] as unknown[])[1] as Row[]).map((p) => p.name)).toEqual(['导入件']);
    expect((await stored(ORDER, await idOf('历史导入二'))).map((e) => e.action)).toEqual(['import']);
  });

  it('deletes with the whole row and children, lists it as deleted and restores it with the same ids', async () => {
    // The organisation manager adds repair orders; deleting and restoring them is the operator's (admin's).
    const id = await addOrder(order({ fault: '待删除', [PART]: [{ name: '甲', quantity: 1, price: 1 }, { name: '乙', quantity: 2, price: 2 }] }));
    const form = (await ok(await t.call({ method: 'GET', url: `${API}/form/${ORDER}/${id}`, token: wangfang }))) as Row & { [PART]: Row[] };
    await ok(await t.call({ method: 'DELETE', url: `${API}/form/${ORDER}/${id}`, token: admin }));
    const deleted = (await stored(ORDER, id)).at(-1);
    expect(deleted?.action).toBe('delete');
    expect(deleted?.changes).toMatchObject({ id, fault: '待删除', orderNo: form.orderNo });
    expect((deleted?.changes[PART] as Row[]).map((p) => p.name)).toEqual(['甲', '乙']);

    // The history of a deleted record stays readable; the recycle bin lists it.
    const [gone] = await entries(wangfang, ORDER, id);
    expect(gone.action).toBe('delete');
    expect(item(gone, 'fault')).toMatchObject({ before: '待删除', after: null });
    const bin = (await ok(await t.call({ method: 'GET', url: '/sys/changeLog/deleted', token: admin, query: { table: ORDER } }))) as {
      records: Array<{ id: string; recordId: string }>;
    };
    const entry = bin.records.find((r) => r.recordId === id);
    expect(entry).toBeTruthy();

    // A doctor without the entity's add permission may not restore it.
    const denied = await t.call({ method: 'POST', url: '/sys/changeLog/restore', token: zhangwei, payload: { id: entry?.id } });
    expect(denied.json()).toMatchObject({ success: false, code: 510 });
    await ok(await t.call({ method: 'POST', url: '/sys/changeLog/restore', token: admin, payload: { id: entry?.id } }));
    const back = (await ok(await t.call({ method: 'GET', url: `${API}/form/${ORDER}/${id}`, token: wangfang }))) as Row & { [PART]: Row[] };
    expect(back).toMatchObject({ id, fault: '待删除', orderNo: form.orderNo });
    expect(back[PART].map((p) => p.id)).toEqual(form[PART].map((p) => p.id));
    expect((await stored(ORDER, id)).at(-1)?.action).toBe('restore');
    const again = await t.call({ method: 'POST', url: '/sys/changeLog/restore', token: admin, payload: { id: entry?.id } });
    expect(again.json()).toMatchObject({ success: false });
    const binAfter = (await ok(await t.call({ method: 'GET', url: '/sys/changeLog/deleted', token: admin, query: { table: ORDER } }))) as {
      records: Array<{ recordId: string }>;
    };
    expect(binAfter.records.some((r) => r.recordId === id)).toBe(false);
  });

  it('refuses a restore when a unique value has been taken since', async () => {
    const seeded = (await ok(await t.call({ method: 'GET', url: `${API}/form/${EQUIPMENT}/${equipment}`, token: admin }))) as Row;
    const serialNo = 'SN-HIST-001';
    const id = (await ok(
      await t.call({ method: 'POST', url: `${API}/form/${EQUIPMENT}`, token: admin, payload: { name: '历史监护仪', serialNo, status: seeded.status } }),
    )) as string;
    await ok(await t.call({ method: 'DELETE', url: `${API}/form/${EQUIPMENT}/${id}`, token: admin }));
    await ok(await t.call({ method: 'POST', url: `${API}/form/${EQUIPMENT}`, token: admin, payload: { name: '新监护仪', serialNo, status: seeded.status } }));
    const [gone] = await entries(admin, EQUIPMENT, id);
    const res = await t.call({ method: 'POST', url: '/sys/changeLog/restore', token: admin, payload: { id: gone.id } });
    expect(res.json()).toMatchObject({ success: false });
    expect(res.json().message).toContain('无法还原');
    expect(res.json().message).toContain('序列号');
  });

  it('masks personal fields unless the caller may see them whole', async () => {
    const customers = await t.call({ method: 'GET', url: `${API}/getData/erp_customer`, token: wangfang, query: { pageSize: '1' } });
    const customer = (customers.json().result.records as Row[])[0];
    await unlockCustomers(t, [customer.id]);
    await ok(await t.call({ method: 'PUT', url: `${API}/form/erp_customer`, token: wangfang, payload: { id: customer.id, phone: '13911112222' } }));
    const [masked] = await entries(wangfang, 'erp_customer', customer.id);
    expect(item(masked, 'phone')?.after).not.toBe('13911112222');
    expect(item(masked, 'phone')?.after).toMatch(/\*/);
    const [whole] = await entries(admin, 'erp_customer', customer.id);
    expect(item(whole, 'phone')?.after).toBe('13911112222');
  });

  it('shows history only inside the caller scope and with the read permission', async () => {
    const rows = (await t.call({ method: 'GET', url: `${API}/getData/${EQUIPMENT}`, token: admin, query: { pageSize: '200' } })).json().result
      .records as Row[];
    const own = rows.find((r) => String(r.sysOrgCode).startsWith('A01A01A01')) as Row;
    const other = rows.find((r) => !String(r.sysOrgCode).startsWith('A01A01A01')) as Row;
    for (const r of [own, other])
      await ok(await t.call({ method: 'PUT', url: `${API}/form/${EQUIPMENT}`, token: admin, payload: { id: r.id, model: `型号-${r.id.slice(0, 4)}` } }));
    expect((await entries(zhangwei, EQUIPMENT, own.id))[0].action).toBe('edit');
    const outside = await history(zhangwei, EQUIPMENT, other.id);
    expect(outside.json()).toMatchObject({ success: false });
    expect(outside.body).not.toContain('型号-');
    // The doctor lacks the customers' read permission.
    const noRead = await history(zhangwei, 'erp_customer', other.id);
    expect(noRead.json()).toMatchObject({ success: false, code: 510 });
    const unknown = await history(admin, 'no_such_table', other.id);
    expect(unknown.statusCode).toBe(400);
  });

  it('has no route that writes history', async () => {
    const [anyEntry] = await t.ctx.db.kysely.selectFrom('sysChangeLog').select('id').limit(1).execute();
    for (const method of ['PUT', 'DELETE', 'POST', 'PATCH'] as const)
      for (const path of ['/sys/changeLog/list', `/sys/changeLog/${anyEntry.id}`, '/sys/changeLog/edit', '/sys/changeLog/delete']) {
        const res = await t.call({ method, url: path, token: admin, payload: { id: anyEntry.id } });
        expect([404, 405], `${method} ${path}`).toContain(res.statusCode);
      }
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const)
      expect([404, 405]).toContain((await t.call({ method, url: '/sys/changeLog/restore', token: admin, payload: { id: anyEntry.id } })).statusCode);
  });

  it('records a system table change: a user realname edit', async () => {
    const user = await t.ctx.db.kysely.selectFrom('sysUser').select(['id', 'realname']).where('username', '=', 'lina').executeTakeFirstOrThrow();
    await ok(await t.call({ method: 'PUT', url: '/sys/user/edit', token: admin, payload: { id: user.id, realname: '李娜娜' } }));
    const [edited] = await entries(admin, 'sys_user', user.id);
    expect(edited).toMatchObject({ action: 'edit', createBy: 'admin' });
    expect(edited.items).toEqual([{ field: 'realname', title: '用户姓名', before: user.realname, after: '李娜娜' }]);
    // No secret ever enters history.
    const raw = await stored('sys_user', user.id);
    expect(JSON.stringify(raw)).not.toMatch(/password/i);
  });
});
