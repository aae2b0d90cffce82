import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { schemasWithRefPopup } from '../server/ref-popup-fixture.js';
import { apiCall, apiToken } from './api.js';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, formInput, formItem, openModal, rowAction, rowWith, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * Ref fields picked through a popup report (EntityRef.popup) in the browser (production build, real
 * server, Chromium) on the fixture module: the sheet's own ref and its lines' ref open the report, the
 * picked item's name is shown, its price (and tax rate) fill the record or row, the line amount follows,
 * and the save stores the picked ids.
 */
const suite = useBrowserSuite({ failureShots: 'ref-popup', schemas: schemasWithRefPopup });
const LIST = '/online/cgformList/rp_sheet';
const POLL = { timeout: 15_000 };
const API = '/jeecg-boot/online/cgform/api';

const call = <T>(token: string, method: string, path: string, body?: unknown) =>
  apiCall<T>(suite.server.url, token, method, path, body);

/** Picks the report row holding `text` in the open popup report dialog. */
async function pick(page: Page, text: string) {
  const dialog = openModal(page, '物品选择');
  await dialog.getByText(text, { exact: true }).click(POLL);
  await button(dialog, '确定').click();
  await dialog.waitFor({ state: 'hidden', ...POLL });
}

const childCell = (table: Locator, row: number, key: string) =>
  table.locator(`.jet-body-row[data-row="${row}"] [data-cell$=":${key}"]`);

let token = '';
const items: Record<string, string> = {};

describe('ref fields picked through a popup report', () => {
  beforeAll(async () => {
    token = await apiToken(suite.server.url, 'wangfang');
    for (const [name, listPrice, taxRate] of [
      ['弹窗输液器', 2.5, 13],
      ['弹窗留置针', 12, 9],
    ] as const)
      items[name] = await call<string>(token, 'POST', `${API}/form/rp_item`, { name, listPrice, taxRate });
  });

  it('fills the form and the line grid from the picked report rows and saves the picked ids', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'wangfang');
    await page.goto(`${suite.server.url}${LIST}`);
    await page.locator('.renderer-list-page .ant-table-thead th').first().waitFor({ timeout: 20_000 });
    await button(page, '新增').click();
    const dialog = openModal(page, '新增');
    await formInput(dialog, '单据主题').fill('弹窗选择浏览器测试');

    // The form's ref: the name is shown, the price filled.
    await formItem(dialog, '主要物品').locator('input').click();
    await pick(page, '弹窗留置针');
    expect(await formInput(dialog, '主要物品').inputValue()).toBe('弹窗留置针');
    await expect.poll(() => formInput(dialog, '主要物品标价').inputValue(), POLL).toBe('12.00');

    // A line: the cell opens the report; price and tax rate follow, the amount with the quantity.
    const table = dialog.locator('.child-table[data-child-table="rp_sheet_line"]');
    await button(table, '新增').click();
    await childCell(table, 0, 'item').getByRole('button').click();
    await pick(page, '弹窗输液器');
    expect(await childCell(table, 0, 'item').innerText()).toContain('弹窗输液器');
    expect(Number(await childCell(table, 0, 'unitPrice').locator('input').inputValue())).toBe(2.5);
    expect(Number(await childCell(table, 0, 'taxRate').locator('input').inputValue())).toBe(13);
    const qty = childCell(table, 0, 'qty').locator('input');
    await qty.click();
    await qty.fill('4');
    await qty.press('Tab');
    await expect
      .poll(
        async () =>
          Number((await childCell(table, 0, 'amount').locator('input').inputValue()).replaceAll(',', '')),
        POLL,
      )
      .toBe(10);
    await screenshot(page, 'ref-popup-form-1440');

    await button(dialog, '确定').click();
    await toast(page, /添加成功/).waitFor(POLL);
    const sheets = await call<{ records: Array<Record<string, unknown>> }>(
      token,
      'GET',
      `${API}/getData/rp_sheet?pageSize=50`,
    );
    const sheet = sheets.records.find((s) => s.title === '弹窗选择浏览器测试');
    expect(sheet).toMatchObject({ mainItem: items['弹窗留置针'], mainItem_dictText: '弹窗留置针' });
    expect(Number(sheet?.mainPrice)).toBe(12);
    const stored = await call<Record<string, unknown>>(
      token,
      'GET',
      `${API}/form/rp_sheet/${String(sheet?.id)}`,
    );
    const lines = stored.rp_sheet_line as Array<Record<string, unknown>>;
    expect(
      lines.map((l) => [l.item, Number(l.unitPrice), Number(l.taxRate), l.qty, Number(l.amount)]),
    ).toEqual([[items['弹窗输液器'], 2.5, 13, 4, 10]]);

    // Editing shows the stored picks' names, not their ids.
    await rowAction(page, rowWith(page, '弹窗选择浏览器测试'), '编辑');
    const editing = openModal(page, '编辑');
    await expect.poll(() => formInput(editing, '主要物品').inputValue(), POLL).toBe('弹窗留置针');
    const lineCell = childCell(editing.locator('.child-table[data-child-table="rp_sheet_line"]'), 0, 'item');
    await expect.poll(() => lineCell.innerText(), POLL).toContain('弹窗输液器');
    await screenshot(page, 'ref-popup-edit-1440');
    expect(suite.errors).toEqual([]);
  });
});
