import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { multipartForm } from './multipart-form.js';

const API = '/online/cgform/api';

interface Row {
  id: string;
  [k: string]: unknown;
}

/**
 * The shipped platform definitions without the business modules (another module must not decide this
 * test), plus the fixture module tests/fixtures/schemas/derived: orders (dv_order) with lines, invoices
 * referring to an order (effective amount 0 once voided, received = sum of their payments), payments
 * referring to an invoice; the order rolls up its invoices (invoiced, received), checks received <= amount
 * and moves 待收款 → 部分收款 → 已收清 by itself.
 */
function schemasWithFixture(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-derived-'));
  const skip = ['modules/erp', 'dashboards/home.json', 'menus/reports.json'].map((p) =>
    path.join('schemas', p),
  );
  fs.cpSync('schemas', dir, { recursive: true, filter: (src) => !skip.some((s) => src.startsWith(s)) });
  fs.cpSync('tests/fixtures/schemas/derived', dir, { recursive: true });
  return dir;
}

describe.each(DIALECTS)('derived updates (roll-ups, checks, automatic transitions) on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;

  const call = (
    method: 'POST' | 'PUT' | 'DELETE',
    entity: string,
    payload?: Record<string, unknown>,
    id?: string,
  ) => t.call({ method, url: `${API}/form/${entity}${id ? `/${id}` : ''}`, token: admin, payload });
  const write = async (method: 'POST' | 'PUT', entity: string, payload: Record<string, unknown>) => {
    const res = await call(method, entity, payload);
    expect(res.json(), res.body).toMatchObject({ success: true });
    return res.json().result as string;
  };
  const refused = async (res: { statusCode: number; json: () => { message: string } }) => {
    expect(res.statusCode).toBe(400);
    return res.json().message;
  };
  const numbers = (r: Row | undefined, ...names: string[]): Record<string, unknown> =>
    Object.fromEntries(names.map((n) => [n, r?.[n] === null || r?.[n] === undefined ? null : Number(r[n])]));
  const stored = async (table: string, id: string) =>
    (await sql<Row>`select * from ${sql.table(table)} where id = ${id}`.execute(t.ctx.db.kysely)).rows[0];
  const order = async (id: string): Promise<Record<string, unknown>> => {
    const r = await stored('dv_order', id);
    return { ...numbers(r, 'amount', 'invoiced', 'received', 'outstanding'), status: r.status };
  };
  const invoice = async (id: string): Promise<Record<string, unknown>> => {
    const r = await stored('dv_invoice', id);
    return { ...numbers(r, 'amount', 'effective', 'received'), status: r.status };
  };
  let invoiceNo = 0;
  const addOrder = (amount: number, extra: Record<string, unknown> = {}) =>
    write('POST', 'dv_order', { title: `订单${amount}`, amount, ...extra });
  const addInvoice = (orderId: string, amount: number) =>
    write('POST', 'dv_invoice', {
      orderId,
      amount,
      invoiceNo: `FP${String((invoiceNo += 1)).padStart(4, '0')}`,
    });
  const addPayment = (invoiceId: string, amount: number) =>
    write('POST', 'dv_payment', { invoiceId, amount });
  const autoHistory = async (id: string) =>
    t.ctx.db.kysely
      .selectFrom('sysChangeLog')
      .select(['action', 'comment', 'createBy', 'changes'])
      .where('tableName', '=', 'dv_order')
      .where('recordId', '=', id)
      .where('action', '=', 'transition')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(url, {}, { schemasDir: schemasWithFixture() });
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  it('rolls payments up into their invoice and on into its order on add, edit and delete', async () => {
    const o = await addOrder(100);
    const [i1, i2] = [await addInvoice(o, 60), await addInvoice(o, 40)];
    expect(await order(o)).toEqual({
      amount: 100,
      invoiced: 100,
      received: 0,
      outstanding: 100,
      status: '1',
    });

    const p = await addPayment(i1, 30.1);
    expect(await invoice(i1)).toMatchObject({ received: 30.1 });
    expect(await order(o)).toMatchObject({ received: 30.1, outstanding: 69.9, status: '2' });

    await write('PUT', 'dv_payment', { id: p, invoiceId: i1, amount: 45.25 });
    expect(await invoice(i1)).toMatchObject({ received: 45.25 });
    expect(await order(o)).toMatchObject({ received: 45.25, outstanding: 54.75 });

    await addPayment(i2, 10);
    expect(await order(o)).toMatchObject({ received: 55.25 });

    // The engine's recomputations are in the records' history too, with before and after (自动计算).
    const computed = await t.ctx.db.kysely
      .selectFrom('sysChangeLog')
      .select(['changes', 'createBy'])
      .where('tableName', '=', 'dv_invoice')
      .where('recordId', '=', i1)
      .where('action', '=', 'compute')
      .orderBy('id')
      .execute();
    expect(computed.map((h) => [h.createBy, Number(JSON.parse(h.changes).received[0]), Number(JSON.parse(h.changes).received[1])])).toEqual([
      ['admin', 0, 30.1],
      ['admin', 30.1, 45.25],
    ]);

    const res = await call('DELETE', 'dv_payment', undefined, p);
    expect(res.json(), res.body).toMatchObject({ success: true });
    expect(await invoice(i1)).toMatchObject({ received: 0 });
    expect(await order(o)).toMatchObject({ received: 10, outstanding: 90 });
  });

  it('fires automatic transitions in a chain, recorded in the history as done by the writer', async () => {
    const o = await addOrder(80);
    const i = await addInvoice(o, 80);
    // One payment of the whole amount: 待收款 → 部分收款 (received > 0) → 已收清 (received >= amount).
    await addPayment(i, 80);
    expect(await order(o)).toMatchObject({ received: 80, status: '3' });
    expect((await stored('dv_order', o)).paidBy).toBe('admin');
    const history = await autoHistory(o);
    expect(history.map((h) => [h.comment, h.createBy, JSON.parse(h.changes).status])).toEqual([
      ['自动', 'admin', ['1', '2']],
      ['自动', 'admin', ['2', '3']],
    ]);
    // The 收清 transition notifies the organisation managers.
    const wangfang = await t.ctx.db.kysely
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'wangfang')
      .executeTakeFirstOrThrow();
    const messages = await t.ctx.db.kysely
      .selectFrom('sysMessage')
      .select('title')
      .where('userId', '=', wangfang.id)
      .execute();
    expect(messages.map((m) => m.title)).toContain('派生订单“订单80”已收清，当前状态：已收清');
  });

  it('fires an automatic transition on the edited record itself', async () => {
    const o = await addOrder(100);
    await addPayment(await addInvoice(o, 100), 60);
    expect(await order(o)).toMatchObject({ received: 60, status: '2' });
    // The form sends the loaded state back unchanged; the lower amount makes the order paid.
    await write('PUT', 'dv_order', { id: o, title: '订单100', amount: 60, status: '2' });
    expect(await order(o)).toMatchObject({ amount: 60, outstanding: 0, status: '3' });
    expect((await autoHistory(o)).length).toBe(2);
  });

  it('refuses a write that breaks a check on a record it recomputes, storing nothing', async () => {
    const o = await addOrder(100);
    const i = await addInvoice(o, 200);
    const first = await addPayment(i, 10);
    const before = String((await stored('dv_payment', first)).paymentNo);
    // 150 fits the invoice (200) but not the order (100): the order's check refuses the payment.
    expect(await refused(await call('POST', 'dv_payment', { invoiceId: i, amount: 150 }))).toBe(
      '收款金额不能超过订单金额',
    );
    // More than the invoice: the invoice's own check.
    expect(await refused(await call('POST', 'dv_payment', { invoiceId: i, amount: 250 }))).toBe(
      '收款金额不能超过发票金额',
    );
    const payments = await t.ctx.db.kysely
      .selectFrom('dv_payment' as never)
      .select(sql<string>`count(*)`.as('n'))
      .where(sql.ref('invoiceId'), '=', i)
      .executeTakeFirstOrThrow();
    expect(Number(payments.n)).toBe(1);
    expect(await invoice(i)).toMatchObject({ received: 10 });
    expect(await order(o)).toMatchObject({ received: 10, status: '2' });
    // The refused adds took no number: the next payment has the one after the last stored.
    const next = await addPayment(i, 5);
    expect(Number(String((await stored('dv_payment', next)).paymentNo).slice(2))).toBe(
      Number(before.slice(2)) + 1,
    );
    // An edit of the payment that would break the order's check is refused the same way.
    expect(await refused(await call('PUT', 'dv_payment', { id: first, invoiceId: i, amount: 99 }))).toBe(
      '收款金额不能超过订单金额',
    );
    expect(Number((await stored('dv_payment', first)).amount)).toBe(10);
  });

  it('moves a payment to another invoice: the old and the new targets are both recomputed', async () => {
    const [o1, o2] = [await addOrder(100), await addOrder(100)];
    const [i1, i2] = [await addInvoice(o1, 100), await addInvoice(o2, 100)];
    const p = await addPayment(i1, 30);
    expect([await order(o1), await order(o2)].map((x) => x.received)).toEqual([30, 0]);
    await write('PUT', 'dv_payment', { id: p, invoiceId: i2, amount: 30 });
    expect([(await invoice(i1)).received, (await invoice(i2)).received]).toEqual([0, 30]);
    expect([(await order(o1)).received, (await order(o2)).received]).toEqual([0, 30]);
    expect((await order(o1)).outstanding).toBe(100);
  });

  it('follows a transition: a voided invoice no longer counts in its order, unless payments forbid it', async () => {
    const o = await addOrder(100);
    const [i1, i2] = [await addInvoice(o, 70), await addInvoice(o, 30)];
    await addPayment(i2, 30);
    const fire = (id: string) =>
      t.call({ method: 'POST', url: `${API}/transition/dv_invoice/void`, token: admin, payload: { id } });
    const res = await fire(i1);
    expect(res.json(), res.body).toMatchObject({ success: true });
    expect(await invoice(i1)).toMatchObject({ status: '3', effective: 0 });
    expect(await order(o)).toMatchObject({ invoiced: 30, received: 30 });
    // Voiding a paid invoice would leave its payments above its (now zero) amount.
    expect(await refused(await fire(i2))).toBe('收款金额不能超过发票金额');
    expect(await invoice(i2)).toMatchObject({ status: '1', effective: 30 });
  });

  it('recomputes the order when an invoice is deleted and when it is restored from history', async () => {
    const o = await addOrder(100);
    const [i1] = [await addInvoice(o, 60), await addInvoice(o, 40)];
    const res = await call('DELETE', 'dv_invoice', undefined, i1);
    expect(res.json(), res.body).toMatchObject({ success: true });
    expect(await order(o)).toMatchObject({ invoiced: 40 });
    const entry = await t.ctx.db.kysely
      .selectFrom('sysChangeLog')
      .select('id')
      .where('tableName', '=', 'dv_invoice')
      .where('recordId', '=', i1)
      .where('action', '=', 'delete')
      .executeTakeFirstOrThrow();
    const restored = await t.call({
      method: 'POST',
      url: '/sys/changeLog/restore',
      token: admin,
      payload: { id: entry.id },
    });
    expect(restored.json(), restored.body).toMatchObject({ success: true });
    expect(await order(o)).toMatchObject({ invoiced: 100 });
  });

  it('keeps child roll-ups of the written record itself', async () => {
    const o = await write('POST', 'dv_order', {
      title: '带明细',
      amount: 10,
      dv_order_line: [
        { name: '甲', amount: 1.1 },
        { name: '乙', amount: 2.2 },
      ],
    });
    expect(Number((await stored('dv_order', o)).lineTotal)).toBe(3.3);
  });

  it('rolls rows referring to child rows up into the children and on into their parent, with the children\'s checks', async () => {
    const o = await write('POST', 'dv_order', {
      title: '发货',
      amount: 10,
      dv_order_line: [
        { name: '甲', amount: 1, qty: 5 },
        { name: '乙', amount: 1, qty: 2 },
      ],
    });
    const lines = await sql<Row>`select * from ${sql.table('dv_order_line')} where ${sql.ref('orderId')} = ${o}
      order by ${sql.ref('sortNo')}`.execute(t.ctx.db.kysely);
    const [a, b] = lines.rows;
    // A new child row's own roll-up is computed with the parent's save.
    expect(Number(a.shipped)).toBe(0);
    await write('POST', 'dv_shipment', { lineId: a.id, qty: 3 });
    await write('POST', 'dv_shipment', { lineId: b.id, qty: 2 });
    expect(Number((await stored('dv_order_line', a.id)).shipped)).toBe(3);
    expect(Number((await stored('dv_order', o)).shipped)).toBe(5);
    // Shipping more than a line's quantity breaks the line's check.
    expect(await refused(await call('POST', 'dv_shipment', { lineId: b.id, qty: 1 }))).toBe('发货数量不能超过订单数量');
    // So does lowering the quantity below what was shipped, in the parent's form.
    const edit = await call('PUT', 'dv_order', {
      id: o,
      title: '发货',
      dv_order_line: [
        { id: a.id, name: '甲', amount: 1, qty: 2 },
        { id: b.id, name: '乙', amount: 1, qty: 2 },
      ],
    });
    expect(await refused(edit)).toBe('发货数量不能超过订单数量');
    expect(Number((await stored('dv_order_line', a.id)).qty)).toBe(5);
  });

  it('rolls imported rows up like added ones', async () => {
    const o = await addOrder(100);
    const i = await addInvoice(o, 100);
    const p = await addPayment(i, 40);
    const res = await t.call({ method: 'GET', url: `${API}/exportXls/dv_payment`, token: admin, query: { selections: p } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const col = (title: string) => (sheet.getRow(3).values as unknown[]).slice(1).indexOf(title) + 1;
    const row = [...(sheet.getRow(4).values as unknown[]).slice(1)];
    row[col('收款单号') - 1] = null;
    row[col('收款金额') - 1] = 60;
    sheet.spliceRows(4, sheet.rowCount, row);
    const content = Buffer.from(await wb.xlsx.writeBuffer());
    const imported = await t.call({
      method: 'POST',
      url: `${API}/importXls/dv_payment`,
      token: admin,
      ...multipartForm([{ name: 'files[]', file: { name: '收款.xlsx', content } }]),
    });
    expect(imported.json(), imported.body).toMatchObject({ success: true });
    expect(await invoice(i)).toMatchObject({ received: 100 });
    expect(await order(o)).toMatchObject({ received: 100, outstanding: 0, status: '3' });
  });

  it('refuses a state change by plain edit and accepts the same state sent back', async () => {
    const o = await addOrder(50);
    expect(await refused(await call('PUT', 'dv_order', { id: o, title: '改', status: '3' }))).toBe(
      '状态只能通过流转操作变更',
    );
    expect(await order(o)).toMatchObject({ status: '1' });
    await write('PUT', 'dv_order', { id: o, title: '改', status: '1' });
    expect((await stored('dv_order', o)).title).toBe('改');
  });
});
