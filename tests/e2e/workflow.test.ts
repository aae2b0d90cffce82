import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, confirm, formInput, formItem, openModal, rowAction, rowWith, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * Declared transitions in the browser (production build, real server, Chromium): the organisation
 * manager moves a 设备维修单 from 待维修 to 维修中 with the row's button, then to 已完成 from its detail
 * with a comment; the state shows as a coloured tag and 待我处理 narrows the list to what she can move.
 */
const suite = useBrowserSuite({ failureShots: 'workflow' });
const LIST = '/online/cgformList/erp_repair_order';
const POLL = { timeout: 15_000 };
const FAULT = '流转浏览器测试';

async function openList(page: Page, user: string) {
  await signInAs(page, suite.server.url, user);
  await page.goto(`${suite.server.url}${LIST}`);
  await page.locator('.renderer-list-page .ant-table-thead th').first().waitFor({ timeout: 20_000 });
}

async function addOrder(page: Page, fault: string) {
  await button(page, '新增').click();
  const dialog = openModal(page, '新增');
  await formInput(dialog, '故障描述').waitFor();
  await formItem(dialog, '维修设备').locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click(POLL);
  const date = formInput(dialog, '报修日期');
  await date.click();
  await date.fill('2026-03-02');
  await date.press('Enter');
  await formInput(dialog, '故障描述').fill(fault);
  await button(dialog, '确定').click();
  await toast(page, /添加成功/).last().waitFor(POLL);
  await dialog.waitFor({ state: 'hidden', ...POLL });
}

const stateTag = (page: Page) => rowWith(page, FAULT).locator('.ant-tag').first();

describe('workflow: 设备维修单 states and transitions', () => {
  it('moves an order through its states from the list and the detail', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await openList(page, 'wangfang');
    // A second order stays 待维修 for the phone test's 待我处理.
    await addOrder(page, '流转第二单');
    await addOrder(page, FAULT);

    const row = rowWith(page, FAULT);
    await row.waitFor(POLL);
    expect(await stateTag(page).textContent()).toBe('待维修');
    // The state tag has the dictionary's colour.
    expect(await stateTag(page).getAttribute('class')).toContain('ant-tag-orange');
    // Only the transitions of the current state are offered; 完成维修 is not yet.
    expect(await row.getByText('完成维修', { exact: true }).count()).toBe(0);
    await screenshot(page, 'workflow-list-1440');

    await rowAction(page, row, '开始维修');
    expect(await page.locator('.ant-modal-confirm:visible').textContent()).toContain('确定开始维修该设备吗？');
    await confirm(page);
    await toast(page, '开始维修成功').last().waitFor(POLL);
    await expect.poll(() => stateTag(page).textContent(), POLL).toBe('维修中');
    expect(await stateTag(page).getAttribute('class')).toContain('ant-tag-blue');

    // From the detail: 完成维修 asks for an optional comment.
    await rowAction(page, row, '详情');
    const detail = openModal(page, '详情');
    await detail.waitFor(POLL);
    await expect.poll(() => detail.locator('.renderer-detail-actions button').allTextContents(), POLL).toEqual([
      '完成维修',
      '取消',
    ]);
    await screenshot(page, 'workflow-detail-1440');
    await button(detail, '完成维修').click();
    const comment = openModal(page, '完成维修');
    await formInput(comment, '处理意见', 'textarea').fill('更换电源板，试机正常');
    await screenshot(page, 'workflow-comment-1440');
    await button(comment, '确定').click();
    await toast(page, '完成维修成功').last().waitFor(POLL);
    await expect.poll(() => stateTag(page).textContent(), POLL).toBe('已完成');
    // Finished orders are locked: no transition is offered any more.
    expect(await row.getByText('取消', { exact: true }).count()).toBe(0);

    // 待我处理: rows she can move on only — the finished order is not among them.
    await page.getByTestId('workflow-filter').getByText('待我处理').click();
    await expect.poll(() => rowWith(page, FAULT).count(), POLL).toBe(0);
    await screenshot(page, 'workflow-actionable-1440');
    await page.getByTestId('workflow-filter').getByText('全部').click();
    await rowWith(page, FAULT).waitFor(POLL);
    expect(suite.errors).toEqual([]);
  });

  it('shows the state tags and the 待我处理 filter on a phone', async () => {
    const { page } = await suite.openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await openList(page, 'wangfang');
    const filter = page.getByTestId('workflow-filter');
    await filter.waitFor(POLL);
    await filter.getByText('待我处理').tap();
    await page.locator('.renderer-list-page .ant-table-row .ant-tag').first().waitFor(POLL);
    const states = await page.locator('.renderer-list-page .ant-table-row .ant-tag').allTextContents();
    expect(states.length).toBeGreaterThan(0);
    expect(states.every((s) => s === '待维修' || s === '维修中')).toBe(true);
    expect(await rowWith(page, '流转第二单').count()).toBe(1);
    await screenshot(page, 'workflow-actionable-390');
    expect(suite.errors).toEqual([]);
  });
});
