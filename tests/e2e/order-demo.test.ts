import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openContext, screenshot, startServer, type RunningServer } from './browser.js';
import { signInAs } from './sign-in.js';

/**
 * The report designer's tools in the real console (production build and server): the order demo's
 * editable lines with the product popup report, the statistics row and validation on submit; the lazy
 * tree table; a popup report list screen from the menu.
 */
const POLL = { timeout: 15_000 };
let server: RunningServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const context = await openContext(browser);
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await signInAs(page, server.url, 'admin');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const lineCell = (row: number, key: string) =>
  page.locator(`.jet-body-row[data-row="${row}"] [data-cell$=":${key}"]`);

describe('order demo (/demo/order)', () => {
  it('picks a product from the popup report, computes the amount, sums it and submits', async () => {
    await page.goto(`${server.url}/demo/order`);
    await page.getByText('订单录入演示').first().waitFor(POLL);
    await page
      .locator('.ant-formily-item')
      .filter({ hasText: '订单编号' })
      .locator('input')
      .fill('DD20260301');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await lineCell(0, 'productName').getByRole('button').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '设备产品选择' });
    await dialog.waitFor(POLL);
    await dialog.getByPlaceholder('请输入设备名称').fill('多排螺旋');
    await dialog.getByRole('button', { name: /查\s*询/ }).click();
    await dialog.getByRole('cell', { name: '多排螺旋CT' }).first().click();
    await screenshot(page, 'order-demo-popup');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden', ...POLL });

    await expect.poll(() => lineCell(0, 'productName').textContent(), POLL).toContain('多排螺旋CT');
    expect(await lineCell(0, 'spec').locator('input').inputValue()).toBe('uCT 760');
    expect(await lineCell(0, 'unit').locator('input').inputValue()).toBe('台');
    expect(Number(await lineCell(0, 'price').locator('input').inputValue())).toBeGreaterThan(0);
    const price = Number(await lineCell(0, 'price').locator('input').inputValue());

    const qty = lineCell(0, 'quantity').locator('input');
    await qty.fill('');
    await qty.pressSequentially('2');
    await expect
      .poll(async () => Number(await lineCell(0, 'amount').locator('input').inputValue()), POLL)
      .toBe(price * 2);
    const total = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 }).format(price * 2);
    await expect.poll(() => page.locator('[data-statistics="amount"]').textContent(), POLL).toContain(total);

    await page.getByRole('button', { name: '提交订单' }).click();
    await page.getByText(`订单已校验通过：1 行明细，合计金额 ${total}`).waitFor(POLL);
    await screenshot(page, 'order-demo-submitted');
  });

  it('refuses to submit a line without a product and shows the cell message', async () => {
    await page.waitForTimeout(1600); // the add button refuses clicks within 1.5 s
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await lineCell(1, 'productName').waitFor(POLL);
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.getByText('订单明细有误，请按提示修改').waitFor(POLL);
    await expect.poll(() => lineCell(1, 'productName').getAttribute('class'), POLL).toContain('jet-invalid');
    await lineCell(1, 'productName').hover();
    await expect
      .poll(() => lineCell(1, 'productName').getByRole('tooltip').textContent(), POLL)
      .toBe('产品不能为空');
    await expect.poll(() => page.getByText(/第 2 行「产品」：产品不能为空/).count(), POLL).toBeGreaterThan(0);
  });
});

describe('tree table and report list', () => {
  it('loads department children when a row is first expanded', async () => {
    await page.goto(`${server.url}/demo/tree-table`);
    const top = page.getByRole('row', { name: /华康医疗集团/ });
    await top.waitFor(POLL);
    await top.getByRole('button', { name: /展开行/ }).click();
    await page.getByRole('row', { name: /华康第一人民医院/ }).waitFor(POLL);
    await screenshot(page, 'tree-table-demo');
  });

  it('opens a popup report list screen from its menu address', async () => {
    await page.goto(`${server.url}/online/cgreport/rpt_depart`);
    await page.getByText('部门选择').first().waitFor(POLL);
    await page.getByRole('cell', { name: '心血管内科' }).first().waitFor(POLL);
    await expect
      .poll(() => page.getByRole('cell', { name: '华康第一人民医院' }).count(), POLL)
      .toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
