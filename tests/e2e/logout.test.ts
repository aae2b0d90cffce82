import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openContext, startServer, type RunningServer } from './browser.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 11 item 17: the console's 退出登录 used to look logged out while the server refused its empty
 * form post (415) and the token kept working. The old token must get HTTP 401 afterwards.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await (await openContext(browser)).newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What a client holding the token gets from an API that needs a session. */
async function statusWith(token: string): Promise<number> {
  const res = await fetch(`${server.url}/jeecg-boot/sys/user/getCurrentUserDeparts`, {
    headers: { 'X-Access-Token': token },
  });
  return res.status;
}

describe('退出登录 in the browser', () => {
  it('revokes the session on the server: the old token gets 401', async () => {
    await signInAs(page, server.url, 'admin');
    const token = await page.evaluate(() => {
      const raw = localStorage.getItem('pro__Access-Token');
      return raw ? (JSON.parse(raw) as { value: string }).value : '';
    });
    expect(token).not.toBe('');
    expect(await statusWith(token)).toBe(200);

    const logoutReply = page.waitForResponse((r) => r.url().includes('/sys/logout'));
    await page.locator('.shell-logout').click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '真的要注销登录吗？' });
    await confirm.getByRole('button', { name: '确定' }).click();
    const reply = await logoutReply;
    expect(reply.status()).toBe(200);
    // The console sends the protocol's logout: POST, the old token, no body.
    const sent = reply.request();
    expect(sent.method()).toBe('POST');
    expect(sent.headers()['x-access-token']).toBe(token);
    expect(sent.postData() ?? '').toBe('');
    expect(sent.headers()['content-type']).toBeUndefined();
    await page.waitForURL((u) => u.pathname === '/user/login');

    expect(await statusWith(token)).toBe(401);
  });
});
