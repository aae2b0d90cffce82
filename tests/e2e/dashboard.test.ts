import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowserSuite } from './browser.js';
import { box, formItem } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * The home dashboard (production build, real server and stats, Chromium): the cards of schemas/dashboards/home.json
 * draw their stats on canvases with the same numbers in their data tables; a slice opens the list filtered
 * to its group; a doctor sees his own scope's numbers; a phone stacks the cards full width.
 */
const { server, errors, openPage } = useBrowserSuite({ failureShots: 'dashboard' });
const HOME = '/dashboard/analysis';

interface StatAnswer {
  dimensions: Array<{ key: string }>;
  measures: Array<{ key: string }>;
  rows: Array<Record<string, string | number | null>>;
  drill?: { page: string; filters: Array<Record<string, string>> };
}

const card = (page: Page, stat: string, type = 'chart') =>
  page.locator(`.dashboard-card[data-card-type="${type}"][data-stat="${stat}"]`);
const zh = (n: unknown) => new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 }).format(Number(n));

/** Signs in and opens the home page, collecting the stat answers the cards receive. */
async function openHome(username: string, viewport = { width: 1440, height: 900 }, mobile = false) {
  // Reduced motion: the charts draw without animation, so a slice is where it will stay when clicked.
  const { page } = await openPage({
    viewport,
    reducedMotion: 'reduce',
    ...(mobile ? { isMobile: true, hasTouch: true } : {}),
  });
  const answers = new Map<string, StatAnswer>();
  page.on('response', async (r) => {
    const m = /\/sys\/stats\/([a-z0-9_]+)\?/.exec(r.url()) ?? /\/sys\/stats\/([a-z0-9_]+)$/.exec(r.url());
    if (m && r.ok()) answers.set(m[1], (await r.json()).result as StatAnswer);
  });
  await signInAs(page, server.url, username);
  if (!page.url().endsWith(HOME)) await page.goto(`${server.url}${HOME}`);
  await page.locator('.dashboard-view').waitFor({ timeout: 20_000 });
  return { page, answers };
}

/** The body cells of a card's data table, row by row. */
async function tableRows(page: Page, stat: string): Promise<string[][]> {
  const table = card(page, stat).locator('table.stat-data-table');
  await table.waitFor({ state: 'attached', timeout: 20_000 });
  return table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
}

/** The page point inside the first slice of a pie or donut (ECharts starts at 12 o'clock and goes clockwise). */
async function firstSlicePoint(page: Page, stat: string, values: number[], inner: number, outer: number) {
  const b = await box(card(page, stat).locator('.stat-chart-canvas'));
  const total = values.reduce((s, v) => s + v, 0);
  const angle = (values[0] / total) * Math.PI; // the middle of the first slice
  const r = ((inner + outer) / 2) * (Math.min(b.width, b.height) / 2);
  const cx = b.x + b.width / 2;
  const cy = b.y + b.height * 0.56;
  return { x: cx + r * Math.sin(angle), y: cy - r * Math.cos(angle) };
}

describe('the home dashboard', () => {
  let adminEquipment: StatAnswer | undefined;

  it('draws every card for the administrator, with the API numbers in the data tables', async () => {
    const { page, answers } = await openHome('admin');
    for (const stat of [
      'user_by_depart',
      'user_by_sex',
      'customer_by_type',
      'customer_by_level',
      'equipment_by_status',
    ])
      await card(page, stat).locator('canvas').first().waitFor({ timeout: 20_000 });
    // Purchases default to this year; the demo data may have none yet: then the card says so instead of drawing.
    const purchases = card(page, 'equipment_purchase_by_month');
    await purchases.locator('canvas, .ant-empty').first().waitFor({ timeout: 20_000 });
    expect(await purchases.locator('canvas').count()).toBe(
      answers.get('equipment_purchase_by_month')?.rows.length ? 1 : 0,
    );
    await card(page, 'announcement_this_month', 'number').locator('.stat-number-value').waitFor();
    await page.locator('.dashboard-card[data-card-type="notices"]').waitFor();
    await page.locator('.dashboard-card[data-card-type="todo"]').waitFor();
    expect(await page.getByRole('heading', { level: 4 }).first().textContent()).toMatch(/欢迎回来/);

    // The table behind a chart holds exactly what the stat API answered, formatted in Chinese.
    const users = answers.get('user_by_depart');
    expect(users?.rows.length).toBeGreaterThan(0);
    adminEquipment = answers.get('equipment_by_status');
    const cells = await tableRows(page, 'user_by_depart');
    expect(cells.map((r) => r[1])).toEqual(users!.rows.map((r) => zh(r.count)));
    expect(cells.map((r) => r[0])).toEqual(users!.rows.map((r) => String(r.orgCode_dictText ?? r.orgCode)));

    const customers = answers.get('customer_by_type')!;
    const customerCells = await tableRows(page, 'customer_by_type');
    expect(customerCells.map((r) => [r[0], r[1], r[2]])).toEqual(
      customers.rows.map((r) => [String(r.customerType_dictText), zh(r.count), zh(r.creditLimit)]),
    );
    // The number card is the sum over the groups.
    const total = customers.rows.reduce((s, r) => s + Number(r.count), 0);
    expect(await card(page, 'customer_by_type', 'number').locator('.stat-number-value').textContent()).toBe(
      zh(total),
    );

    // 查看数据 shows the table to everyone.
    await card(page, 'user_by_sex').getByRole('button', { name: '查看数据' }).click();
    await expect
      .poll(() => card(page, 'user_by_sex').locator('table.stat-data-table').isVisible())
      .toBe(true);
    await screenshot(page, 'dashboard-admin-1440');
    expect(errors).toEqual([]);
  });

  it('a click on a slice opens the list filtered to its group, the filter shown in the query form', async () => {
    const { page, answers } = await openHome('admin');
    const donut = card(page, 'customer_by_type');
    await donut.locator('canvas').first().waitFor({ timeout: 20_000 });
    await donut.scrollIntoViewIfNeeded();
    const customers = answers.get('customer_by_type')!;
    const first = customers.rows[0];
    const point = await firstSlicePoint(
      page,
      'customer_by_type',
      customers.rows.map((r) => Number(r.count)),
      0.42,
      0.68,
    );
    await page.mouse.click(point.x, point.y);
    await page.waitForURL((u) => u.pathname === '/online/cgformList/erp_customer', { timeout: 15_000 });
    const query = new URL(page.url()).searchParams;
    expect(query.get('customerType')).toBe(String(first.customerType));
    // A tab of the workspace, and the query form shows the group (its dictionary text), changeable.
    await page.locator('.renderer-list-page .ant-table').waitFor({ timeout: 20_000 });
    const form = page.locator('.renderer-list-page');
    await expect
      .poll(() => formItem(form, '客户类型').textContent(), { timeout: 10_000 })
      .toContain(String(first.customerType_dictText));
    // The list's total is the slice's count (its rows are virtual: only those on screen are drawn).
    await expect
      .poll(() => page.locator('.renderer-list-page .ant-pagination-total-text').textContent(), { timeout: 10_000 })
      .toContain(`共 ${Number(first.count)} 条`);
    await screenshot(page, 'dashboard-drill-customer');
    expect(errors).toEqual([]);
  });

  it("a doctor sees only his scope's numbers", async () => {
    const { page, answers } = await openHome('zhangwei');
    const equipment = card(page, 'equipment_by_status');
    await equipment.locator('canvas').first().waitFor({ timeout: 20_000 });
    const mine = answers.get('equipment_by_status')!;
    const sum = (a: StatAnswer) => a.rows.reduce((s, r) => s + Number(r.count), 0);
    // His department's equipment only: fewer than the administrator counted, and the card shows his numbers.
    expect(sum(mine)).toBeGreaterThan(0);
    expect(sum(mine)).toBeLessThan(sum(adminEquipment!));
    expect((await tableRows(page, 'equipment_by_status')).map((r) => r[1])).toEqual(
      mine.rows.map((r) => zh(r.count)),
    );
    expect(
      await card(page, 'equipment_by_status', 'number').locator('.stat-number-value').textContent(),
    ).toBe(zh(sum(mine)));
    // Cards over stats he may not read are not served at all (users by department needs user:list).
    expect(await card(page, 'user_by_depart').count()).toBe(0);
    expect(answers.has('user_by_depart')).toBe(false);
    await screenshot(page, 'dashboard-doctor-1440');
    expect(errors).toEqual([]);
  });

  it('stacks the cards full width on a phone', async () => {
    const { page } = await openHome('admin', { width: 390, height: 844 }, true);
    const chart = card(page, 'user_by_depart');
    await chart.locator('canvas').first().waitFor({ timeout: 20_000 });
    const cardBox = await box(chart);
    expect(cardBox.width).toBeGreaterThan(300);
    const numberBoxes = await Promise.all(
      ['announcement_this_month', 'customer_by_type'].map((s) => box(card(page, s, 'number'))),
    );
    expect(numberBoxes[1].y).toBeGreaterThan(numberBoxes[0].y); // one above the other, not side by side
    await screenshot(page, 'dashboard-phone-390');
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-phone-390-chart');
    expect(errors).toEqual([]);
  });
});
