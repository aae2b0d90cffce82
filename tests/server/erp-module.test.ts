import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDefinitions, formatProblem } from '../../src/server/definitions/check.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

/**
 * The ERP module (schemas/modules/erp) as shipped: it loads, its menus give each role its buttons, and
 * the business rules its definitions declare hold through the generic API — an order never invoiced
 * above its amount, an invoice never paid above its own, transitions only by their role, states only
 * by transitions.
 */
const API = '/online/cgform/api';
type Row = Record<string, unknown>;

it('passes the definition check', () => {
  const { problems } = checkDefinitions('schemas');
  expect(problems.map(formatProblem)).toEqual([]);
});

describe.each(DIALECTS)('the ERP module on $name', ({ url }) => {
  let t: TestApp;
  let liuyang: string;
  let wangfang: string;
  let customerId: string;
  let product: Row;

  const ok = async (res: { json(): unknown; body: string }) => {
    const body = res.json() as { success: boolean; result: unknown };
    expect(body, res.body).toMatchObject({ success: true });
    return body.result;
  };
  const fire = (token: string, entity: string, key: string, id: string, comment?: string) =>
    t.call({
      method: 'POST',
      url: `${API}/transition/${entity}/${key}`,
      token,
      payload: { id, ...(comment ? { comment } : {}) },
    });
  const read = async (token: string, entity: string, id: string) =>
    (await ok(await t.call({ method: 'GET', url: `${API}/form/${entity}/${id}`, token }))) as Row;
  /** Adds through the form endpoint and returns the new id (found by the answer or the newest row). */
  const add = async (token: string, entity: string, payload: Row) => {
    const result = await ok(await t.call({ method: 'POST', url: `${API}/form/${entity}`, token, payload }));
    if (typeof result === 'string') return result;
    if (result && typeof result === 'object' && 'id' in result) return String((result as Row).id);
    const list = (await ok(
      await t.call({
        method: 'GET',
        url: `${API}/getData/${entity}`,
        token,
        query: { pageSize: '1', column: 'createTime', order: 'desc' },
      }),
    )) as { records: Row[] };
    return String(list.records[0].id);
  };
  const prefill = async (token: string, entity: string, key: string, id: string) =>
    (await ok(await t.call({ method: 'GET', url: `${API}/derive/${entity}/${key}/${id}`, token }))) as Row;

  /**
   * A quotation of `qty` × the product by the sales side (wangfang), approved by the operator (liuyang,
   * whose platform-wide scope reaches every department's documents) and turned into an approved order.
   */
  async function approvedOrder(qty: number): Promise<string> {
    const quote = await add(wangfang, 'erp_quotation', {
      customerId,
      quoteDate: '2026-03-02',
      validUntil: '2026-03-30',
      erp_quotation_line: [{ productId: product.id, qty, unitPrice: 100, discount: 0, taxRate: 13 }],
    });
    await ok(await fire(wangfang, 'erp_quotation', 'submit', quote));
    await ok(await fire(liuyang, 'erp_quotation', 'approve', quote));
    const order = await add(
      wangfang,
      'erp_sales_order',
      await prefill(wangfang, 'erp_quotation', 'toOrder', quote),
    );
    expect((await read(wangfang, 'erp_quotation', quote)).status).toBe('4');
    await ok(await fire(wangfang, 'erp_sales_order', 'submit', order));
    await ok(await fire(liuyang, 'erp_sales_order', 'approve', order));
    return order;
  }

  beforeAll(async () => {
    t = await createTestApp(url);
    [liuyang, wangfang] = await Promise.all(['liuyang', 'wangfang'].map((u) => t.login(u)));
    const customers = (await ok(
      await t.call({
        method: 'GET',
        url: `${API}/getData/erp_customer`,
        token: wangfang,
        query: { pageSize: '1' },
      }),
    )) as { records: Row[] };
    customerId = String(customers.records[0].id);
    // The catalogue comes from the module's seed story (its fixed records).
    const products = (await ok(
      await t.call({
        method: 'GET',
        url: `${API}/getData/erp_product`,
        token: liuyang,
        query: { pageSize: '1' },
      }),
    )) as { records: Row[]; total: number };
    expect(products.total).toBeGreaterThanOrEqual(50);
    product = products.records[0];
  });
  afterAll(async () => t?.close());

  it('gives the operator and the approver their menus and buttons', async () => {
    const perms = async (token: string) => {
      const r = (await ok(
        await t.call({ method: 'GET', url: '/sys/permission/getUserPermissionByToken', token }),
      )) as {
        auth: Array<{ action: string }>;
      };
      return new Set(r.auth.map((a) => a.action));
    };
    const op = await perms(liuyang);
    const mgr = await perms(wangfang);
    for (const code of [
      'erp_quotation',
      'erp_sales_order',
      'erp_delivery',
      'erp_purchase_order',
      'erp_purchase_receipt',
      'erp_invoice',
      'erp_payment',
      'erp_product',
      'erp_product_category',
      'erp_supplier',
    ]) {
      expect(op.has(`${code}:add`), code).toBe(true);
      expect(mgr.has(`${code}:list`), code).toBe(true);
      // The sales side writes quotations and orders only.
      expect(mgr.has(`${code}:add`), code).toBe(code === 'erp_quotation' || code === 'erp_sales_order');
    }
    for (const p of ['erp_quotation:submit', 'erp_sales_order:submit', 'erp_sales_order:cancel'])
      expect([p, op.has(p), mgr.has(p)]).toEqual([p, true, true]);
    for (const p of [
      'erp_quotation:approve',
      'erp_sales_order:approve',
      'erp_invoice:issue',
      'erp_invoice:void',
      'erp_purchase_order:place',
    ])
      expect([p, op.has(p), mgr.has(p)]).toEqual([p, true, false]);
  });

  it('refuses a transition by the wrong role and a state change by plain edit', async () => {
    const quote = await add(wangfang, 'erp_quotation', {
      customerId,
      quoteDate: '2026-03-02',
      validUntil: '2026-03-30',
      erp_quotation_line: [{ productId: product.id, qty: 2, unitPrice: 50, discount: 10, taxRate: 13 }],
    });
    const stored = await read(wangfang, 'erp_quotation', quote);
    // 2 × 50 less 10 % = 90, of which 13 % tax: 90 × 13 / 113 = 10.35.
    expect([Number(stored.totalAmount), Number(stored.taxAmount), stored.status]).toEqual([90, 10.35, '1']);
    const edit = await t.call({
      method: 'PUT',
      url: `${API}/form/erp_quotation`,
      token: wangfang,
      payload: { ...stored, status: '3' },
    });
    expect(edit.statusCode).toBe(400);
    expect((await read(wangfang, 'erp_quotation', quote)).status).toBe('1');
    await ok(await fire(wangfang, 'erp_quotation', 'submit', quote));
    // The sales side may not approve its own quotation.
    const refused = await fire(wangfang, 'erp_quotation', 'approve', quote);
    expect(refused.statusCode).toBe(403);
    expect((await read(wangfang, 'erp_quotation', quote)).status).toBe('2');
  });

  it('never invoices an order above its amount, nor pays an invoice above its own', async () => {
    const order = await approvedOrder(3);
    expect(Number((await read(liuyang, 'erp_sales_order', order)).totalAmount)).toBe(300);
    const invoice = await prefill(liuyang, 'erp_sales_order', 'invoice', order);
    expect(Number(invoice.amount)).toBe(300);
    const over = await t.call({
      method: 'POST',
      url: `${API}/form/erp_invoice`,
      token: liuyang,
      payload: { ...invoice, amount: 300.01, dueDate: '2026-04-30' },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toContain('开票金额不能超过订单金额');
    const id = await add(liuyang, 'erp_invoice', { ...invoice, amount: 200, dueDate: '2026-04-30' });
    await ok(await fire(liuyang, 'erp_invoice', 'issue', id));
    const payment = await prefill(liuyang, 'erp_invoice', 'receive', id);
    expect(Number(payment.amount)).toBe(200);
    const overpaid = await t.call({
      method: 'POST',
      url: `${API}/form/erp_payment`,
      token: liuyang,
      payload: { ...payment, amount: 200.01, payMethod: '1' },
    });
    expect(overpaid.statusCode).toBe(400);
    expect(overpaid.json().message).toContain('收款金额不能超过发票金额');
    await add(liuyang, 'erp_payment', { ...payment, amount: 120, payMethod: '1' });
    const after = await read(liuyang, 'erp_sales_order', order);
    expect([Number(after.invoicedAmount), Number(after.receivedAmount), Number(after.outstanding)]).toEqual([
      200, 120, 180,
    ]);
  });
});
