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
/** A number cell's text without its thousands separators. */
const numberIn = async (row: number, key: string) =>
  Number((await lineCell(row, key).locator('input').inputValue()).replaceAll(',', ''));
const units = () =>
  page
    .locator('.jet-body-row')
    .evaluateAll((rows) =>
      rows
        .sort((a, b) => Number((a as HTMLElement).dataset.row) - Number((b as HTMLElement).dataset.row))
        .map((r) => r.querySelector<HTMLInputElement>('[data-cell$=":unit"] input')?.value ?? ''),
    );
const money = (n: number) => new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 }).format(n);

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
    const price = await numberIn(0, 'price');
    expect(price).toBeGreaterThan(0);
    // Number cells show thousands separators; the one being edited shows the raw number.
    expect(await lineCell(0, 'price').locator('input').inputValue()).toBe(money(price));
    await lineCell(0, 'price').locator('input').focus();
    expect(await lineCell(0, 'price').locator('input').inputValue()).toBe(String(price));

    const qty = lineCell(0, 'quantity').locator('input');
    await qty.fill('');
    await qty.pressSequentially('2');
    await expect.poll(() => numberIn(0, 'amount'), POLL).toBe(price * 2);
    const total = money(price * 2);
    expect(await lineCell(0, 'amount').locator('input').inputValue()).toBe(total);
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

describe('order lines: icons, widths and drag sorting', () => {
  it('draws svg icons, fits the 请输入/请选择 placeholders and shows the whole row at 1440 px', async () => {
    const table = page.locator('.jet');
    expect(await table.textContent()).not.toMatch(/[⌕▦▾]/);
    expect(await lineCell(0, 'productName').locator('svg.jet-shell-arrow').count()).toBe(1);
    expect(await lineCell(0, 'deliveryDate').locator('svg.jet-shell-arrow').count()).toBe(1);
    // Every placeholder shows whole: an input's is no wider than its content box, a closed select's text
    // does not overflow.
    const cut = await page
      .locator('.jet-body-row input[placeholder], .jet-body-row .jet-shell-text')
      .evaluateAll((els) =>
        els
          .filter((el) => {
            if (!(el instanceof HTMLInputElement)) return el.scrollWidth > el.clientWidth;
            if (!el.placeholder.trim() || el.value) return false;
            const probe = document.createElement('span');
            probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;font-size:14px';
            probe.textContent = el.placeholder;
            document.body.append(probe);
            const style = getComputedStyle(el);
            const room =
              el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
            const need = probe.getBoundingClientRect().width;
            probe.remove();
            return need > room + 0.5;
          })
          .map((el) => (el instanceof HTMLInputElement ? el.placeholder : el.textContent)),
      );
    expect(cut).toEqual([]);
    // At 1440 px the lines need no sideways scrolling: 行备注 is on screen.
    const scroll = page.locator('.jet-scroll');
    const box = await scroll.evaluate((el) => ({ needs: el.scrollWidth, has: el.clientWidth }));
    expect(box.needs).toBeLessThanOrEqual(box.has);
    await screenshot(page, 'order-demo-lines');
  });

  it('reorders lines by dragging the handle with the mouse', async () => {
    await page.waitForTimeout(1600);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await lineCell(2, 'unit').waitFor(POLL);
    await lineCell(1, 'unit').locator('input').fill('盒');
    await lineCell(2, 'unit').locator('input').fill('支');
    await expect.poll(units, POLL).toEqual(['台', '盒', '支']);

    const handle = page.locator('.jet-body-row[data-row="0"]').getByRole('button', { name: '拖动排序' });
    const from = await handle.boundingBox();
    const target = await page.locator('.jet-body-row[data-row="2"]').boundingBox();
    if (!from || !target) throw new Error('the rows are not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // Past the sensor's activation distance first, then in steps onto the last row.
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 3 });
    await page.mouse.move(from.x + from.width / 2, target.y + target.height / 2 + 5, { steps: 12 });
    await page.mouse.up();
    await expect.poll(units, POLL).toEqual(['盒', '支', '台']);
  });

  it('reorders lines from the keyboard: Space, arrow, Space on the focused handle', async () => {
    const handle = page.locator('.jet-body-row[data-row="2"]').getByRole('button', { name: '拖动排序' });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(100);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(100);
    await page.keyboard.press('Space');
    await expect.poll(units, POLL).toEqual(['盒', '台', '支']);
    expect(errors).toEqual([]);
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
