import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { customerRows, technicianRows } from '../../src/server/db/entity-seed-data.js';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, formInput, formItem, openModal, rowAction, rowWith, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * Relations beyond the single picker (production build, real server, Chromium): a 配件 row's 供应商 is
 * picked in the child grid with the ref picker, and 设备维修单 ↔ 维修人员 (many-to-many through
 * erp_repair_technician) with a multi-select; the list, the detail and an edit form show the names.
 */
const suite = useBrowserSuite({ failureShots: 'ref-many' });
const LIST = '/online/cgformList/erp_repair_order';
const POLL = { timeout: 15_000 };
const TECHS = technicianRows().filter((x) => x.tenantId === 1);
const SUPPLIER = customerRows().find((c) => c.name === '华东医药供应链有限公司') as ReturnType<
  typeof customerRows
>[number];

const options = (page: Page) => page.locator('.ant-select-dropdown:visible .ant-select-item-option');
const childCell = (table: Locator, row: number, key: string) =>
  table.locator(`.jet-body-row[data-row="${row}"] [data-cell$=":${key}"]`);

async function typeCell(table: Locator, row: number, key: string, value: string) {
  const input = childCell(table, row, key).locator('input');
  await input.click();
  await input.fill(value);
  await input.press('Tab');
}

describe('child-row ref picker and many-to-many multi-select (设备维修单)', () => {
  it('picks a supplier in the grid and several technicians, and shows their names everywhere', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'admin');
    await page.goto(`${suite.server.url}${LIST}`);
    await page.locator('.renderer-list-page .ant-table-thead th').first().waitFor({ timeout: 20_000 });
    // The junction is a list column of its own.
    await page
      .locator('.renderer-list-page .ant-table-thead th')
      .getByText('维修人员', { exact: true })
      .waitFor(POLL);
    await button(page, '新增').click();
    const dialog = openModal(page, '新增');
    await formInput(dialog, '故障描述').waitFor(POLL);
    await formItem(dialog, '维修设备').locator('.ant-select').click();
    await options(page).first().click(POLL);
    const date = formInput(dialog, '报修日期');
    await date.click();
    await date.fill('2026-03-06');
    await date.press('Enter');
    await formInput(dialog, '故障描述').fill('多对多浏览器测试');

    // 维修人员: a multi-select of the tenant's technicians, searched on the server.
    const techs = formItem(dialog, '维修人员').locator('.ant-select');
    await techs.click();
    await expect.poll(() => options(page).allTextContents(), POLL).toEqual(TECHS.map((x) => x.name).sort());
    await page.locator('.ant-select-dropdown:visible').getByText(TECHS[0].name, { exact: true }).click();
    await techs.locator('input').fill(TECHS[2].specialty);
    // The picked 周建国 stays listed (a selected value keeps its option); the search adds the match.
    await expect.poll(() => options(page).allTextContents(), POLL).toContain(TECHS[2].name);
    await page.locator('.ant-select-dropdown:visible').getByText(TECHS[2].name, { exact: true }).click();
    await expect
      .poll(() => techs.locator('.ant-select-selection-item').allTextContents(), POLL)
      .toEqual([TECHS[0].name, TECHS[2].name]);
    await page.keyboard.press('Escape');

    // 配件明细: the 供应商 column is the ref picker, not a text input.
    const table = dialog.locator('.child-table[data-child-table="erp_repair_part"]');
    await button(table, '新增').click();
    await typeCell(table, 0, 'name', '探头线缆');
    await typeCell(table, 0, 'quantity', '1');
    await typeCell(table, 0, 'price', '300');
    const supplier = childCell(table, 0, 'supplier').locator('.ant-select');
    await supplier.click();
    await supplier.locator('input').fill(SUPPLIER.customerNo);
    await expect.poll(() => options(page).allTextContents(), POLL).toEqual([SUPPLIER.name]);
    await options(page).first().click();
    await expect.poll(() => supplier.textContent(), POLL).toContain(SUPPLIER.name);
    await screenshot(page, 'ref-many-form-1440');
    await button(dialog, '确定').click();
    await toast(page, /添加成功/).waitFor(POLL);

    const row = rowWith(page, '多对多浏览器测试');
    await row.waitFor(POLL);
    expect(await row.textContent()).toContain(`${TECHS[0].name}、${TECHS[2].name}`);
    await screenshot(page, 'ref-many-list-1440');

    await rowAction(page, row, '详情');
    const detail = openModal(page, '详情');
    const people = detail.locator('[data-detail-children="erp_repair_technician"]');
    await expect.poll(() => people.textContent(), POLL).toContain(`${TECHS[0].name}、${TECHS[2].name}`);
    const parts = detail.locator(
      '[data-detail-children="erp_repair_part"] .ant-table-tbody tr.ant-table-row',
    );
    await expect.poll(() => parts.first().textContent(), POLL).toContain(SUPPLIER.name);
    await screenshot(page, 'ref-many-detail-1440');
    await detail.locator('.ant-modal-close').click();
    await detail.waitFor({ state: 'hidden' });

    // The edit form shows the stored names (no ids), and removing a technician saves as such.
    await rowAction(page, row, '编辑');
    const editing = openModal(page, '编辑');
    const stored = formItem(editing, '维修人员').locator('.ant-select');
    await expect
      .poll(() => stored.locator('.ant-select-selection-item').allTextContents(), POLL)
      .toEqual([TECHS[0].name, TECHS[2].name]);
    const storedSupplier = childCell(editing.locator('.child-table'), 0, 'supplier');
    await expect.poll(() => storedSupplier.textContent(), POLL).toContain(SUPPLIER.name);
    await stored
      .locator('.ant-select-selection-item')
      .first()
      .locator('.ant-select-selection-item-remove')
      .click();
    await button(editing, '确定').click();
    await toast(page, /编辑成功/).waitFor(POLL);
    await expect.poll(async () => (await row.textContent()) ?? '', POLL).not.toContain(TECHS[0].name);
    expect(await row.textContent()).toContain(TECHS[2].name);
    expect(suite.errors).toEqual([]);
  });
});
