import { describe, expect, it } from 'vitest';
import { screenshot, useBrowserSuite } from './browser.js';
import { signInAs } from './sign-in.js';

/**
 * The ERP board (schemas/modules/erp/dashboards/erp.json), opened from its menu entry (component
 * dashboard/View, url /dashboard/erp): its number cards and charts, and the receivables aging in its
 * four groups in order — the groups the aging statistic answers, empty ones included.
 */
const { server, errors, openPage } = useBrowserSuite({ failureShots: 'erp-dashboard' });

describe('the ERP board', () => {
  it('opens from the ERP menu with its cards and the aging groups in order', async () => {
    const { page } = await openPage({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    await signInAs(page, server.url, 'liuyang');
    await page.locator('.ant-menu').getByText('ERP 管理', { exact: true }).click();
    await page.locator('.ant-menu').getByText('ERP 看板', { exact: true }).click();
    await page.waitForURL(/\/dashboard\/erp$/);
    await page.locator('.dashboard-view').waitFor({ timeout: 20_000 });
    const card = (stat: string, type: string) =>
      page.locator(`.dashboard-card[data-card-type="${type}"][data-stat="${stat}"]`);
    for (const stat of ['erp_sales_this_month', 'erp_orders_pending', 'erp_receivable_balance', 'erp_overdue_invoices'])
      await expect.poll(() => card(stat, 'number').isVisible(), { timeout: 20_000 }).toBe(true);
    for (const stat of ['erp_sales_by_month', 'erp_order_funnel', 'erp_receivables_aging', 'erp_sales_by_customer'])
      await expect.poll(() => card(stat, 'chart').isVisible(), { timeout: 20_000 }).toBe(true);
    await card('erp_receivables_aging', 'chart').getByRole('button', { name: '查看数据' }).click();
    const table = card('erp_receivables_aging', 'chart').locator('table.stat-data-table');
    await table.waitFor({ timeout: 20_000 });
    const groups = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => tr.querySelector('td')?.textContent ?? ''));
    expect(groups).toEqual(['0-30', '31-60', '61-90', '>90']);
    await screenshot(page, 'erp-dashboard');
    expect(errors).toEqual([]);
  });
});
