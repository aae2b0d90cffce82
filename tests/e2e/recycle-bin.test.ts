import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, confirm, rowAction, rowWith, rows, search, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * The recycle bins as an administrator uses them (production build, real server, Chromium): users
 * deleted on the user page appear under 回收站, one is restored and is back in the list, another is
 * deleted for good; the dictionary page has the same bin. The modal is photographed at 1440×900 and
 * on a phone (390×844).
 */
const suite = useBrowserSuite({ failureShots: 'recycle-failed' });
const { server, errors } = suite;

async function openPage(path: string, viewport = { width: 1440, height: 900 }, phone = false) {
  const { context, page } = await suite.openPage({
    viewport,
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
  });
  await signInAs(page, server.url, 'admin');
  await page.goto(`${server.url}${path}`);
  await page.locator('.renderer-list-page .ant-table-row').first().waitFor({ timeout: 20_000 });
  return { context, page };
}

const bin = (page: Page) => page.locator('.recycle-bin-modal');
const binRow = (page: Page, text: string) => bin(page).locator('.ant-table-row').filter({ hasText: text });

/** Finds one record by the query field and deletes it through its row action. */
async function deleteOne(page: Page, placeholder: string, value: string) {
  await search(page, placeholder, value);
  await expect.poll(() => rows(page).count()).toBe(1);
  await rowAction(page, rowWith(page, value), '删除');
  await confirm(page);
  await page.locator('.renderer-list-page .ant-empty-description').waitFor();
}

/** Ticks the bin's rows holding `text`, then runs a bin button and confirms it. */
async function binAction(page: Page, text: string, action: '还原' | '彻底删除') {
  await binRow(page, text).locator('.ant-checkbox-input').check();
  await bin(page).getByText('已选择 1 项').waitFor();
  await button(bin(page), action).click();
  await confirm(page);
  await toast(page, `${action === '还原' ? '还原' : '彻底删除'}成功`).waitFor();
  await binRow(page, text).waitFor({ state: 'detached' });
}

describe('recycle bins in the browser', () => {
  it('restores a deleted user to the list and deletes another for good', async () => {
    const { context, page } = await openPage('/isystem/user');
    for (const username of ['zhang003', 'liu004', 'wu009']) await deleteOne(page, '请输入账号', username);

    await screenshot(page, 'recycle-bin-user-toolbar-1440');
    await button(page, '回收站').click();
    await bin(page).locator('.ant-modal-title', { hasText: '用户回收站' }).waitFor();
    for (const username of ['zhang003', 'liu004', 'wu009']) await binRow(page, username).waitFor();
    // Nothing chosen yet: the two actions wait for a selection.
    await expect.poll(() => button(bin(page), '还原').isDisabled()).toBe(true);
    await screenshot(page, 'recycle-bin-users-1440');

    await binAction(page, 'zhang003', '还原');
    await binAction(page, 'liu004', '彻底删除');
    await binRow(page, 'wu009').waitFor();
    await button(bin(page), '关闭').click();
    await bin(page).waitFor({ state: 'hidden' });

    // The restored user is back in the list; the purged one is nowhere.
    await search(page, '请输入账号', 'zhang003');
    await expect.poll(() => rows(page).count()).toBe(1);
    await search(page, '请输入账号', 'liu004');
    await page.locator('.renderer-list-page .ant-empty-description').waitFor();
    await button(page, '回收站').click();
    await binRow(page, 'wu009').waitFor();
    expect(await binRow(page, 'liu004').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits the bin on a phone', async () => {
    const { context, page } = await openPage('/isystem/user', { width: 390, height: 844 }, true);
    await button(page, '回收站').click();
    await binRow(page, 'wu009').waitFor();
    await screenshot(page, 'recycle-bin-users-390');
    const box = await bin(page).locator('.ant-modal-content').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await binAction(page, 'wu009', '还原');
    await bin(page).getByText('回收站是空的').waitFor();
    await screenshot(page, 'recycle-bin-empty-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps deleted dictionaries in their own bin until restored', async () => {
    const { context, page } = await openPage('/isystem/dict');
    await deleteOne(page, '请输入字典编码', 'priority');
    await button(page, '回收站').click();
    await bin(page).locator('.ant-modal-title', { hasText: '字典回收站' }).waitFor();
    await binRow(page, 'priority').waitFor();
    await screenshot(page, 'recycle-bin-dicts-1440');
    await binAction(page, 'priority', '还原');
    await button(bin(page), '关闭').click();
    await search(page, '请输入字典编码', 'priority');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
