import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { trackSchemas } from './track-fixtures.js';

const API = '/online/cgform/api';
type Row = Record<string, unknown>;
interface TrackEvent {
  entity: string;
  label: string;
  action: string;
  user: string | null;
  from?: string;
  to?: string;
  comment: string | null;
  fields?: string[];
}

// Issue 18 (track): the tracking timeline of 跟踪订单 with its 发货单 (→ 订单), 物流记录 (→ 发货单) and
// 内部备注 (→ 订单, readable by the org manager only), and the header search by order number.
describe.each(DIALECTS)('record tracking on $name', ({ url }) => {
  let t: TestApp;
  let wangfang: string; // org manager of A01A01: its whole subtree, holds trk_note:list
  let liuyang: string; // platform operator: the whole tenant, but not trk_note:list
  let lina: string; // nurse of A01A01A04: her department's rows only
  let orderId: string;
  let orderNo: string;

  const body = (res: { json(): unknown }) => res.json() as { success: boolean; message: string; result: unknown };
  const add = async (token: string, code: string, payload: Row) => {
    const res = body(await t.call({ method: 'POST', url: `${API}/form/${code}`, token, payload }));
    expect(res).toMatchObject({ success: true });
    return res.result as string;
  };
  const track = async (token: string, id: string) =>
    body(await t.call({ method: 'GET', url: `${API}/track/trk_order/${id}`, token }));
  const events = async (token: string, id: string) => ((await track(token, id)).result as { events: TrackEvent[] }).events;
  const search = async (token: string | undefined, keyword: string) =>
    t.call({ method: 'GET', url: '/sys/track/search', token, query: { keyword } });

  beforeAll(async () => {
    t = await createTestApp(url, {}, { schemasDir: trackSchemas() });
    [wangfang, liuyang, lina] = await Promise.all(['wangfang', 'liuyang', 'lina'].map((u) => t.login(u)));
    orderId = await add(wangfang, 'trk_order', { customer: '华山医院', contactPhone: '13812345678', amount: 100 });
    const put = await t.call({ method: 'PUT', url: `${API}/form/trk_order`, token: wangfang, payload: { id: orderId, customer: '华山医院东院' } });
    expect(body(put)).toMatchObject({ success: true });
    const shipId = await add(wangfang, 'trk_ship', { shipNo: 'FH0001', salesOrder: orderId, qty: 2 });
    await add(wangfang, 'trk_ship_log', { content: '已出库', ship: shipId });
    await add(wangfang, 'trk_note', { note: '客户要求加急', salesOrder: orderId });
    const fired = await t.call({ method: 'POST', url: `${API}/transition/trk_order/confirm`, token: wangfang, payload: { id: orderId, comment: '客户已付款' } });
    expect(body(fired)).toMatchObject({ success: true });
  });
  afterAll(async () => t?.close());

  it('shows the record’s summary and one timeline of it and its linked records, oldest first', async () => {
    const res = await track(wangfang, orderId);
    expect(res.success).toBe(true);
    const { record, events: list, truncated } = res.result as { record: Row & { fields: Row[] }; events: TrackEvent[]; truncated: boolean };
    orderNo = String(record.label);
    expect(orderNo).toMatch(/^TK\d{4}\d{5}$/);
    expect(record).toMatchObject({ id: orderId, entity: 'trk_order', entityName: '跟踪订单', labelTitle: '订单号' });
    // Dictionary text, and the phone masked as the list shows it to someone without sensitive:phone.
    expect(record.fields).toEqual([
      { field: 'orderNo', title: '订单号', text: orderNo },
      { field: 'customer', title: '客户', text: '华山医院东院' },
      { field: 'contactPhone', title: '联系电话', text: '138****5678' },
      { field: 'status', title: '状态', text: '已确认' },
      { field: 'amount', title: '金额', text: expect.stringMatching(/^100(\.00?)?$/), decimals: 2 },
    ]);
    expect(truncated).toBe(false);
    expect(list.map((e) => [e.entity, e.action, e.label])).toEqual([
      ['trk_order', 'add', orderNo],
      ['trk_order', 'edit', orderNo],
      ['trk_ship', 'add', 'FH0001'],
      ['trk_ship_log', 'add', '已出库'],
      ['trk_note', 'add', '客户要求加急'],
      ['trk_order', 'transition', orderNo],
    ]);
    expect(list[1]).toMatchObject({ user: '王芳', fields: ['客户'] });
    expect(list[5]).toMatchObject({ from: '草稿', to: '已确认', comment: '客户已付款', user: '王芳' });
    expect(list[5].fields).toBeUndefined();
  });

  it('derives a 跟踪 row action on the tracked entity’s list page only', async () => {
    const page = async (code: string) =>
      body(await t.call({ method: 'GET', url: '/sys/schema/page', token: wangfang, query: { component: 'OnlineList', code } }))
        .result as { rowActions?: { custom?: Array<Record<string, unknown>> } };
    const custom = (await page('trk_order')).rowActions?.custom ?? [];
    expect(custom.find((a) => a.key === 'track')).toEqual({
      key: 'track',
      title: '跟踪',
      kind: 'part',
      part: { part: 'TrackLink', props: { entity: 'trk_order' } },
    });
    expect((await page('trk_ship')).rowActions?.custom ?? []).toEqual([]);
  });

  it('leaves out linked entities the caller may not read', async () => {
    const list = await events(liuyang, orderId);
    expect(list.map((e) => e.entity)).toEqual(['trk_order', 'trk_order', 'trk_ship', 'trk_ship_log', 'trk_order']);
  });

  it('answers only for records in scope, and leaves out linked rows outside it', async () => {
    expect(await track(lina, orderId)).toMatchObject({ success: false, message: '未找到对应数据' });
    const mine = await add(lina, 'trk_order', { customer: '护理部采购' });
    // The manager ships it from her own department, outside the nurse's.
    await add(wangfang, 'trk_ship', { shipNo: 'FH0002', salesOrder: mine, qty: 1 });
    expect((await events(lina, mine)).map((e) => e.entity)).toEqual(['trk_order']);
    expect((await events(wangfang, mine)).map((e) => [e.entity, e.label])).toEqual([
      ['trk_order', expect.any(String)],
      ['trk_ship', 'FH0002'],
    ]);
    // Without the entity's read permission the route refuses (510), as the list does.
    const doctor = await t.login('zhangwei');
    expect(body(await t.call({ method: 'GET', url: `${API}/track/trk_order/${mine}`, token: doctor }))).toMatchObject({
      success: false,
      code: 510,
    });
    expect((await t.call({ method: 'GET', url: `${API}/track/trk_order/x'or'1`, token: wangfang })).statusCode).toBe(400);
  });

  it('finds documents by number (exact or prefix of at least four characters) within scope', async () => {
    const hit = { code: 'trk_order', id: orderId, label: orderNo, entityName: '跟踪订单' };
    expect(body(await search(wangfang, orderNo)).result).toEqual([hit]);
    const byPrefix = body(await search(wangfang, orderNo.slice(0, 6))).result as Row[];
    expect(byPrefix).toContainEqual(hit);
    expect(byPrefix.length).toBeGreaterThanOrEqual(2);
    expect(byPrefix.every((h) => String(h.label).startsWith(orderNo.slice(0, 6)))).toBe(true);
    // The nurse sees only her own order; short keywords and LIKE wildcards find nothing.
    const hers = body(await search(lina, orderNo.slice(0, 6))).result as Row[];
    expect(hers.map((h) => h.id)).not.toContain(orderId);
    expect(hers).toHaveLength(1);
    expect(body(await search(wangfang, orderNo.slice(0, 3))).result).toEqual([]);
    expect(body(await search(wangfang, 'TK%_')).result).toEqual([]);
    // Nobody signed in: 401; a doctor without trk_order:list: nothing.
    expect((await search(undefined, orderNo)).statusCode).toBe(401);
    expect(body(await search(await t.login('zhangwei'), orderNo)).result).toEqual([]);
  });

  it('links a tracked entity’s workflow notices to the tracking screen', async () => {
    const theirs = await add(lina, 'trk_order', { customer: '通知测试' });
    const fired = await t.call({ method: 'POST', url: `${API}/transition/trk_order/confirm`, token: wangfang, payload: { id: theirs } });
    expect(body(fired)).toMatchObject({ success: true });
    const user = await t.ctx.db.kysely.selectFrom('sysUser').select('id').where('username', '=', 'lina').executeTakeFirstOrThrow();
    const msgs = await t.ctx.db.kysely.selectFrom('sysMessage').selectAll().where('userId', '=', user.id).execute();
    const msg = msgs.find((m) => String(m.redirect).includes(theirs));
    expect(JSON.parse(String(msg?.redirect))).toEqual({ type: 'web', webUrl: `/online/track/trk_order/${theirs}` });
  });
});
