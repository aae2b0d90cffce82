import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openContext, screenshot, startServer, type RunningServer } from './browser.js';
import { signInAs } from './sign-in.js';

/**
 * The shared widgets in the real console: the gallery at /test/home on the production build and
 * server, driven in Chromium. Upload with progress, the cron editor round trip, the user picker by
 * department and the area picker.
 */
// Until the lead lists the upload module in modules/index.ts, add it so its routes exist.

const POLL = { timeout: 10_000 };
let server: RunningServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];
const requests: string[] = [];
const refused: string[] = [];

const signIn = (p: Page) => signInAs(p, server.url, 'admin');

const section = (key: string) => page.locator(`#gallery-${key}`);
const values = async (key: string) => JSON.parse((await section(key).locator('.gallery-values').textContent()) ?? '{}') as Record<string, unknown>;
const field = (key: string, label: string) => section(key).locator('.ant-formily-item').filter({ hasText: label });

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const context = await openContext(browser);
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => requests.push(r.url()));
  await signIn(page);
  requests.length = 0;
  page.on('response', (r) => {
    if (r.url().includes('/jeecg-boot/') && r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(`${server.url}/test/home`);
  await page.getByRole('heading', { name: '组件示例' }).waitFor({ timeout: 20_000 });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('shared widgets in the browser (/test/home)', () => {
  it('opens without a refused request (the dictionary tree once sent a condition the server refuses)', async () => {
    await page.locator('#gallery-tree, [id^=gallery-]').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
  });

  it('uploads a file with visible progress and stores it under a server-made name', async () => {
    // Slow the upload so the progress state can be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024 * 1024, 0x20)]);
    const files = field('upload', '文件（多个');
    await files.locator('input[type=file]').setInputFiles({ name: '检查报告.pdf', mimeType: 'application/pdf', buffer: pdf });
    const bar = files.locator('.ant-upload-list-item-uploading [role=progressbar]');
    await bar.waitFor(POLL);
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow').catch(() => '100')), POLL).toBeGreaterThan(0);
    await screenshot(page, 'widgets-upload-progress');
    await files.locator('.ant-upload-list-item-done').waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect.poll(async () => (await values('upload')).files, POLL).toMatch(/^notice\/\d{8}\/[0-9a-f]{32}\.pdf$/);

    // The stored file is served to this session only, as an attachment.
    const stored = String((await values('upload')).files);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value as string | undefined);
    const anonymous = await page.request.get(`${server.url}/jeecg-boot/sys/common/static/${stored}`);
    expect(anonymous.status()).toBe(401);
    expect(token).toBeTruthy();
    const own = await page.request.get(`${server.url}/jeecg-boot/sys/common/static/${stored}`, { headers: { 'X-Access-Token': String(token) } });
    expect(own.status()).toBe(200);
    expect(own.headers()['content-disposition']).toContain('attachment');
    expect((await own.body()).length).toBe(pdf.length);

    // An image-only field refuses other files.
    await field('upload', '图片').locator('input[type=file]').setInputFiles({ name: 'a.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') });
    await page.getByText('请上传图片').waitFor(POLL);
  });

  it('edits a cron expression in the dialog and reads it back (round trip)', async () => {
    const cron = section('cron');
    await cron.getByRole('button', { name: '设置' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Cron 表达式' });
    await dialog.waitFor();
    const expression = dialog.getByRole('textbox', { name: '表达式' });
    await expect(expression.inputValue()).resolves.toBe('0 15 10 ? * 6#3 *');
    await dialog.getByText('在10:15, 限每月的第三个 星期五').waitFor();
    await expression.fill('0 30 8 ? * 2,6 *');
    await dialog.getByText(/在08:30, 仅星期一 和 星期五/).waitFor(POLL);
    await expect.poll(() => dialog.locator('.j-cron-runs li').count(), POLL).toBe(5);
    await dialog.getByRole('tab', { name: '日' }).click();
    await expect(dialog.getByRole('radio', { name: '指定星期' }).isChecked()).resolves.toBe(true);
    await dialog.getByRole('radio', { name: '本月最后一天' }).click();
    await expect(expression.inputValue()).resolves.toBe('0 30 8 L * ? *');
    await dialog.getByRole('tab', { name: '时' }).click();
    await dialog.getByRole('radio', { name: /周期从/ }).click();
    await expect(expression.inputValue()).resolves.toMatch(/^0 30 0-1 L \* \? \*$/);
    await screenshot(page, 'widgets-cron-editor');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(async () => (await values('cron')).cron, POLL).toBe('0 30 0-1 L * ? *');

    await cron.getByRole('button', { name: '设置' }).click();
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: '日' }).click();
    await expect(dialog.getByRole('radio', { name: '本月最后一天' }).isChecked()).resolves.toBe(true);
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
  });

  it('picks users by department and returns their usernames', async () => {
    await field('pickers', '选择用户（多选').getByRole('button', { name: '选择' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '选择用户' });
    await dialog.waitFor();
    await expect(dialog.evaluate((el) => (el as HTMLElement).style.width)).resolves.toBe('1200px');
    await dialog.locator('.ant-table-row').first().waitFor(POLL);
    await dialog.locator('.ant-tree').getByText('心血管内科', { exact: true }).click();
    await dialog.locator('.ant-table-row').filter({ hasText: 'zhangwei' }).waitFor(POLL);
    await expect.poll(async () => (await dialog.locator('.ant-table-row').allTextContents()).every((r) => !r.includes('admin')), POLL).toBe(true);
    await dialog.locator('.ant-table-row').filter({ hasText: 'zhangwei' }).click();
    await screenshot(page, 'widgets-user-picker');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(async () => (await values('pickers')).users, POLL).toBe('zhangwei');
    await field('pickers', '选择用户（多选').getByText('张伟').waitFor();
  });

  it('picks a province, city and county; the area data is its own chunk', async () => {
    expect(requests.some((u) => /area-data[^/]*\.js/.test(u))).toBe(true);
    const cascader = field('area', '省市区（级联）');
    await cascader.getByTitle('北京市 / 北京市 / 东城区').waitFor(POLL);
    await cascader.locator('.ant-select-selector').click();
    const menu = page.locator('.ant-cascader-dropdown:visible');
    await menu.getByText('浙江省', { exact: true }).click();
    await menu.getByText('杭州市', { exact: true }).click();
    await menu.getByText('西湖区', { exact: true }).click();
    await expect.poll(async () => (await values('area')).area, POLL).toBe('330106');
    await cascader.getByTitle('浙江省 / 杭州市 / 西湖区').waitFor();
    await screenshot(page, 'widgets-area');
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
