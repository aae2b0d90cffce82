import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

/**
 * The ERP module's demo stories (schemas/modules/erp/seeds/erp_demo.json), a few of them played on a
 * fresh database: whatever the stories did, the documents agree with each other — the roll-ups equal
 * the rows they sum, states match quantities and money, nothing is shipped, invoiced or paid above its
 * bound — and the same definition gives the same documents on every database. The customer audit seed
 * (erp_demo_audit.json, one scripted story) leaves pending applications and duplicate customers.
 */
const STORIES = 20;
/** erp_demo plays STORIES of its stories, erp_demo_audit its only one, the chronic and follow-up modules' seeds STORIES each. */
const PLAYED = STORIES + 1 + STORIES + STORIES;

/** Each query lists the rows that break one invariant; all must be empty. */
const INVARIANTS: Record<string, string> = {
  'line shippedQty = its delivery lines': `select l.id from erp_order_line l
    where l.shipped_qty <> coalesce((select sum(d.qty) from erp_delivery_line d where d.order_line_id = l.id), 0)`,
  'order shippedQty = its deliveries': `select o.id from erp_sales_order o
    where o.shipped_qty <> coalesce((select sum(dl.qty) from erp_delivery_line dl
      join erp_delivery d on d.id = dl.delivery_id where d.order_id = o.id), 0)`,
  'order totals = its lines': `select o.id from erp_sales_order o
    where abs(o.total_amount - coalesce((select sum(l.amount) from erp_order_line l where l.order_id = o.id), 0)) > 0.005
       or o.total_qty <> coalesce((select sum(l.qty) from erp_order_line l where l.order_id = o.id), 0)`,
  'order invoicedAmount = its invoices not voided': `select o.id from erp_sales_order o
    where abs(o.invoiced_amount - coalesce((select sum(case when i.status = '3' then 0 else i.amount end)
      from erp_invoice i where i.order_id = o.id), 0)) > 0.005`,
  'order receivedAmount = payments through its invoices': `select o.id from erp_sales_order o
    where abs(o.received_amount - coalesce((select sum(p.amount) from erp_payment p
      join erp_invoice i on i.id = p.invoice_id where i.order_id = o.id), 0)) > 0.005`,
  'order outstanding = total - received, none when cancelled': `select id from erp_sales_order
    where abs(outstanding - case when status = '9' then 0 else total_amount - received_amount end) > 0.005`,
  'invoice receivedAmount = its payments': `select i.id from erp_invoice i
    where abs(i.received_amount - coalesce((select sum(p.amount) from erp_payment p where p.invoice_id = i.id), 0)) > 0.005`,
  'never invoiced above the order': `select id from erp_sales_order where invoiced_amount > total_amount + 0.005`,
  'never paid above the invoice': `select id from erp_invoice where received_amount > effective_amount + 0.005`,
  'never shipped above the line': `select id from erp_order_line where shipped_qty > qty`,
  'nothing shipped before approval': `select id from erp_sales_order where status in ('1', '2', '3', '9') and shipped_qty > 0`,
  '部分发货 = partly shipped': `select id from erp_sales_order
    where status = '4' and not (shipped_qty > 0 and shipped_qty < total_qty)`,
  '已发货 = shipped, not fully paid': `select id from erp_sales_order
    where status = '5' and not (shipped_qty >= total_qty and received_amount < total_amount)`,
  '已完成 = shipped and paid': `select id from erp_sales_order
    where status = '6' and not (shipped_qty >= total_qty and received_amount >= total_amount)`,
  'a fully shipped order left 已审批 or 部分发货': `select id from erp_sales_order
    where total_qty > 0 and shipped_qty >= total_qty and status not in ('5', '6')`,
  'a quotation 已转订单 has its order': `select q.id from erp_quotation q
    where q.status = '4' and not exists (select 1 from erp_sales_order o where o.quotation_id = q.id)`,
  'purchase receivedQty = its receipts': `select p.id from erp_purchase_order p
    where p.received_qty <> coalesce((select sum(r.qty) from erp_receipt_line r
      join erp_purchase_line l on l.id = r.purchase_line_id where l.purchase_id = p.id), 0)`,
};

const count = async (t: TestApp, table: string, where = '1 = 1') =>
  Number(
    (await sql<{ n: unknown }>`select count(*) as n from ${sql.table(table)} where ${sql.raw(where)}`.execute(
      t.ctx.db.kysely,
    )).rows[0].n,
  );

/**
 * What must be the same on every database: the orders in story order, with state, quantities and money
 * (not their numbers or dates: the databases start seconds apart, and a step near midnight may fall on
 * the next day on one of them).
 */
const fingerprints = new Map<string, unknown>();

describe.each(DIALECTS)('the ERP demo stories on $name', ({ name, url }) => {
  let t: TestApp;
  let printed: string[] = [];

  beforeAll(async () => {
    const spy = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void printed.push(String(line)));
    try {
      t = await createTestApp(url, { LOG_LEVEL: 'warn', SEED_STORIES: String(STORIES) });
    } finally {
      spy.mockRestore();
    }
  }, 300_000);
  afterAll(async () => t?.close());

  it('plays every step it reaches', () => {
    printed = printed.filter((l) => l.startsWith('演示业务数据：'));
    expect(printed).toEqual([expect.stringMatching(new RegExp(`^演示业务数据：${PLAYED} 个故事，\\d+ 条记录，0 个步骤未执行$`))]);
  });

  it('leaves whole chains: orders delivered, invoiced, paid and completed', async () => {
    expect(await count(t, 'erp_quotation')).toBe(STORIES);
    expect(await count(t, 'erp_sales_order')).toBeGreaterThan(STORIES / 2);
    expect(await count(t, 'erp_delivery')).toBeGreaterThan(0);
    expect(await count(t, 'erp_payment')).toBeGreaterThan(0);
    expect(await count(t, 'erp_sales_order', "status = '6'")).toBeGreaterThan(0);
  });

  it('leaves enabled customers with pending applications, and duplicate customers to merge', async () => {
    const { rows: applies } = await sql<{ kind: string; name: string | null; status: string; applicant: string; reason: string | null }>`
      select a.kind, c.name, a.status, a.applicant, a.reason from sys_data_apply a
      left join erp_customer c on c.id = a.record_id
      where a.entity_code = 'erp_customer' order by a.create_time`.execute(t.ctx.db.kysely);
    expect(applies.map((a) => [a.kind, a.name, a.status, a.applicant])).toEqual([
      ['edit', '萧山区第一人民医院', 'pending', 'wangfang'],
      ['edit', '康宁口腔诊所', 'pending', 'wangfang'],
      ['edit', '余杭区妇幼保健院', 'pending', 'wangfang'],
      ['delete', '华东医药器械分销部', 'pending', 'wangfang'],
      ['add', null, 'pending', 'wangfang'],
    ]);
    expect(applies[3].reason).toBe('该经销部已注销，不再合作，申请删除');
    // The customers applied for are enabled (locked): only an approved application changes them.
    expect(await count(t, 'erp_customer', `customer_no in ('KH002001', 'KH002002', 'KH002004', 'KH002006') and audit_status <> '2'`)).toBe(0);
    const token = await t.login('wangfang');
    const dup = (
      await t.call({ method: 'GET', url: '/online/cgform/api/duplicates/erp_customer', query: { pageNo: '1', pageSize: '10' }, token })
    ).json().result as { records: Array<{ keyText: string; count: number }> };
    // Largest group first; the two pairs in either order.
    const [largest, ...pairs] = dup.records.map((g) => [g.keyText, g.count]);
    expect(largest).toEqual(['瑞安康复诊所', 3]);
    expect(pairs.sort()).toEqual([['同仁堂药店（城西店）', 2], ['明州眼科医院', 2]].sort());
  });

  it.each(Object.entries(INVARIANTS))('keeps “%s”', async (_what, query) => {
    const { rows } = await sql.raw<{ id: string }>(query).execute(t.ctx.db.kysely);
    expect(rows).toEqual([]);
  });

  it('records its fingerprint', async () => {
    const { rows } = await sql<Record<string, unknown>>`
      select status, total_qty, shipped_qty, total_amount, invoiced_amount, received_amount
      from erp_sales_order order by create_time`.execute(t.ctx.db.kysely);
    fingerprints.set(
      name,
      rows.map((r) => Object.values(r).map((v) => (typeof v === 'string' && /^\d+\.\d+$/.test(v) ? Number(v) : v))),
    );
  });
});

describe('the ERP demo stories everywhere', () => {
  it('give the same orders on every database', () => {
    const [first, ...rest] = [...fingerprints.values()];
    expect(fingerprints.size).toBe(DIALECTS.length);
    for (const other of rest) expect(other).toEqual(first);
  });
});
