import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openContext, startServer, type RunningServer } from './browser.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 11 item 6 as a user meets it: a platform operator without `sensitive:*` sees customers' phone
 * numbers and contacts masked in the list and the edit form, and saving the form unchanged keeps the
 * real values (the console skips format checks on values it loaded masked; the server keeps them).
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

async function adminToken(): Promise<string> {
  const res = await fetch(`${server.url}/jeecg-boot/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Demo@2026' }),
  });
  return ((await res.json()) as { result: { token: string } }).result.token;
}

async function customerAsAdmin(token: string, id: string): Promise<Record<string, string>> {
  const res = await fetch(`${server.url}/jeecg-boot/online/cgform/api/form/erp_customer/${id}`, { headers: { 'X-Access-Token': token } });
  return ((await res.json()) as { result: Record<string, string> }).result;
}

describe('masked personal data in the browser', () => {
  it('shows masks to a user without the permission and keeps the real values when he saves', async () => {
    await signInAs(page, server.url, 'liuyang');
    await page.goto(`${server.url}/online/cgformList/erp_customer`);
    const firstRow = page.locator('.renderer-list-page .ant-table-row').first();
    await expect.poll(() => firstRow.innerText()).toMatch(/1\d\d\*{4}\d{4}/);

    await firstRow.getByText('编辑', { exact: true }).click();
    const form = page.locator('.ant-modal:visible').filter({ hasText: '联系电话' });
    const phoneInput = form
      .locator('.ant-formily-item')
      .filter({ has: page.locator('label', { hasText: /^联系电话$/ }) })
      .locator('input');
    await expect.poll(() => phoneInput.inputValue()).toMatch(/^1\d\d\*{4}\d{4}$/);

    const saved = page.waitForResponse((r) => r.url().includes('/online/cgform/api/form/erp_customer') && r.request().method() !== 'GET');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    const reply = await saved;
    const body = (await reply.json()) as { success: boolean; result: string };
    expect(body.success).toBe(true);

    const stored = await customerAsAdmin(await adminToken(), body.result);
    expect(stored.phone).toMatch(/^1\d{10}$/);
    expect(stored.contact).not.toContain('*');
    expect(stored.email).not.toContain('*');
  });
});
