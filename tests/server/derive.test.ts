import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../src/shared/time.js';
import { schemasWithDerive } from './derive-fixture.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

const API = '/online/cgform/api';

type Row = Record<string, unknown> & { id: string };
interface Reply {
  success: boolean;
  code: number;
  message: string;
  result: unknown;
}

// Push-down (entity `derive`): dv_quote → dv_order with its lines, the fixture module's 转订单.
describe.each(DIALECTS)('push-down actions on $name', ({ url }) => {
  let t: TestApp;
  let wangfang: string; // org manager: reads quotes, approves, adds orders
  let lina: string; // nurse: reads quotes, may not add orders
  let zhangwei: string; // doctor: may add orders, may not read quotes
  let client: string;

  const body = (res: { json: () => unknown }) => res.json() as Reply;
  const ok = async (res: { json: () => unknown; body: string }) => {
    expect(body(res), res.body).toMatchObject({ success: true });
    return body(res).result;
  };
  const derive = (token: string, id: string, key = 'toOrder') =>
    t.call({ method: 'GET', url: `${API}/derive/dv_quote/${key}/${id}`, token });
  const addQuote = async (
    token: string,
    lines: Array<Record<string, unknown>>,
    over: Record<string, unknown> = {},
  ) =>
    (await ok(
      await t.call({
        method: 'POST',
        url: `${API}/form/dv_quote`,
        token,
        payload: { title: '年度耗材报价', client, discount: 0.875, dv_quote_line: lines, ...over },
      }),
    )) as string;
  const approve = async (id: string) =>
    ok(
      await t.call({
        method: 'POST',
        url: `${API}/transition/dv_quote/approve`,
        token: wangfang,
        payload: { id },
      }),
    );
  const quotes = async (token: string) =>
    (
      (await ok(
        await t.call({ method: 'GET', url: `${API}/getData/dv_quote`, token, query: { pageSize: '100' } }),
      )) as {
        records: Row[];
      }
    ).records;

  beforeAll(async () => {
    t = await createTestApp(url, {}, { schemasDir: schemasWithDerive() });
    [wangfang, lina, zhangwei] = await Promise.all(['wangfang', 'lina', 'zhangwei'].map((u) => t.login(u)));
    client = (await ok(
      await t.call({
        method: 'POST',
        url: `${API}/form/dv_client`,
        token: wangfang,
        payload: { name: '仁和医院' },
      }),
    )) as string;
  });
  afterAll(async () => t?.close());

  it('answers the prefilled order: copies, $id, $today, $user, rounded formulas, ref texts and filtered lines', async () => {
    const id = await addQuote(wangfang, [
      { product: '输液器', qty: 10, doneQty: 4, price: 2.5 },
      { product: '注射器', qty: 5, doneQty: 5, price: 1.2 },
      { product: '留置针', qty: 3, price: 12.34 },
    ]);
    await approve(id);
    const record = (await ok(await derive(wangfang, id))) as Record<string, unknown>;
    // amount = 25 + 6 + 37.02 = 68.02; × 0.875 = 59.5175 → 59.52 at the order's scale.
    const lines = record.dv_order_line as Row[];
    expect({ ...record, dv_order_line: undefined }).toEqual({
      quote: id,
      quote_dictText: '年度耗材报价',
      client,
      client_dictText: '仁和医院',
      title: '年度耗材报价',
      phone: null,
      orderDate: formatDate(),
      owner: 'wangfang',
      total: 59.52,
      priority: 3,
      dv_order_line: undefined,
    });
    // The fully converted line is left out; the others keep their order with the open quantity.
    expect(lines.map((l) => [l.product, l.qty, Number(l.price), l.note])).toEqual([
      ['输液器', 6, 2.5, '输液器'],
      ['留置针', 3, 12.34, '留置针'],
    ]);
    // Nothing the add computes (number, formulas) and no ids: the rows are new.
    expect(record).not.toHaveProperty('orderNo');
    expect(record).not.toHaveProperty('linesTotal');
    expect(lines.every((l) => l.id === undefined && l.amount === undefined)).toBe(true);

    // Saved by the ordinary add, the order gets its number and computed totals.
    const orderId = (await ok(
      await t.call({ method: 'POST', url: `${API}/form/dv_order`, token: wangfang, payload: record }),
    )) as string;
    const saved = (await ok(
      await t.call({ method: 'GET', url: `${API}/form/dv_order/${orderId}`, token: wangfang }),
    )) as Row;
    expect(saved).toMatchObject({ quote: id, owner: 'wangfang', priority: 3 });
    expect(String(saved.orderNo)).toMatch(/^DV\d{8}\d{3}$/);
    expect(Number(saved.total)).toBe(59.52);
    expect(Number(saved.linesTotal)).toBe(52.02);
    expect((saved.dv_order_line as Row[]).map((l) => l.product)).toEqual(['输液器', '留置针']);
  });

  it('does not copy a personal value the caller sees only masked', async () => {
    const admin = await t.login('admin');
    const id = await addQuote(wangfang, [{ product: '体温计', qty: 1, price: 9 }], { phone: '13812345678' });
    await approve(id);
    expect(await ok(await derive(admin, id))).toMatchObject({ phone: '13812345678' });
    const masked = (await ok(await derive(wangfang, id))) as Record<string, unknown>;
    expect(masked.title).toBe('年度耗材报价');
    expect(masked).not.toHaveProperty('phone');
  });

  it('derives the row action on the source page: the target’s add permission, shown by the row’s _derive', async () => {
    const page = (await ok(
      await t.call({
        method: 'GET',
        url: '/sys/schema/page',
        token: wangfang,
        query: { component: 'OnlineList', code: 'dv_quote' },
      }),
    )) as { rowActions: { custom: Array<Record<string, unknown>> } };
    expect(page.rowActions.custom.find((a) => a.key === 'derive-toOrder')).toEqual({
      key: 'derive-toOrder',
      title: '转订单',
      kind: 'part',
      permission: 'dv_order:add',
      visibleWhen: { field: '_derive', op: 'contains', value: 'toOrder' },
      part: {
        part: 'DeriveForm',
        title: '转订单',
        props: { entity: 'dv_quote', key: 'toOrder', target: 'dv_order' },
      },
    });
  });

  it('offers the action only in its states, and says why otherwise', async () => {
    const id = await addQuote(lina, [{ product: '纱布', qty: 1, price: 3 }]);
    const draft = body(await derive(wangfang, id));
    expect(draft).toMatchObject({ success: false, message: '该记录当前状态为“草稿”，不能转订单' });
    expect((await quotes(wangfang)).find((r) => r.id === id)?._derive).toEqual([]);
    await approve(id);
    expect((await quotes(wangfang)).find((r) => r.id === id)?._derive).toEqual(['toOrder']);
    expect(body(await derive(wangfang, id)).success).toBe(true);
  });

  it('needs the target’s add permission and the source’s read permission', async () => {
    const id = await addQuote(lina, [{ product: '棉签', qty: 2, price: 1 }]);
    await approve(id);
    // The nurse reads quotes but may not add orders: no action on her rows, 403 on the endpoint.
    expect((await quotes(lina)).find((r) => r.id === id)?._derive).toEqual([]);
    const nurse = await derive(lina, id);
    expect(nurse.statusCode).toBe(403);
    expect(body(nurse).code).toBe(510);
    // The doctor may add orders but not read quotes.
    const doctor = await derive(zhangwei, id);
    expect(doctor.statusCode).toBe(403);
    expect(body(doctor).code).toBe(510);
  });

  it('refuses a source row outside the caller’s scope, an unknown row and an unknown action', async () => {
    const id = await addQuote(wangfang, [{ product: '口罩', qty: 1, price: 1 }]);
    await approve(id);
    await sql`update ${sql.table('dv_quote')} set ${sql.ref('tenantId')} = ${987654} where id = ${id}`.execute(
      t.ctx.db.kysely,
    );
    expect(body(await derive(wangfang, id))).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(body(await derive(wangfang, 'no-such-row'))).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    expect((await derive(wangfang, id, 'toNothing')).statusCode).toBe(404);
    expect((await derive(wangfang, 'bad id!')).statusCode).toBe(400);
  });
});
