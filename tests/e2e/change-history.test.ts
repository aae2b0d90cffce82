import { describe, expect, it } from 'vitest';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, confirm, formInput, openModal, rowAction, rows, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * Change history in the browser (production build, real server, Chromium): an equipment record is
 * edited through its form, then its detail's 变更记录 tab shows the edit with the field's old and new
 * value; a deleted record appears under 已删除记录 and is restored from there.
 */
const suite = useBrowserSuite({ failureShots: 'change-history' });
const LIST = '/online/cgformList/erp_equipment';
const POLL = { timeout: 15_000 };

describe('change history: 变更记录 and 已删除记录', () => {
  it('shows an edit in the record detail 变更记录 tab', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'admin');
    await page.goto(`${suite.server.url}${LIST}`);
    const row = rows(page).first();
    await row.waitFor({ timeout: 20_000 });
    await rowAction(page, row, '编辑');
    const dialog = openModal(page, '编辑');
    const model = formInput(dialog, '规格型号');
    await model.waitFor(POLL);
    const before = await model.inputValue();
    await model.fill('历史测试型号-9');
    await button(dialog, '确定').click();
    await toast(page, /编辑成功/).waitFor(POLL);

    const edited = rows(page).filter({ hasText: '历史测试型号-9' });
    await edited.waitFor(POLL);
    await rowAction(page, edited, '详情');
    const detail = openModal(page, '详情');
    await detail.getByRole('tab', { name: '变更记录' }).click();
    const timeline = detail.locator('[data-testid="change-history"]');
    await timeline.waitFor(POLL);
    const latest = timeline.locator('.ant-timeline-item').first();
    expect(await latest.locator('.ant-tag').textContent()).toBe('编辑');
    expect(await latest.textContent()).toContain('操作人：admin');
    const line = latest.locator('.ant-table-row').filter({ hasText: '规格型号' });
    await line.waitFor(POLL);
    const cells = await line.locator('td').allTextContents();
    expect(cells).toEqual(['规格型号', before || '（空）', '历史测试型号-9']);
    await screenshot(page, 'change-history-tab-1440');
    expect(suite.errors).toEqual([]);
  });

  it('lists a deleted record under 已删除记录 and restores it', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'admin');
    await page.goto(`${suite.server.url}${LIST}`);
    const row = rows(page).first();
    await row.waitFor({ timeout: 20_000 });
    // The row's own text (serial and asset numbers are unique) names it in the list.
    const text = ((await row.textContent()) ?? '').trim();
    expect(text).not.toBe('');
    const same = () => rows(page).filter({ hasText: text }).count();
    await rowAction(page, row, '删除');
    await confirm(page);
    await toast(page, /删除成功/).waitFor(POLL);
    await expect.poll(same, POLL).toBe(0);

    await button(page, '已删除记录').click();
    const drawer = page.locator('.ant-drawer:visible');
    const deleted = drawer.locator('.ant-table-row').first();
    await deleted.waitFor(POLL);
    expect(await deleted.textContent()).toContain('admin');
    await screenshot(page, 'change-history-deleted-1440');
    await deleted.getByText('还原', { exact: true }).click();
    await button(page.locator('.ant-popconfirm:visible'), '确定').click();
    await toast(page, /还原成功/).waitFor(POLL);
    await drawer.locator('.ant-drawer-close').click();
    await expect.poll(same, POLL).toBe(1);
    expect(suite.errors).toEqual([]);
  });
});
