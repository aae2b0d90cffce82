import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../src/server/db/menu-sync.js';
import { DEMO_PASSWORD } from '../../src/server/db/seed-data.js';
import { launchBrowser, openContext, screenshot, startServer, type RunningServer } from './browser.js';
import { signInAs } from './sign-in.js';

/**
 * Real-time notices as people see them: a doctor's console is open; an administrator releases an
 * announcement to the doctor; the bell shows it within a second without a reload; the doctor opens
 * it and the count drops.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

async function adminCall(method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(`${server.url}/jeecg-boot${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-access-token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; message: string; result: { id: string; token: string } };
}

const bellLabel = (p: Page) => p.locator('.notices-bell').getAttribute('aria-label');
/** What the bell says with n unread messages. */
const bellSays = (n: number) => (n === 0 ? '消息通知' : `消息通知，${n} 条未读`);
/** The bell says when its push channel is up (otherwise it polls). */
const waitLive = (p: Page) =>
  p.waitForFunction(() => document.querySelector('.notices-bell')?.getAttribute('data-live') === 'on', null, { timeout: 15_000, polling: 100 });

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const context = await openContext(browser);
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('notices in the browser', () => {
  it('shows a released announcement on the open console within a second, and reading it drops the count', async () => {
    await signInAs(page, server.url, 'zhangwei');
    // The push channel is up (the bell says so) before the administrator acts.
    await waitLive(page);
    // The demo seed leaves the doctor some unread messages; the new one comes on top of them. Their count
    // may arrive after the push channel is up: read it once it has.
    await page.waitForFunction(() => /条未读/.test(document.querySelector('.notices-bell')?.getAttribute('aria-label') ?? ''), null, {
      timeout: 15_000,
      polling: 100,
    });
    const seeded = Number(/(\d+) 条未读/.exec((await bellLabel(page)) ?? '')?.[1] ?? 0);
    expect(await bellLabel(page)).toBe(bellSays(seeded));
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    const login = await adminCall('POST', '/sys/login', '', { username: 'admin', password: DEMO_PASSWORD });
    const admin = login.result.token;
    const added = await adminCall('POST', '/sys/annountCement/add', admin, {
      titile: '本周门诊排班调整',
      msgContent: '<p>请查看<strong>新排班</strong>。</p><img src="x" onerror="window.__xss=1">',
      msgType: 'USER',
      userIds: stableId('user', 'zhangwei'),
      priority: 'H',
    });
    expect(added.success).toBe(true);

    const released = Date.now();
    expect((await adminCall('POST', '/sys/annountCement/doReleaseData', admin, { id: added.result.id })).success).toBe(true);
    await page.waitForFunction((label) => document.querySelector('.notices-bell')?.getAttribute('aria-label') === label, bellSays(seeded + 1), {
      timeout: 1000,
      polling: 50,
    });
    const latency = Date.now() - released;
    expect(latency).toBeLessThan(1000);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await screenshot(page, 'notices-badge');

    await page.locator('.notices-bell').click();
    const popover = page.locator('.ant-popover:visible .notices-panel');
    await popover.getByRole('tab', { name: /^通知公告\(\d+\)$/ }).click();
    await popover.getByText('本周门诊排班调整').click();
    const viewer = page.locator('.ant-modal:visible').filter({ hasText: '通知公告' });
    await viewer.getByText('新排班').waitFor();
    await viewer.getByText('发布人：admin').waitFor();
    await screenshot(page, 'notices-viewer');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await viewer.getByRole('button', { name: '关闭' }).click();
    await page.waitForFunction((label) => document.querySelector('.notices-bell')?.getAttribute('aria-label') === label, bellSays(seeded), {
      timeout: 5000,
    });

    // It stays read in my announcements.
    await page.goto(`${server.url}/isps/userAnnouncement`);
    const row = page.locator('.ant-table-row').filter({ hasText: '本周门诊排班调整' });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByText('已读').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('lets an administrator add, preview and release announcements on the definition-rendered page', async () => {
    const context = await openContext(browser);
    const admin = await context.newPage();
    admin.on('pageerror', (e) => errors.push(e.message));
    await signInAs(admin, server.url, 'admin');
    await admin.goto(`${server.url}/isystem/annountCement`);
    await admin.getByRole('button', { name: /新增/ }).first().waitFor({ timeout: 20_000 });

    await admin.getByRole('button', { name: /新增/ }).first().click();
    const form = admin.locator('.ant-modal:visible');
    await form.getByPlaceholder('请输入标题').fill('消防安全培训');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    const row = admin.locator('.ant-table-row').filter({ hasText: '消防安全培训' });
    await row.waitFor({ timeout: 15_000 });
    await row.getByText('未发布').waitFor();

    await row.getByText('预览', { exact: true }).click();
    const preview = admin.locator('.ant-modal:visible').filter({ hasText: '发布人' });
    await preview.getByText('消防安全培训').first().waitFor();
    await preview.getByRole('button', { name: '关闭' }).click();

    await row.getByText('发布', { exact: true }).click();
    await admin.locator('.ant-modal-confirm .ant-btn-primary').click();
    await row.getByText('已发布').waitFor({ timeout: 15_000 });
    await screenshot(admin, 'notices-admin-page');

    // The doctor's open console hears about it without reloading.
    await page.goto(`${server.url}/dashboard/analysis`);
    await waitLive(page);
    await page.locator('.notices-bell').click();
    await page.locator('.ant-popover:visible .notices-panel').getByText('消防安全培训').waitFor({ timeout: 5000 });
    await context.close();
    expect(errors).toEqual([]);
  });
});

