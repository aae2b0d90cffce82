import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { t } from '../../src/client/locale/zh-CN.js';
import { recordPageSchemas } from '../server/record-page-fixtures.js';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, formInput, openModal, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * A record page (kind record, 档案页) in the browser (production build, real server, Chromium) on the
 * fixture module: the seeded resident's file opens at the patient-file path by its id, with the header
 * card and the tabs — the related readings (adding one prefilled with the resident), the trend chart and
 * the change history — on a desktop and on a phone.
 */
const suite = useBrowserSuite({ failureShots: 'record-page', schemas: recordPageSchemas });
const POLL = { timeout: 20_000 };
const FILE_PATH = '/chronic/modules/diseaseIntervene/healthInfo';

/** The seeded resident's id, as the resident list answers it. */
async function residentId(page: Page): Promise<string> {
  const answer = page.waitForResponse((r) => r.url().includes('/online/cgform/api/getData/rec_resident'));
  await page.goto(`${suite.server.url}/online/cgformList/rec_resident`);
  const body = (await (await answer).json()) as { result: { records: Array<{ id: string; name: string }> } };
  const row = body.result.records.find((r) => r.name === '李建国');
  expect(row).toBeDefined();
  return row!.id;
}

const visibleRows = (page: Page) => page.locator('.record-page .ant-tabs-tabpane-active .ant-table-row:visible');
const activeTab = (page: Page) => page.locator('.record-page .ant-tabs-tabpane-active');

async function openFile(page: Page, id: string) {
  await page.goto(`${suite.server.url}${FILE_PATH}?patientName=${encodeURIComponent('李建国')}&id=${id}`);
  await page.getByTestId('record-header').waitFor(POLL);
}

describe('record page (档案页)', () => {
  it('at 1440×900: header, related list with a prefilled 新增, trend chart and history', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'wangfang');
    const id = await residentId(page);
    await openFile(page, id);

    const header = page.getByTestId('record-header');
    await expect.poll(() => header.textContent(), POLL).toContain('李建国');
    const text = (await header.textContent()) ?? '';
    expect(text).toContain('138****5678');
    expect(text).toContain('高危');
    // The workspace tab is named after the patient (tabs/rules.ts).
    expect(await page.locator('.shell-tabs .ant-tabs-tab-active').textContent()).toBe(t.shell.tabs.patientFile('李建国'));

    // 血压记录: the seeded readings of this resident, newest first.
    await expect.poll(() => visibleRows(page).count(), POLL).toBe(5);
    await screenshot(page, 'record-page-desktop');

    // 新增 opens the reading form with the resident already filled in.
    await button(activeTab(page), '新增').click();
    const dialog = openModal(page, '新增');
    await dialog.waitFor(POLL);
    await expect.poll(() => dialog.locator('.ant-formily-item').filter({ hasText: '居民' }).textContent(), POLL).toContain('李建国');
    const date = formInput(dialog, '测量日期');
    await date.click();
    await date.fill('2026-11-25');
    await date.press('Enter');
    await formInput(dialog, '收缩压').fill('128');
    await formInput(dialog, '舒张压').fill('82');
    await button(dialog, '确定').click();
    await toast(page, /添加成功/).last().waitFor(POLL);
    await expect.poll(() => visibleRows(page).count(), POLL).toBe(6);
    expect(await visibleRows(page).first().textContent()).toContain('128');

    // A click on a row opens that reading's detail.
    await visibleRows(page).first().locator('.ant-table-cell').first().click();
    const detail = openModal(page, '详情');
    await expect.poll(() => detail.textContent(), POLL).toContain('128');
    await screenshot(page, 'record-page-row-detail-desktop');
    await detail.locator('.ant-modal-close').click();
    await detail.waitFor({ state: 'hidden', ...POLL });

    // 血压趋势: the stat of this resident drawn as a line chart.
    await page.getByRole('tab', { name: '血压趋势' }).click();
    await activeTab(page).locator('canvas').first().waitFor(POLL);
    expect(await activeTab(page).locator('.stat-widget-title').textContent()).toBe('血压趋势');
    await screenshot(page, 'record-page-chart-desktop');

    // 变更记录: the resident's add.
    await page.getByRole('tab', { name: '变更记录' }).click();
    await expect.poll(() => activeTab(page).textContent(), POLL).toContain('新增');
    await screenshot(page, 'record-page-history-desktop');
    expect(suite.errors).toEqual([]);
  });

  it('at 390×844: the header and tabs fit the phone; a bad id is explained', async () => {
    const { page } = await suite.openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInAs(page, suite.server.url, 'wangfang');
    const id = await residentId(page);
    await openFile(page, id);
    await expect.poll(() => visibleRows(page).count(), POLL).toBeGreaterThanOrEqual(5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'record-page-phone');

    await page.getByRole('tab', { name: '血压趋势' }).click();
    await activeTab(page).locator('canvas').first().waitFor(POLL);
    await screenshot(page, 'record-page-chart-phone');

    await page.goto(`${suite.server.url}${FILE_PATH}?id=no-such-record`);
    await page.getByText('记录不存在，或不在您的数据范围内').waitFor(POLL);
    await screenshot(page, 'record-page-missing-phone');
    expect(suite.errors).toEqual([]);
  });
});
