import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { equipmentRows } from '../../src/server/db/entity-seed-data.js';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, formInput, formItem, openModal, rowAction, rowWith, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * The ref picker (JRefSelect) of 设备维修单.维修设备 as a nurse of 护理部 meets it (production build,
 * real server, Chromium): only her department's equipment is offered, a keyword searches the asset
 * number, the list shows the equipment's name, an edit form shows it again, the query form filters by it.
 */
const suite = useBrowserSuite({ failureShots: 'ref-select' });
const LIST = '/online/cgformList/erp_repair_order';
const POLL = { timeout: 15_000 };
const NURSING = equipmentRows().filter((e) => e.sysOrgCode.startsWith('A01A01A04'));
const PICK = NURSING[1];

const options = (page: Page) => page.locator('.ant-select-dropdown:visible .ant-select-item-option');

async function openList(page: Page) {
  await signInAs(page, suite.server.url, 'lina');
  await page.goto(`${suite.server.url}${LIST}`);
  await page.locator('.renderer-list-page .ant-table-thead th').first().waitFor({ timeout: 20_000 });
}

async function openAdd(page: Page): Promise<Locator> {
  await button(page, '新增').click();
  const dialog = openModal(page, '新增');
  await formInput(dialog, '故障描述').waitFor(POLL);
  return dialog;
}

describe('ref picker (维修设备)', () => {
  it('offers the caller’s equipment, searches, saves the id and shows the name everywhere', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await openList(page);
    const dialog = await openAdd(page);
    const picker = formItem(dialog, '维修设备').locator('.ant-select');
    await picker.click();
    await expect.poll(() => options(page).allTextContents(), POLL).toEqual(NURSING.map((e) => e.name).sort());
    await page.locator('.ant-select-dropdown:visible').getByText(`已显示 ${NURSING.length} / ${NURSING.length} 条`).waitFor();
    await screenshot(page, 'ref-select-open-1440');

    await picker.locator('input').fill(PICK.assetNo);
    await expect.poll(() => options(page).allTextContents(), POLL).toEqual([PICK.name]);
    await options(page).first().click();
    const date = formInput(dialog, '报修日期');
    await date.click();
    await date.fill('2026-03-02');
    await date.press('Enter');
    await formInput(dialog, '故障描述').fill('关联选择浏览器测试');
    await button(dialog, '确定').click();
    await toast(page, /添加成功/).waitFor(POLL);

    const row = rowWith(page, '关联选择浏览器测试');
    await row.waitFor(POLL);
    expect(await row.textContent()).toContain(PICK.name);

    await rowAction(page, row, '编辑');
    const edit = openModal(page, '编辑');
    await formItem(edit, '维修设备').locator(`.ant-select-selection-item[title="${PICK.name}"]`).waitFor(POLL);
    await screenshot(page, 'ref-select-edit-1440');
    await edit.getByRole('button', { name: /取\s*消/ }).click();

    // The query form filters by the same picker.
    const query = formItem(page.locator('.renderer-query-form'), '维修设备').locator('.ant-select');
    await query.click();
    await query.locator('input').fill(PICK.assetNo);
    await expect.poll(() => options(page).allTextContents(), POLL).toEqual([PICK.name]);
    await options(page).first().click();
    await button(page, '查询').first().click();
    const listed = page.locator('.renderer-list-page .ant-table-row');
    await expect.poll(async () => (await listed.allTextContents()).every((t) => t.includes(PICK.name)), POLL).toBe(true);
    expect(await listed.count()).toBeGreaterThan(0);
    expect(suite.errors).toEqual([]);
  });

  it('fits a phone', async () => {
    const { page } = await suite.openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await openList(page);
    const dialog = await openAdd(page);
    const picker = formItem(dialog, '维修设备').locator('.ant-select');
    await picker.click();
    await expect.poll(() => options(page).count(), POLL).toBe(NURSING.length);
    const drop = await page.locator('.ant-select-dropdown:visible').boundingBox();
    expect(drop && drop.x >= 0 && drop.x + drop.width <= 390).toBe(true);
    await screenshot(page, 'ref-select-open-390');
    expect(suite.errors).toEqual([]);
  });
});
