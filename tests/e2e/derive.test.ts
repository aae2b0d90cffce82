import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { schemasWithDerive } from '../server/derive-fixture.js';
import { apiCall, apiToken } from './api.js';
import { screenshot, useBrowserSuite } from './browser.js';
import { box, button, formInput, openModal, rowAction, rowWith, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * Push-down (下推) in the browser (production build, real server, Chromium) on the fixture module: an
 * approved 报价 is turned into an 订单 by its row action — the order's add form opens prefilled (header
 * and the open lines in its child table), is saved by the ordinary add, and the quote list reloads.
 */
const suite = useBrowserSuite({ failureShots: 'derive', schemas: schemasWithDerive });
const LIST = '/online/cgformList/dv_quote';
const POLL = { timeout: 15_000 };
const API = '/jeecg-boot/online/cgform/api';
const DIALOG = '转订单：新建测试订单';

const call = <T>(token: string, method: string, path: string, body?: unknown) =>
  apiCall<T>(suite.server.url, token, method, path, body);

/** An approved quote with one open line, one fully converted line and one partly converted line. */
async function approvedQuote(token: string, title: string): Promise<string> {
  const client = await call<string>(token, 'POST', `${API}/form/dv_client`, { name: `${title}客户` });
  const id = await call<string>(token, 'POST', `${API}/form/dv_quote`, {
    title,
    client,
    discount: 0.9,
    dv_quote_line: [
      { product: '输液器', qty: 10, doneQty: 4, price: 2.5 },
      { product: '注射器', qty: 5, doneQty: 5, price: 1.2 },
      { product: '留置针', qty: 3, price: 12 },
    ],
  });
  await call(token, 'POST', `${API}/transition/dv_quote/approve`, { id });
  return id;
}

const childCell = (table: Locator, row: number, key: string) =>
  table.locator(`.jet-body-row[data-row="${row}"] [data-cell$=":${key}"] input`);

async function openList(page: Page) {
  await signInAs(page, suite.server.url, 'wangfang');
  await page.goto(`${suite.server.url}${LIST}`);
  await page.locator('.renderer-list-page .ant-table-thead th').first().waitFor({ timeout: 20_000 });
}

let token = '';

describe('push-down: 报价 转订单', () => {
  beforeAll(async () => {
    token = await apiToken(suite.server.url, 'wangfang');
  });

  it('opens the order form prefilled from the quote row and saves it as a new order', async () => {
    const quote = await approvedQuote(token, '下推浏览器报价');
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await openList(page);
    const row = rowWith(page, '下推浏览器报价');
    await row.waitFor(POLL);

    await rowAction(page, row, '转订单');
    const dialog = openModal(page, DIALOG);
    await expect.poll(() => formInput(dialog, '订单主题').inputValue(), POLL).toBe('下推浏览器报价');
    // The quote's amount 10×2.5 + 5×1.2 + 3×12 = 67, × 0.9 = 60.3.
    expect(Number((await formInput(dialog, '订单金额').inputValue()).replaceAll(',', ''))).toBe(60.3);
    expect(await formInput(dialog, '经办人').inputValue()).toBe('wangfang');
    // The ref picker shows the client's name, not its id (once its text has loaded).
    await expect
      .poll(() => dialog.locator('.ant-formily-item', { hasText: '客户' }).first().innerText(), POLL)
      .toContain('下推浏览器报价客户');
    // Only the open lines, with their open quantity.
    const table = dialog.locator('.child-table[data-child-table="dv_order_line"]');
    await childCell(table, 0, 'product').waitFor(POLL);
    expect(await table.locator('.jet-body-row').count()).toBe(2);
    expect(await childCell(table, 0, 'product').inputValue()).toBe('输液器');
    expect(await childCell(table, 0, 'qty').inputValue()).toBe('6');
    expect(await childCell(table, 1, 'product').inputValue()).toBe('留置针');
    // The lines' formula column and the header's roll-up are computed in the form, as on any add.
    await expect
      .poll(async () => Number((await childCell(table, 0, 'amount').inputValue()).replaceAll(',', '')), POLL)
      .toBe(15);
    await expect
      .poll(async () => Number((await formInput(dialog, '明细合计').inputValue()).replaceAll(',', '')), POLL)
      .toBe(51);
    await screenshot(page, 'derive-form-1440');

    // Saving adds the order; the quote list asks for its rows again.
    const reloaded = page.waitForResponse((r) => r.url().includes('/getData/dv_quote'), POLL);
    await button(dialog, '确定').click();
    await toast(page, '转订单成功，已生成新单据').last().waitFor(POLL);
    await dialog.waitFor({ state: 'hidden', ...POLL });
    await reloaded;
    const orders = await call<{ records: Array<Record<string, unknown>> }>(
      token,
      'GET',
      `${API}/getData/dv_order?pageSize=50`,
    );
    expect(
      orders.records
        .filter((o) => o.quote === quote)
        .map((o) => [o.title, Number(o.total), Number(o.linesTotal)]),
    ).toEqual([['下推浏览器报价', 60.3, 51]]);
    await screenshot(page, 'derive-saved-1440');
    expect(suite.errors).toEqual([]);
  });

  it('works on a phone: the action in the row sheet, the form within the screen', async () => {
    await approvedQuote(token, '手机下推报价');
    const { page } = await suite.openPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await openList(page);
    const row = rowWith(page, '手机下推报价');
    await row.waitFor(POLL);
    await row.getByRole('cell', { name: '手机下推报价', exact: true }).tap();
    const sheet = page.locator('.renderer-row-sheet .ant-drawer-content');
    await button(sheet, '转订单').tap();
    const dialog = openModal(page, DIALOG);
    await expect.poll(() => formInput(dialog, '订单主题').inputValue(), POLL).toBe('手机下推报价');
    const form = await box(dialog.locator('.ant-modal-content'));
    expect(form.x).toBeGreaterThanOrEqual(0);
    expect(form.x + form.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'derive-form-390');
    await button(dialog, '确定').tap();
    await toast(page, '转订单成功，已生成新单据').last().waitFor(POLL);
    expect(suite.errors).toEqual([]);
  });
});
