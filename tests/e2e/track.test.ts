import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { trackSchemas } from '../server/track-fixtures.js';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, formInput, formItem, openModal, rowAction, rowWith, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * Record tracking in the browser (production build, real server, Chromium) on the tracking fixture
 * module: an order and its shipment are added through their forms and the order is confirmed; the order's
 * 跟踪 row action opens its tracking tab with all of it in one timeline, and the header search finds the
 * order by its number.
 */
const suite = useBrowserSuite({ failureShots: 'track', schemas: trackSchemas });
const POLL = { timeout: 15_000 };
const CUSTOMER = '跟踪浏览器测试医院';

async function openList(page: Page, code: string) {
  await page.goto(`${suite.server.url}/online/cgformList/${code}`);
  await page.locator('.renderer-list-page .ant-table-thead th').first().waitFor({ timeout: 20_000 });
}

/** The order number (TK + year + sequence) in a list row. */
const orderNoOf = async (row: ReturnType<typeof rowWith>) => /TK\d{9}/.exec((await row.textContent()) ?? '')?.[0] ?? '';

async function save(page: Page, dialog: ReturnType<typeof openModal>) {
  await button(dialog, '确定').click();
  await toast(page, /添加成功/).last().waitFor(POLL);
  await dialog.waitFor({ state: 'hidden', ...POLL });
}

/** Adds the order and one shipment of it; answers the order's number. */
async function addOrderAndShipment(page: Page): Promise<string> {
  await openList(page, 'trk_order');
  await button(page, '新增').click();
  const order = openModal(page, '新增');
  await formInput(order, '客户').fill(CUSTOMER);
  await save(page, order);
  const row = rowWith(page, CUSTOMER);
  await row.waitFor(POLL);
  const orderNo = await orderNoOf(row);
  expect(orderNo).toMatch(/^TK\d{9}$/);

  await openList(page, 'trk_ship');
  await button(page, '新增').click();
  const ship = openModal(page, '新增');
  await formInput(ship, '发货单号').fill('FH-E2E-01');
  await formItem(ship, '订单').locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: orderNo }).click(POLL);
  await save(page, ship);
  return orderNo;
}

/** The tracking tab of the order: its summary, both records' adds and the order's confirmation in one timeline. */
async function expectTrackingScreen(page: Page, orderNo: string) {
  const screen = page.locator('[data-testid="track-page"]');
  await screen.waitFor(POLL);
  await expect.poll(() => screen.locator('.ant-card-head-title').first().textContent(), POLL).toBe(`跟踪订单跟踪：${orderNo}`);
  expect(await screen.locator('.ant-descriptions').textContent()).toContain(CUSTOMER);
  const events = screen.locator('[data-testid="track-event"]');
  await expect.poll(() => events.count(), POLL).toBe(3);
  expect(await events.nth(0).textContent()).toContain(`新增${orderNo}`);
  expect(await events.nth(1).textContent()).toContain('新增跟踪发货单 FH-E2E-01');
  expect(await events.nth(1).textContent()).toContain('操作人：王芳');
  expect(await events.nth(2).textContent()).toContain(`流转${orderNo}草稿 → 已确认`);
  expect(await events.nth(2).textContent()).toContain('意见：客户已付款');
}

describe('record tracking: 跟踪 and the document search', () => {
  it('opens an order’s tracking tab from its row action and from the header search', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'wangfang');
    const orderNo = await addOrderAndShipment(page);

    // The order is confirmed with a comment: a transition on the timeline.
    await openList(page, 'trk_order');
    await rowAction(page, rowWith(page, CUSTOMER), '确认');
    const comment = openModal(page, '确认');
    await formInput(comment, '处理意见', 'textarea').fill('客户已付款');
    await button(comment, '确定').click();
    await toast(page, '确认成功').last().waitFor(POLL);
    await comment.waitFor({ state: 'hidden', ...POLL });

    await rowAction(page, rowWith(page, CUSTOMER), '跟踪');
    await page.waitForURL(/\/online\/track\/trk_order\/\w+$/, POLL);
    await expectTrackingScreen(page, orderNo);
    // The workspace tab is named after the record.
    await expect
      .poll(() => page.locator('.ant-tabs-tab-active').first().textContent(), POLL)
      .toContain(`跟踪订单跟踪：${orderNo}`);
    await screenshot(page, 'track-page-1440');

    await openList(page, 'trk_ship');
    const search = page.getByRole('combobox', { name: '搜索菜单' });
    await search.click();
    await search.fill(orderNo.slice(0, 8));
    const hit = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: `跟踪订单：${orderNo}` });
    await hit.waitFor(POLL);
    // Menu entries still match by title alongside.
    await search.fill(orderNo);
    await hit.waitFor(POLL);
    await screenshot(page, 'track-search-1440');
    await hit.click();
    await page.waitForURL(/\/online\/track\/trk_order\/\w+$/, POLL);
    await expectTrackingScreen(page, orderNo);
    expect(suite.errors).toEqual([]);
  });

  it('fits a phone: summary and timeline in one column', async () => {
    const { page } = await suite.openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInAs(page, suite.server.url, 'wangfang');
    await openList(page, 'trk_order');
    const row = rowWith(page, CUSTOMER);
    await row.waitFor(POLL);
    const orderNo = await orderNoOf(row);
    // On a phone a tap on the row opens its actions as a sheet.
    await row.locator('.ant-table-cell', { hasText: CUSTOMER }).tap();
    await button(page.locator('.renderer-row-sheet .ant-drawer-content'), '跟踪').tap();
    await expectTrackingScreen(page, orderNo);
    // Nothing wider than the screen.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'track-page-390');
    expect(suite.errors).toEqual([]);
  });
});
