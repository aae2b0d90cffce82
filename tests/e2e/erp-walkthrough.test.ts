import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, confirm, formInput, formItem, openModal, rowAction, rows, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * One ERP order from quotation to fully paid, through the console as the people who do each step
 * (production build, real server, Chromium, the shipped ERP module): 王芳 (sales) quotes, submits and
 * converts; 刘洋 (operations and finance) approves, ships in two parts, invoices and collects in two
 * payments. Then the order's tracking screen and the ERP board must tell the same story. The `it`
 * blocks run in order and share the documents' numbers.
 */
const suite = useBrowserSuite({ failureShots: 'erp-walk', nameChars: 30 });
const POLL = { timeout: 20_000 };
const LIST = (code: string) => `/online/cgformList/${code}`;

// Two lines: 3 × 1,234.50 less 10 % = 3,333.15, and 2 × 888.00 = 1,776.00; the order is worth 5,109.15.
const TOTAL = 5109.15;
const FIRST_PAYMENT = 2000;
const REST = 3109.15;

const day = (offset = 0) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const money = (text: string | null) => Number((text ?? '').replaceAll(',', '').replace(/[^\d.-]/g, ''));

/** What the walk learns on the way and later steps look for. */
const walk = { quoteNo: '', orderNo: '', invoiceNo: '', customer: '', trackUrl: '' };

async function openList(page: Page, code: string) {
  await page.goto(`${suite.server.url}${LIST(code)}`);
  await page.locator('.renderer-list-page .ant-table-thead th').first().waitFor(POLL);
}

/** A signed-in page of `user` on the list of `code`. */
async function as(user: string, code: string) {
  const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
  await signInAs(page, suite.server.url, user);
  await openList(page, code);
  return page;
}

/** The list row holding a document number (the lists are searched by it first, as a user would). */
async function rowOf(page: Page, placeholder: string, no: string) {
  await page.getByPlaceholder(placeholder).fill(no);
  await button(page, '查询').first().click();
  const row = rows(page).filter({ hasText: no });
  await row.waitFor(POLL);
  return row;
}

/** A record's detail as label → text, read from its 详情 dialog (lists show only some columns). */
async function detailOf(page: Page, row: Locator): Promise<Record<string, string>> {
  await rowAction(page, row, '详情');
  const detail = openModal(page, '详情');
  await detail.locator('.ant-descriptions-item-label').first().waitFor(POLL);
  const pairs = await detail.locator('.ant-descriptions-item-label').evaluateAll((labels) =>
    labels.map((l) => [l.textContent ?? '', l.nextElementSibling?.textContent ?? '']),
  );
  await detail.locator('.ant-modal-close').click();
  await detail.waitFor({ state: 'hidden', ...POLL });
  return Object.fromEntries(pairs.map(([k, v]) => [k!.replace(/[:：]$/, ''), v!]));
}

/** Numbers of a record's detail under the given labels. */
async function amounts(page: Page, row: Locator, ...labels: string[]) {
  const detail = await detailOf(page, row);
  return labels.map((l) => {
    if (!(l in detail)) throw new Error(`no ${l} in the detail: ${Object.keys(detail).join('|')}`);
    return money(detail[l]!);
  });
}

const childTable = (dialog: Locator, code: string) => dialog.locator(`.child-table[data-child-table="${code}"]`);
const childCell = (table: Locator, row: number, key: string) =>
  table.locator(`.jet-body-row[data-row="${row}"] [data-cell$=":${key}"] input`);

async function typeCell(table: Locator, row: number, key: string, value: string) {
  const input = childCell(table, row, key);
  await input.click();
  await input.fill(value);
  await input.press('Tab');
}

async function pickDate(dialog: Locator, label: string, value: string) {
  const date = formInput(dialog, label);
  await date.click();
  await date.fill(value);
  await date.press('Enter');
}

/** Picks the `nth` option a ref picker offers for `keyword` (empty: as opened); answers its text. */
async function pick(page: Page, picker: Locator, nth = 0, keyword = ''): Promise<string> {
  await picker.click();
  if (keyword) await picker.locator('input').fill(keyword);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(nth);
  await option.waitFor(POLL);
  const text = (await option.textContent()) ?? '';
  await option.click();
  return text;
}

/** Runs a transition from the row: its confirmation or comment dialog, then its success message. */
async function transition(page: Page, row: Locator, name: string, comment?: string) {
  await rowAction(page, row, name);
  if (comment !== undefined) {
    const dialog = openModal(page, name);
    await formInput(dialog, '处理意见', 'textarea').fill(comment);
    await button(dialog, '确定').click();
  } else await confirm(page);
  await toast(page, `${name}成功`).last().waitFor(POLL);
}

const stateOf = (row: Locator) => row.locator('.ant-tag').first().textContent();

/** Saves a push-down dialog (the target's add form) and waits for it to close. */
async function saveDerived(page: Page, dialog: Locator, name: string) {
  await button(dialog, '确定').click();
  await toast(page, `${name}成功，已生成新单据`).last().waitFor(POLL);
  await dialog.waitFor({ state: 'hidden', ...POLL });
}

/** The ERP board's numbers this walk moves: 本月销售额, 应收余额, and the funnel's 已完成 count. */
async function boardNumbers(page: Page) {
  // The board's answers are reused for a minute (the statistics' cacheSeconds): read past the last reading.
  const wait = lastReading + 61_000 - Date.now();
  if (lastReading && wait > 0) await page.waitForTimeout(wait);
  const entry = page.locator('.ant-menu').getByText('ERP 看板', { exact: true });
  if (!(await entry.isVisible())) await page.locator('.ant-menu').getByText('ERP 管理', { exact: true }).click();
  await entry.click();
  await page.waitForURL(/\/dashboard\/erp$/, POLL);
  const number = (code: string) => page.getByTestId(`stat-number-${code}`);
  await number('erp_sales_this_month').waitFor(POLL);
  await number('erp_receivable_balance').waitFor(POLL);
  const funnel = page.locator('.dashboard-card[data-card-type="chart"][data-stat="erp_order_funnel"]');
  await funnel.getByRole('button', { name: '查看数据' }).click();
  const table = funnel.locator('table.stat-data-table');
  await table.waitFor(POLL);
  const funnelRows = await table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  const completed = funnelRows.find((r) => r[0] === '已完成');
  const numbers = {
    sales: money(await number('erp_sales_this_month').textContent()),
    receivable: money(await number('erp_receivable_balance').textContent()),
    completed: completed ? money(completed[1] ?? '0') : 0,
  };
  lastReading = Date.now();
  return numbers;
}
let lastReading = 0;
const delta = (a: number, b: number) => Math.round((a - b) * 100) / 100;
let before: Awaited<ReturnType<typeof boardNumbers>>;

describe('ERP walk-through: one order from quotation to fully paid', () => {
  it('reads the ERP board before anything happens', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'liuyang');
    before = await boardNumbers(page);
    await screenshot(page, 'erp-walk-0-board-before-1440');
  });

  it('王芳 quotes two products with a discount and submits the quotation', async () => {
    const page = await as('wangfang', 'erp_quotation');
    await button(page, '新增').click();
    const dialog = openModal(page, '新增');
    await formItem(dialog, '客户').waitFor(POLL);
    walk.customer = await pick(page, formItem(dialog, '客户').locator('.ant-select'));
    // The state is the workflow's (derived for every workflow entity): shown, not picked.
    expect(await formItem(dialog, '报价状态').innerText()).toContain('草稿');
    expect(await formItem(dialog, '报价状态').locator('.ant-select-disabled').count()).toBe(1);
    await pickDate(dialog, '报价日期', day());
    await pickDate(dialog, '有效期至', day(30));

    const lines = childTable(dialog, 'erp_quotation_line');
    await lines.waitFor(POLL);
    const line = async (row: number, nth: number, qty: string, price: string, discount: string) => {
      await button(lines, '新增').click();
      // The product comes from the popup report 产品选择, which also fills the list price and tax rate.
      await lines.locator(`.jet-body-row[data-row="${row}"] [data-cell$=":productId"] button`).click();
      const products = openModal(page, '产品选择');
      const product = products.locator('.ant-table-row').nth(nth);
      await product.waitFor(POLL);
      await product.click();
      await button(products, '确定').click();
      await products.waitFor({ state: 'hidden', ...POLL });
      expect(await childCell(lines, row, 'unitPrice').inputValue()).not.toBe('');
      await typeCell(lines, row, 'qty', qty);
      await typeCell(lines, row, 'unitPrice', price);
      await typeCell(lines, row, 'discount', discount);
    };
    await line(0, 0, '3', '1234.5', '10');
    await page.waitForTimeout(1600); // the grid refuses a second add within 1.5 s
    await line(1, 1, '2', '888', '0');
    // Line and header totals are computed while typing.
    await expect.poll(async () => money(await childCell(lines, 0, 'amount').inputValue()), POLL).toBe(3333.15);
    await expect.poll(async () => money(await childCell(lines, 1, 'amount').inputValue()), POLL).toBe(1776);
    await expect.poll(async () => money(await formInput(dialog, '报价金额（元）').inputValue()), POLL).toBe(TOTAL);
    // Tax is included in the price at 13 %: 3,333.15 × 13 / 113 + 1,776 × 13 / 113 = 383.46 + 204.32.
    await expect.poll(async () => money(await formInput(dialog, '税额（元）').inputValue()), POLL).toBe(587.78);
    await screenshot(page, 'erp-walk-1-quotation-form-1440');
    await button(dialog, '确定').click();
    await toast(page, /添加成功/).last().waitFor(POLL);
    await dialog.waitFor({ state: 'hidden', ...POLL });

    const added = rows(page).filter({ hasText: walk.customer }).filter({ hasText: '5,109.15' });
    await added.first().waitFor(POLL);
    walk.quoteNo = /BJ\d{12}/.exec((await added.first().textContent()) ?? '')?.[0] ?? '';
    expect(walk.quoteNo).toMatch(/^BJ\d{12}$/);
    const row = await rowOf(page, '请输入报价单号', walk.quoteNo);
    expect(await stateOf(row)).toBe('草稿');
    await transition(page, row, '提交');
    await expect.poll(() => stateOf(row), POLL).toBe('已提交');
    // Sales cannot approve their own quotation: the button is not offered to her.
    await rowAction(page, row, '详情');
    const detail = openModal(page, '详情');
    await detail.locator('.renderer-detail-actions').waitFor(POLL);
    expect(await detail.locator('.renderer-detail-actions button').allTextContents()).not.toContain('审批通过');
    expect(await row.getByText('审批通过', { exact: true }).count()).toBe(0);
    await screenshot(page, 'erp-walk-1-quotation-submitted-1440');
    expect(suite.errors).toEqual([]);
  });

  it('刘洋 approves the quotation', async () => {
    const page = await as('liuyang', 'erp_quotation');
    const row = await rowOf(page, '请输入报价单号', walk.quoteNo);
    await transition(page, row, '审批通过', '价格已核对');
    await expect.poll(() => stateOf(row), POLL).toBe('已审批');
    await screenshot(page, 'erp-walk-2-quotation-approved-1440');
    expect(suite.errors).toEqual([]);
  });

  it('王芳 converts the quotation into an order and submits it', async () => {
    const page = await as('wangfang', 'erp_quotation');
    const quote = await rowOf(page, '请输入报价单号', walk.quoteNo);
    await rowAction(page, quote, '转订单');
    const dialog = openModal(page, '转订单');
    const lines = childTable(dialog, 'erp_order_line');
    await expect.poll(() => lines.locator('.jet-body-row').count(), POLL).toBe(2);
    expect(await formItem(dialog, '客户').innerText()).toContain(walk.customer);
    expect(await childCell(lines, 0, 'qty').inputValue()).toBe('3');
    await expect.poll(async () => money(await formInput(dialog, '订单金额（元）').inputValue()), POLL).toBe(TOTAL);
    await screenshot(page, 'erp-walk-3-order-form-1440');
    await saveDerived(page, dialog, '转订单');
    // The order's existence moves the quotation on by itself.
    await expect.poll(() => stateOf(quote), POLL).toBe('已转订单');
    await screenshot(page, 'erp-walk-3-quotation-converted-1440');

    await openList(page, 'erp_sales_order');
    const order = rows(page).filter({ hasText: walk.customer }).filter({ hasText: '5,109.15' }).first();
    await order.waitFor(POLL);
    walk.orderNo = /DD\d{12}/.exec((await order.textContent()) ?? '')?.[0] ?? '';
    expect(walk.orderNo).toMatch(/^DD\d{12}$/);
    const row = await rowOf(page, '请输入订单号', walk.orderNo);
    expect(await stateOf(row)).toBe('草稿');
    await transition(page, row, '提交审批');
    await expect.poll(() => stateOf(row), POLL).toBe('待审批');
    expect(await row.getByText('审批通过', { exact: true }).count()).toBe(0);
    expect(suite.errors).toEqual([]);
  });

  it('刘洋 approves the order and ships it in two parts', async () => {
    const page = await as('liuyang', 'erp_sales_order');
    const row = await rowOf(page, '请输入订单号', walk.orderNo);
    await transition(page, row, '审批通过', '同意发货');
    await expect.poll(() => stateOf(row), POLL).toBe('已审批');

    // First delivery: one of the three on the first line, both of the second.
    await rowAction(page, row, '发货');
    let dialog = openModal(page, '发货');
    let lines = childTable(dialog, 'erp_delivery_line');
    await expect.poll(() => lines.locator('.jet-body-row').count(), POLL).toBe(2);
    expect(await childCell(lines, 0, 'qty').inputValue()).toBe('3');
    await typeCell(lines, 0, 'qty', '1');
    await pick(page, formItem(dialog, '承运商').locator('.ant-select'));
    await formInput(dialog, '运单号').fill('SF1234567890');
    await screenshot(page, 'erp-walk-4-delivery-form-1440');
    await saveDerived(page, dialog, '发货');
    await expect.poll(() => stateOf(row), POLL).toBe('部分发货');
    expect(await amounts(page, row, '订货数量', '已发货数量')).toEqual([5, 3]);
    await screenshot(page, 'erp-walk-4-order-partly-shipped-1440');

    // Second delivery: only what is still open is offered.
    await rowAction(page, row, '发货');
    dialog = openModal(page, '发货');
    lines = childTable(dialog, 'erp_delivery_line');
    await expect.poll(() => lines.locator('.jet-body-row').count(), POLL).toBe(1);
    expect(await childCell(lines, 0, 'qty').inputValue()).toBe('2');
    await saveDerived(page, dialog, '发货');
    await expect.poll(() => stateOf(row), POLL).toBe('已发货');
    expect(await amounts(page, row, '已发货数量')).toEqual([5]);
    expect(suite.errors).toEqual([]);
  });

  it('刘洋 invoices the order, issues the invoice and collects in two payments', async () => {
    const page = await as('liuyang', 'erp_sales_order');
    const order = await rowOf(page, '请输入订单号', walk.orderNo);
    await rowAction(page, order, '开票');
    const dialog = openModal(page, '开票');
    await expect.poll(async () => money(await formInput(dialog, '价税合计（元）').inputValue()), POLL).toBe(TOTAL);
    await pickDate(dialog, '到期日', day(30));
    await screenshot(page, 'erp-walk-5-invoice-form-1440');
    await saveDerived(page, dialog, '开票');
    expect(await amounts(page, order, '已开票（元）', '未收款（元）')).toEqual([TOTAL, TOTAL]);

    await openList(page, 'erp_invoice');
    const invoice = rows(page).filter({ hasText: walk.orderNo }).first();
    await invoice.waitFor(POLL);
    walk.invoiceNo = /FP\d{12}/.exec((await invoice.textContent()) ?? '')?.[0] ?? '';
    expect(walk.invoiceNo).toMatch(/^FP\d{12}$/);
    expect(await stateOf(invoice)).toBe('待开票');
    await transition(page, invoice, '开具');
    await expect.poll(() => stateOf(invoice), POLL).toBe('已开票');

    // More than the invoice is refused with the rule's words, and nothing is saved.
    await rowAction(page, invoice, '收款');
    let payment = openModal(page, '收款');
    await expect.poll(async () => money(await formInput(payment, '收款金额（元）').inputValue()), POLL).toBe(TOTAL);
    await formInput(payment, '收款金额（元）').fill('9999');
    await button(payment, '确定').click();
    // A refused save is told as the HTTP client tells any 4xx: a notification with the server's words.
    await page.locator('.ant-notification').getByText('收款金额不能超过发票金额').last().waitFor(POLL);
    await screenshot(page, 'erp-walk-5-overpayment-refused-1440');
    await button(payment, '取消').click();
    await payment.waitFor({ state: 'hidden', ...POLL });
    expect(await amounts(page, invoice, '已收款（元）')).toEqual([0]);

    await rowAction(page, invoice, '收款');
    payment = openModal(page, '收款');
    await formInput(payment, '收款金额（元）').waitFor(POLL);
    await formInput(payment, '收款金额（元）').fill(String(FIRST_PAYMENT));
    await saveDerived(page, payment, '收款');
    expect(await amounts(page, invoice, '已收款（元）', '未收款（元）')).toEqual([FIRST_PAYMENT, REST]);

    await openList(page, 'erp_sales_order');
    let row = await rowOf(page, '请输入订单号', walk.orderNo);
    expect(await amounts(page, row, '已收款（元）', '未收款（元）')).toEqual([FIRST_PAYMENT, REST]);
    expect(await stateOf(row)).toBe('已发货');
    await screenshot(page, 'erp-walk-5-order-partly-paid-1440');
    // Half-way, the board owes the rest of this invoice.
    const midway = await boardNumbers(page);
    expect(delta(midway.receivable, before.receivable)).toBe(REST);
    expect(delta(midway.sales, before.sales)).toBe(TOTAL);
    await screenshot(page, 'erp-walk-5-board-midway-1440');

    await openList(page, 'erp_invoice');
    const again = await rowOf(page, '请输入发票号', walk.invoiceNo);
    await rowAction(page, again, '收款');
    payment = openModal(page, '收款');
    // The rest is what is offered.
    await expect
      .poll(async () => money(await formInput(payment, '收款金额（元）').inputValue()), POLL)
      .toBe(REST);
    await saveDerived(page, payment, '收款');

    await openList(page, 'erp_sales_order');
    row = await rowOf(page, '请输入订单号', walk.orderNo);
    expect(await stateOf(row)).toBe('已完成');
    expect(await amounts(page, row, '已收款（元）', '未收款（元）')).toEqual([TOTAL, 0]);
    await screenshot(page, 'erp-walk-5-order-completed-1440');
    expect(suite.errors).toEqual([]);
  });

  it('tracks the order from its row and from the header search', async () => {
    // 刘洋 sees every document of the chain (王芳's department scope leaves out the ones he made).
    const page = await as('liuyang', 'erp_sales_order');
    const row = await rowOf(page, '请输入订单号', walk.orderNo);
    await rowAction(page, row, '跟踪');
    await page.waitForURL(/\/online\/track\/erp_sales_order\/\w+$/, POLL);
    walk.trackUrl = new URL(page.url()).pathname;
    await expectTimeline(page);
    await screenshot(page, 'erp-walk-6-track-1440');

    await openList(page, 'erp_invoice');
    const search = page.getByRole('combobox', { name: '搜索菜单' });
    await search.click();
    await search.fill(walk.orderNo);
    const hit = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: `销售订单：${walk.orderNo}` });
    await hit.click(POLL);
    await page.waitForURL(/\/online\/track\/erp_sales_order\/\w+$/, POLL);
    expect(new URL(page.url()).pathname).toBe(walk.trackUrl);
    await expectTimeline(page);
    expect(suite.errors).toEqual([]);
  });

  it('shows the tracking screen on a phone', async () => {
    const { page } = await suite.openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInAs(page, suite.server.url, 'liuyang');
    await page.goto(`${suite.server.url}${walk.trackUrl}`);
    await expectTimeline(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'erp-walk-6-track-390');
    expect(suite.errors).toEqual([]);
  });

  it('moves the ERP board by what was done', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'liuyang');
    const after = await boardNumbers(page);
    await screenshot(page, 'erp-walk-7-board-after-1440');
    // The order is this month's (dated today) and worth the quotation; fully paid, it owes nothing.
    expect(delta(after.sales, before.sales)).toBe(TOTAL);
    expect(after.receivable).toBe(before.receivable);
    expect(after.completed - before.completed).toBe(1);
    expect(suite.errors).toEqual([]);
  });
});

/** The order's tracking screen: the summary's roll-ups and the whole chain, with who did each step. */
async function expectTimeline(page: Page) {
  const screen = page.getByTestId('track-page');
  await screen.waitFor(POLL);
  const summary = screen.locator('.ant-descriptions');
  await expect.poll(() => summary.textContent(), POLL).toContain(walk.orderNo);
  const text = (await summary.textContent()) ?? '';
  expect(text).toContain(walk.customer);
  expect(text).toContain('已完成');
  expect(text).toMatch(/已发货数量\s*5/);
  expect(text).toMatch(/已开票（元）\s*5,?109\.15/);
  expect(text).toMatch(/已收款（元）\s*5,?109\.15/);
  expect(text).toMatch(/未收款（元）\s*0(\.00)?/);
  const events = screen.getByTestId('track-event');
  await expect.poll(() => events.count(), POLL).toBeGreaterThan(10);
  const lines = await events.allTextContents();
  const has = (what: RegExp, who: string) =>
    expect(lines.some((l) => what.test(l) && l.includes(`操作人：${who}`)), `${what} by ${who}`).toBe(true);
  has(new RegExp(`新增报价单 ${walk.quoteNo}`), '王芳');
  has(new RegExp(`流转报价单 ${walk.quoteNo}已提交 → 已审批`), '刘洋');
  has(new RegExp(`新增${walk.orderNo}`), '王芳');
  has(new RegExp(`流转${walk.orderNo}待审批 → 已审批`), '刘洋');
  expect(lines.filter((l) => /新增发货单 FH\d{12}/.test(l) && l.includes('操作人：刘洋'))).toHaveLength(2);
  has(new RegExp(`新增发票 ${walk.invoiceNo}`), '刘洋');
  has(new RegExp(`流转发票 ${walk.invoiceNo}待开票 → 已开票`), '刘洋');
  expect(lines.filter((l) => /新增收款单 SK\d{12}/.test(l) && l.includes('操作人：刘洋'))).toHaveLength(2);
  // Each line says when, oldest first.
  const times = lines.map((l) => /\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?/.exec(l)?.[0] ?? '');
  expect(times.every((t) => t !== '')).toBe(true);
  expect([...times].sort()).toEqual(times);
}
