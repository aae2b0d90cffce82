import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../src/shared/time.js';
import { checksSchemas } from '../server/checks-fixture.js';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, formInput, openModal, rowWith, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * Entity checks and live fields in the browser, on the checks fixture (校验测试账单): a save breaking a
 * rule shows the rule's message and keeps the form open; the live 逾期天数 follows the due date in the
 * form and is shown (without a sort arrow) in the list.
 */
const suite = useBrowserSuite({ failureShots: 'checks', schemas: checksSchemas });
const POLL = { timeout: 15_000 };

/** Five days ago on the server's calendar. */
const fiveDaysAgo = () => {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: DEFAULT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) - 5 * 86_400_000).toISOString().slice(0, 10);
};

describe('entity checks and live fields in the console', () => {
  it('refuses a save breaking a rule, then lists the live overdue days', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'admin');
    await page.goto(`${suite.server.url}/online/cgformList/chk_bill`);
    await page.locator('.renderer-list-page .ant-table-thead th').first().waitFor({ timeout: 20_000 });
    await button(page, '新增').click();
    const dialog = openModal(page, '新增');
    await formInput(dialog, '标题').waitFor(POLL);
    await formInput(dialog, '标题').fill('浏览器账单');
    await formInput(dialog, '应付金额').fill('10');
    await formInput(dialog, '已付金额').fill('20');
    const due = formInput(dialog, '到期日');
    await due.click();
    await due.fill(fiveDaysAgo());
    await due.press('Enter');
    await button(dialog, '确定').click();
    // A 400 answer is shown as a notification with the server's message.
    await page.locator('.ant-notification').getByText('已付金额不能超过应付金额').waitFor(POLL);
    await screenshot(page, 'checks-refused-1440');

    await formInput(dialog, '已付金额').fill('4');
    // The form computes the live field as the server will when reading.
    await expect.poll(() => formInput(dialog, '逾期天数').inputValue(), POLL).toBe('5');
    await button(dialog, '确定').click();
    await toast(page, /添加成功/).waitFor(POLL);

    const row = rowWith(page, '浏览器账单');
    await row.waitFor(POLL);
    const headers = page.locator('.renderer-list-page .ant-table-thead th');
    const index = (await headers.allInnerTexts()).map((h) => h.trim()).indexOf('逾期天数');
    expect(index).toBeGreaterThan(0);
    // The list is virtual (cells are .ant-table-cell in header order); it reloads after the save.
    await expect
      .poll(async () => (await row.locator('.ant-table-cell').allInnerTexts())[index]?.trim(), POLL)
      .toBe('5');
    // Computed when read, so the server cannot sort by it: no sort arrow (amounts have one).
    expect(await headers.nth(index).locator('.ant-table-column-sorters').count()).toBe(0);
    expect(await headers.filter({ hasText: '未付金额' }).locator('.ant-table-column-sorters').count()).toBe(
      1,
    );
    await screenshot(page, 'checks-live-list-1440');
  });
});
