import { describe, expect, it } from 'vitest';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, formItem, openModal } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * Live computed fields in the browser (production build, real server, Chromium): the 设备维修单 form's
 * 合计金额 (x-compute derived from the entity's formula laborCost + partsTotal) follows 人工费 while
 * typing, with decimal arithmetic, and cannot be typed into.
 */
const suite = useBrowserSuite({ failureShots: 'computed' });
const POLL = { timeout: 15_000 };

describe('computed fields in the form', () => {
  it('recomputes the read-only total as the labour cost is typed', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'admin');
    await page.goto(`${suite.server.url}/online/cgformList/erp_repair_order`);
    await page.locator('.renderer-list-page .ant-table-thead th').first().waitFor({ timeout: 20_000 });
    await button(page, '新增').click();
    const dialog = openModal(page, '新增');
    const total = formItem(dialog, '合计金额（元）').locator('input').first();
    const labour = formItem(dialog, '人工费（元）').locator('input').first();
    await labour.waitFor(POLL);
    expect(await total.getAttribute('readonly')).not.toBeNull();
    const shown = async () => (await total.inputValue()).replaceAll(',', '');

    await labour.click();
    await labour.fill('0.1');
    await expect.poll(shown, POLL).toBe('0.10');
    await labour.fill('1234.56');
    await expect.poll(shown, POLL).toBe('1234.56');
    await screenshot(page, 'computed-total-1440');
  });
});
