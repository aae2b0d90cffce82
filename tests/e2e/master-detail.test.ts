import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, formInput, formItem, openModal, rowAction, rowWith, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * Master-detail in the browser (production build, real server, Chromium): a 设备维修单 is added with
 * two 配件 rows typed into the child table of its form, saved in one request, and its detail shows
 * the rows in order under 配件明细.
 */
const suite = useBrowserSuite({ failureShots: 'master-detail' });
const LIST = '/online/cgformList/erp_repair_order';
const POLL = { timeout: 15_000 };

const childCell = (table: Locator, row: number, key: string) =>
  table.locator(`.jet-body-row[data-row="${row}"] [data-cell$=":${key}"] input`);

async function typeRow(table: Locator, row: number, values: Record<string, string>) {
  for (const [key, value] of Object.entries(values)) {
    const input = childCell(table, row, key);
    await input.click();
    await input.fill(value);
    await input.press('Tab');
  }
}

async function openAdd(page: Page) {
  await signInAs(page, suite.server.url, 'admin');
  await page.goto(`${suite.server.url}${LIST}`);
  await page.locator('.renderer-list-page .ant-table-thead th').first().waitFor({ timeout: 20_000 });
  await button(page, '新增').click();
  const dialog = openModal(page, '新增');
  await formInput(dialog, '故障描述').waitFor();
  return dialog;
}

describe('master-detail: 设备维修单 with 配件明细', () => {
  it('adds an order with two part rows and shows them in its detail', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    const dialog = await openAdd(page);
    await formItem(dialog, '维修设备').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click(POLL);
    const date = formInput(dialog, '报修日期');
    await date.click();
    await date.fill('2026-03-02');
    await date.press('Enter');
    await formInput(dialog, '故障描述').fill('主从表浏览器测试');

    const table = dialog.locator('.child-table[data-child-table="erp_repair_part"]');
    await table.waitFor(POLL);
    // The link to the parent is not a column; the formula column is read-only.
    expect(await table.locator('[data-cell$=":repairOrder"]').count()).toBe(0);
    await button(table, '新增').click();
    await typeRow(table, 0, { name: '电源板', spec: 'PB-1', quantity: '2', price: '120.5' });
    expect(await childCell(table, 0, 'amount').isDisabled()).toBe(true);
    // The formula column follows its operands while typing.
    await expect
      .poll(async () => Number((await childCell(table, 0, 'amount').inputValue()).replaceAll(',', '')), POLL)
      .toBe(241);
    await page.waitForTimeout(1600); // the grid refuses a second add within 1.5 s
    await button(table, '新增').click();
    await typeRow(table, 1, { name: '保险丝', spec: 'F-5A', quantity: '3', price: '2.5' });
    await screenshot(page, 'master-detail-form-1440');
    await button(dialog, '确定').click();
    await toast(page, /添加成功/).waitFor(POLL);

    const row = rowWith(page, '主从表浏览器测试');
    await row.waitFor(POLL);
    await rowAction(page, row, '详情');
    const detail = openModal(page, '详情');
    const parts = detail.locator('[data-detail-children="erp_repair_part"]');
    await parts.waitFor(POLL);
    expect(await parts.locator('h5').textContent()).toBe('配件明细');
    const lines = parts.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => lines.count(), POLL).toBe(2);
    expect(await lines.nth(0).textContent()).toContain('电源板');
    expect(await lines.nth(0).textContent()).toContain('PB-1');
    expect(await lines.nth(1).textContent()).toContain('保险丝');
    await screenshot(page, 'master-detail-detail-1440');
    await detail.locator('.ant-modal-close').click();
    await detail.waitFor({ state: 'hidden' });

    // Editing loads the stored rows (with their ids): a changed and a removed row are saved as such.
    await rowAction(page, row, '编辑');
    const editing = openModal(page, '编辑');
    const stored = editing.locator('.child-table[data-child-table="erp_repair_part"]');
    await expect.poll(() => stored.locator('.jet-body-row').count(), POLL).toBe(2);
    expect(await childCell(stored, 0, 'name').inputValue()).toBe('电源板');
    await typeRow(stored, 0, { quantity: '4' });
    await stored.locator('.jet-body-row[data-row="1"] input[type="checkbox"]').check();
    await button(stored, '删除').click();
    await button(page.locator('.ant-popconfirm:visible'), '确定').click();
    await expect.poll(() => stored.locator('.jet-body-row').count(), POLL).toBe(1);
    await button(editing, '确定').click();
    await toast(page, /编辑成功/).waitFor(POLL);
    await rowAction(page, row, '详情');
    const again = openModal(page, '详情').locator(
      '[data-detail-children="erp_repair_part"] .ant-table-tbody tr.ant-table-row',
    );
    await expect.poll(() => again.count(), POLL).toBe(1);
    expect(await again.first().textContent()).toMatch(/电源板.*PB-1.*4/);
    expect(suite.errors).toEqual([]);
  });

  it('keeps the child table usable on a phone (it scrolls sideways)', async () => {
    const { page } = await suite.openPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const dialog = await openAdd(page);
    const table = dialog.locator('.child-table[data-child-table="erp_repair_part"]');
    await table.waitFor(POLL);
    await button(table, '新增').tap();
    const name = childCell(table, 0, 'name');
    await name.tap();
    await name.fill('手机配件');
    const box = await table.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'master-detail-form-390');
    expect(await name.inputValue()).toBe('手机配件');
    expect(suite.errors).toEqual([]);
  });
});
