import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { multipartForm } from './multipart-form.js';

const API = '/online/cgform/api';
const ORDER = 'erp_repair_order';
const CUSTOMER = 'erp_customer';

interface Row {
  id: string;
  [k: string]: unknown;
}

// Issue 16 §1 and §4: declared states and transitions, enforced by the server.
describe.each(DIALECTS)('workflow transitions on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let wangfang: string;
  let lina: string;
  let zhangwei: string;
  let equipment: string;

  const order = (over: Record<string, unknown> = {}) => ({
    equipment,
    reportDate: '2026-03-02',
    fault: '监护仪黑屏',
    laborCost: 50,
    ...over,
  });
  const body = (res: { json: () => unknown }) => res.json() as { success: boolean; code: number; message: string; result: unknown };
  const ok = async (res: { json: () => unknown; body: string }) => {
    expect(body(res), res.body).toMatchObject({ success: true });
    return body(res).result;
  };
  const addOrder = async (token = lina, over: Record<string, unknown> = {}) =>
    (await ok(await t.call({ method: 'POST', url: `${API}/form/${ORDER}`, token, payload: order(over) }))) as string;
  const fire = (token: string, key: string, id: string, comment?: string, entity = ORDER) =>
    t.call({ method: 'POST', url: `${API}/transition/${entity}/${key}`, token, payload: { id, ...(comment ? { comment } : {}) } });
  const stored = async (id: string, table = ORDER) =>
    (await sql<Row>`select * from ${sql.table(table)} where id = ${id}`.execute(t.ctx.db.kysely)).rows[0];
  const form = async (token: string, id: string) =>
    (await ok(await t.call({ method: 'GET', url: `${API}/form/${ORDER}/${id}`, token }))) as Row;
  const list = async (token: string, query: Record<string, string> = {}) =>
    ((await ok(await t.call({ method: 'GET', url: `${API}/getData/${ORDER}`, token, query: { pageSize: '500', ...query } }))) as {
      records: Row[];
    }).records;
  const userId = async (username: string) =>
    (await t.ctx.db.kysely.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const messagesOf = async (username: string) =>
    t.ctx.db.kysely.selectFrom('sysMessage').selectAll().where('userId', '=', await userId(username)).execute();

  beforeAll(async () => {
    t = await createTestApp(url);
    [admin, wangfang, lina, zhangwei] = await Promise.all(['admin', 'wangfang', 'lina', 'zhangwei'].map((u) => t.login(u)));
    // Equipment the nurse can see (her department's), so her orders may name it.
    const res = await t.call({ method: 'GET', url: `${API}/getData/erp_equipment`, token: lina, query: { pageSize: '1' } });
    equipment = (res.json().result.records as Row[])[0].id;
  });
  afterAll(async () => t?.close());

  it('starts a new record in the initial state whatever the add sends; an edit may not change the state', async () => {
    // The nurse adds (her records are in her department; the organisation manager sees them too).
    const id = await addOrder(lina, { status: '3' });
    expect((await stored(id)).status).toBe('1');
    const refused = await t.call({ method: 'PUT', url: `${API}/form/${ORDER}`, token: wangfang, payload: { id, status: '3', fault: '改了故障' } });
    expect(refused.statusCode).toBe(400);
    expect(body(refused).message).toBe('状态只能通过流转操作变更');
    expect(await stored(id)).toMatchObject({ status: '1', fault: '监护仪黑屏' });
    // A form sends the loaded state back unchanged: that is fine.
    await ok(await t.call({ method: 'PUT', url: `${API}/form/${ORDER}`, token: wangfang, payload: { id, status: '1', fault: '改了故障' } }));
    expect(await stored(id)).toMatchObject({ status: '1', fault: '改了故障' });
  });

  it('answers the transitions each caller may fire now, and the state colour', async () => {
    const id = await addOrder();
    const byOrg = (await list(wangfang)).find((r) => r.id === id);
    expect(byOrg).toMatchObject({ _transitions: ['start', 'cancel'], status_color: 'orange', status_dictText: '待维修' });
    expect((await list(lina)).find((r) => r.id === id)?._transitions).toEqual(['start']);
    expect((await form(lina, id))._transitions).toEqual(['start']);
  });

  it('moves a record through its states: permission, from-state, requires, comment, sets', async () => {
    const id = await addOrder();
    // A doctor may read repair orders but not move them; a nurse may not cancel.
    expect((await fire(zhangwei, 'start', id)).statusCode).toBe(403);
    expect((await fire(lina, 'cancel', id, '不修了')).statusCode).toBe(403);
    // Not from 待维修.
    const early = body(await fire(lina, 'finish', id));
    expect(early).toMatchObject({ success: false, message: '该记录当前状态为“待维修”，不能完成维修' });

    expect(body(await fire(lina, 'start', id))).toMatchObject({ success: true, message: '开始维修成功' });
    expect((await stored(id)).status).toBe('2');
    expect(body(await fire(lina, 'start', id)).message).toBe('该记录当前状态为“维修中”，不能开始维修');
    expect((await form(lina, id))._transitions).toEqual(['finish']);

    // 完成维修 requires the labour cost.
    await ok(await t.call({ method: 'PUT', url: `${API}/form/${ORDER}`, token: lina, payload: { id, laborCost: null } }));
    expect(body(await fire(lina, 'finish', id))).toMatchObject({ success: false, message: '请先填写：人工费（元）' });
    await ok(await t.call({ method: 'PUT', url: `${API}/form/${ORDER}`, token: lina, payload: { id, laborCost: 80 } }));

    const done = body(await fire(lina, 'finish', id, '更换电源板'));
    expect(done).toMatchObject({ success: true, message: '完成维修成功' });
    const row = await stored(id);
    expect(row).toMatchObject({ status: '3', finishedBy: 'lina', updateBy: 'lina' });
    expect(String(row.finishedTime)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await form(wangfang, id))._transitions).toEqual([]);

    // The history has the transition with its comment (change history, issue 16 §2).
    const history = await t.ctx.db.kysely
      .selectFrom('sysChangeLog')
      .selectAll()
      .where('recordId', '=', id)
      .where('action', '=', 'transition')
      .execute();
    expect(history.map((h) => [h.createBy, h.comment])).toEqual([
      ['lina', null],
      ['lina', '更换电源板'],
    ]);
  });

  it('asks for the comment a transition requires', async () => {
    const id = await addOrder();
    const res = await fire(wangfang, 'cancel', id);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('请填写取消意见');
    expect(body(await fire(wangfang, 'cancel', id, '   ')).message).toBe('请填写取消意见');
    expect(body(await fire(wangfang, 'cancel', id, '重复报修'))).toMatchObject({ success: true });
    expect((await stored(id)).status).toBe('4');
  });

  it('refuses a record outside the caller’s scope', async () => {
    const id = await addOrder();
    // Moved to another tenant and department: it no longer exists for the organisation manager.
    await sql`update ${sql.table(ORDER)} set ${sql.ref('tenantId')} = ${987654}, ${sql.ref('sysOrgCode')} = ${'ZZ9'} where id = ${id}`.execute(
      t.ctx.db.kysely,
    );
    expect(body(await fire(wangfang, 'start', id))).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await stored(id)).status).toBe('1');
  });

  it('locks a finished record against edit and delete', async () => {
    const id = await addOrder();
    await ok(await fire(lina, 'start', id));
    await ok(await fire(lina, 'finish', id));
    const edit = body(await t.call({ method: 'PUT', url: `${API}/form/${ORDER}`, token: wangfang, payload: { id, fault: '改' } }));
    expect(edit).toMatchObject({ success: false, message: '该记录处于“已完成”状态，已锁定，不能修改' });
    const del = body(await t.call({ method: 'DELETE', url: `${API}/form/${ORDER}/${id}`, token: admin }));
    expect(del).toMatchObject({ success: false, message: '该记录处于“已完成”状态，已锁定，不能修改' });
    expect(await stored(id)).toMatchObject({ fault: '监护仪黑屏', status: '3' });
  });

  it('lets exactly one of two concurrent transitions on one record succeed', async () => {
    const id = await addOrder();
    const answers = (await Promise.all([fire(lina, 'start', id), fire(wangfang, 'start', id)])).map(body);
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    const loser = answers.find((a) => !a.success);
    expect((await stored(id)).status).toBe('2');
    // Either it lost the compare-and-set or it read the record after the winner had moved it.
    expect([
      '该记录已被他人处理，当前状态为“维修中”，请刷新后重试',
      '该记录当前状态为“维修中”，不能开始维修',
    ]).toContain(loser?.message);
    // Two cancellations at once: one cancels, the other finds it cancelled.
    const again = await addOrder();
    const twice = (await Promise.all([fire(wangfang, 'cancel', again, '甲'), fire(admin, 'cancel', again, '乙')])).map(body);
    expect(twice.filter((a) => a.success)).toHaveLength(1);
    expect((await stored(again)).status).toBe('4');
  });

  it('refuses a transition from a state the record has left', async () => {
    const id = await addOrder();
    // The compare-and-set itself: a transition whose read saw 待维修 while the row is already 已取消.
    const orderModel = t.ctx.defs.entities.find((e) => e.code === ORDER)!;
    expect(orderModel.workflow?.field).toBe('status');
    await sql`update ${sql.table(ORDER)} set status = ${'4'} where id = ${id}`.execute(t.ctx.db.kysely);
    const res = body(await fire(lina, 'start', id));
    expect(res).toMatchObject({ success: false, message: '该记录当前状态为“已取消”，不能开始维修' });
  });

  it('notifies the creator and the declared roles with a link that opens the record', async () => {
    const before = (await messagesOf('lina')).length;
    const id = await addOrder(lina);
    await ok(await fire(wangfang, 'start', id));
    await ok(await fire(wangfang, 'finish', id, '已修好'));
    // The creator (lina) hears of it once; the organisation manager role too, but not the one who did it.
    const mine = await messagesOf('lina');
    expect(mine.length).toBe(before + 1);
    const msg = mine.find((m) => m.title.includes('完成维修'));
    expect(msg).toMatchObject({ classify: 'workflow', content: 'wangfang：已修好' });
    expect(msg?.title).toContain('当前状态：已完成');
    expect(JSON.parse(String(msg?.redirect))).toEqual({ type: 'web', webUrl: `/online/cgformList/${ORDER}?id=${id}` });
    expect((await messagesOf('wangfang')).filter((m) => String(m.redirect).includes(id))).toEqual([]);
    // The link's list answers exactly that record.
    expect((await list(lina, { id })).map((r) => r.id)).toEqual([id]);
  });

  it('limits the list to rows the caller can move with _actionable=1', async () => {
    const open = await addOrder();
    const cancelled = await addOrder();
    await ok(await fire(wangfang, 'cancel', cancelled, '作废'));
    const mine = await list(lina, { _actionable: '1' });
    expect(mine.map((r) => r.id)).toContain(open);
    expect(mine.map((r) => r.id)).not.toContain(cancelled);
    expect(mine.every((r) => ['1', '2'].includes(String(r.status)) && (r._transitions as string[]).length > 0)).toBe(true);
    // The doctor holds no transition: nothing is his to handle.
    expect(await list(zhangwei, { _actionable: '1' })).toEqual([]);
  });

  it('ignores the state column of an import', async () => {
    const id = await addOrder();
    const res = await t.call({ method: 'GET', url: `${API}/exportXls/${ORDER}`, token: admin, query: { selections: id } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [main, parts] = wb.worksheets;
    const col = (title: string) => (main.getRow(3).values as unknown[]).slice(1).indexOf(title) + 1;
    const row = [...(main.getRow(4).values as unknown[]).slice(1)];
    row[col('维修单号') - 1] = 'WF-1';
    row[col('故障描述') - 1] = '导入的已完成单';
    row[col('维修设备') - 1] = equipment;
    row[col('维修状态') - 1] = '已完成';
    main.spliceRows(4, main.rowCount, row);
    if (parts) parts.spliceRows(4, parts.rowCount);
    const content = Buffer.from(await wb.xlsx.writeBuffer());
    const imported = await t.call({
      method: 'POST',
      url: `${API}/importXls/${ORDER}`,
      token: admin,
      ...multipartForm([{ name: 'files[]', file: { name: '维修单.xlsx', content } }]),
    });
    expect(imported.json(), imported.body).toMatchObject({ success: true });
    const rows = (await sql<Row>`select * from ${sql.table(ORDER)} where fault = ${'导入的已完成单'}`.execute(t.ctx.db.kysely)).rows;
    expect(rows.map((r) => r.status)).toEqual(['1']);
  });

  it('runs the customer approval: new customers wait for review, seeded ones are enabled', async () => {
    const seeded = (await ok(await t.call({ method: 'GET', url: `${API}/getData/${CUSTOMER}`, token: wangfang, query: { pageSize: '100' } }))) as {
      records: Row[];
    };
    expect(seeded.records.length).toBeGreaterThan(0);
    expect(seeded.records.every((r) => r.auditStatus === '2' && r.auditStatus_dictText === '已启用')).toBe(true);
    const id = (await ok(
      await t.call({
        method: 'POST',
        url: `${API}/form/${CUSTOMER}`,
        token: wangfang,
        payload: { name: '新华诊所', customerNo: 'KH900001', auditStatus: '2' },
      }),
    )) as string;
    expect((await stored(id, CUSTOMER)).auditStatus).toBe('1');
    expect(body(await fire(wangfang, 'reject', id, undefined, CUSTOMER)).message).toBe('请填写驳回意见');
    await ok(await fire(wangfang, 'reject', id, '资质不全', CUSTOMER));
    expect((await stored(id, CUSTOMER)).auditStatus).toBe('3');
    await ok(await fire(wangfang, 'resubmit', id, undefined, CUSTOMER));
    await ok(await fire(admin, 'approve', id, undefined, CUSTOMER));
    expect((await stored(id, CUSTOMER)).auditStatus).toBe('2');
    // The creator hears of it.
    expect((await messagesOf('wangfang')).some((m) => m.title.includes('新华诊所') && m.title.includes('审核通过'))).toBe(true);
  });
});
