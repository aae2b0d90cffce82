import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, openModal } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * Dark mode (production build, real server, Chromium): 暗色 in the theme drawer darkens the page, the
 * cards and the charts at once and is remembered; 亮色 is the default. Screenshots of the home dashboard and
 * a list page in both modes, desk and phone sized, are there to be looked at.
 */
const { server, errors, openPage } = useBrowserSuite({ failureShots: 'dark-mode' });
const HOME = '/dashboard/analysis';
const LIST = '/isystem/user';
const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Relative luminance (0 black … 255 white) of a computed `rgb()` colour. */
const luminance = (rgb: string) => {
  const [r, g, b] = (/rgba?\(([^)]+)\)/.exec(rgb)?.[1] ?? '255,255,255').split(',').map(Number);
  return 0.299 * r + 0.587 * g + 0.114 * b;
};
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function signIn(viewport: { width: number; height: number }) {
  const phone = viewport.width < 768;
  const { page } = await openPage({ viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
  await signInAs(page, server.url, 'admin');
  return page;
}

/** Picks 亮色 / 暗色 in the theme drawer (photographed open when `shot` names the picture). */
async function pickMode(page: Page, label: string, shot?: string) {
  await page.locator('.shell-user').click();
  await page.getByRole('menuitem', { name: /系统设置/ }).click();
  const drawer = page.locator('.shell-settings');
  await drawer.getByText(label, { exact: true }).click();
  if (shot) await screenshot(page, shot);
  await page.locator('.ant-drawer-close').click();
  await drawer.waitFor({ state: 'hidden' });
}

/** Opens the dashboard, waits for its charts to draw, photographs it, then the same for the user list. */
async function photograph(page: Page, name: string) {
  await page.goto(`${server.url}${HOME}`);
  await page.locator('.dashboard-card[data-card-type="chart"] canvas').first().waitFor({ timeout: 20_000 });
  await page.waitForTimeout(300); // let the remaining cards draw: nothing asserted on it
  await screenshot(page, `${name}-home`);
  await page.goto(`${server.url}${LIST}`);
  await page.locator('.ant-table-row').first().waitFor({ timeout: 20_000 });
  await screenshot(page, `${name}-list`);
}

/**
 * How the first chart of the dashboard is painted: the card's background, the canvas's top-left pixel
 * (ECharts' own background: transparent on the card) and the mean brightness of its grey pixels. Most
 * of those are the split lines and the slider's frame, light grey on a light theme and dark grey on a
 * dark one (the coloured bars and slices are left out).
 */
async function chartLook(page: Page) {
  const chart = page.locator('.dashboard-card[data-card-type="chart"] .stat-chart-canvas').first();
  await chart.locator('canvas').waitFor({ timeout: 20_000 });
  return chart.evaluate((el) => {
    const canvas = el.querySelector('canvas') as HTMLCanvasElement;
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let sum = 0;
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
      if (a < 200 || Math.max(r, g, b) - Math.min(r, g, b) > 24) continue;
      sum += 0.299 * r + 0.587 * g + 0.114 * b;
      count += 1;
    }
    return {
      cardBackground: getComputedStyle(el.closest('.ant-card') as HTMLElement).backgroundColor,
      cornerAlpha: data[3],
      greyPixels: count,
      greyBrightness: count ? sum / count : -1,
    };
  });
}

describe('dark mode', () => {
  it('keeps the light look by default', async () => {
    for (const [size, viewport] of [
      ['desktop', DESK],
      ['mobile', PHONE],
    ] as const) {
      const page = await signIn(viewport);
      expect(luminance(await bodyBackground(page))).toBeGreaterThan(200);
      await photograph(page, `dark-mode-light-${size}`);
      if (size === 'desktop') {
        await page.goto(`${server.url}${HOME}`);
        const look = await chartLook(page);
        expect(luminance(look.cardBackground)).toBeGreaterThan(200);
        expect(look.cornerAlpha).toBe(0);
        expect(look.greyPixels).toBeGreaterThan(50);
        expect(look.greyBrightness).toBeGreaterThan(128);
      }
    }
    expect(errors).toEqual([]);
  });

  it('turns the page, the cards and the charts dark on 暗色, remembered after a reload', async () => {
    for (const [size, viewport] of [
      ['desktop', DESK],
      ['mobile', PHONE],
    ] as const) {
      const page = await signIn(viewport);
      await pickMode(page, '暗色', `dark-mode-dark-${size}-drawer`);
      expect(luminance(await bodyBackground(page))).toBeLessThan(40);
      expect(await page.evaluate(() => localStorage.getItem('pro__DEFAULT_THEME_MODE'))).toBe(
        JSON.stringify({ value: 'dark', expire: null }),
      );
      await photograph(page, `dark-mode-dark-${size}`);
      // Still dark after the reload photograph() did; the page's own box too, not only the body.
      expect(luminance(await bodyBackground(page))).toBeLessThan(40);
      const pageBox = await page
        .locator('.shell-page:visible')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(luminance(pageBox)).toBeLessThan(40);
      if (size === 'desktop') {
        // The notices popover: a popup outside the page box.
        await page.locator('.notices-bell').click();
        const panel = page.locator('.notices-panel');
        await panel.locator('.notices-item').first().waitFor({ timeout: 15_000 });
        const popup = await panel.evaluate(
          (el) => getComputedStyle(el.closest('.ant-popover-inner')!).backgroundColor,
        );
        expect(luminance(popup)).toBeLessThan(60);
        await screenshot(page, 'dark-mode-dark-desktop-notices');
        await page.keyboard.press('Escape');
        await page.goto(`${server.url}${HOME}`);
        const look = await chartLook(page);
        expect(luminance(look.cardBackground)).toBeLessThan(40);
        expect(look.cornerAlpha).toBe(0);
        expect(look.greyPixels).toBeGreaterThan(50);
        expect(look.greyBrightness).toBeLessThan(128);
      }
    }
    expect(errors).toEqual([]);
  });

  it('switches the charts already on screen when the mode or the system scheme changes', async () => {
    const page = await signIn(DESK);
    await page.goto(`${server.url}${HOME}`);
    expect((await chartLook(page)).greyBrightness).toBeGreaterThan(128);
    await pickMode(page, '暗色');
    await expect
      .poll(async () => (await chartLook(page)).greyBrightness, { timeout: 10_000 })
      .toBeLessThan(128);
    await pickMode(page, '亮色');
    await expect
      .poll(async () => (await chartLook(page)).greyBrightness, { timeout: 10_000 })
      .toBeGreaterThan(128);
    // 跟随系统: the page follows the system's colour scheme as it changes.
    await page.emulateMedia({ colorScheme: 'light' });
    await pickMode(page, '跟随系统');
    expect(luminance(await bodyBackground(page))).toBeGreaterThan(200);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(async () => luminance(await bodyBackground(page))).toBeLessThan(40);
    await expect
      .poll(async () => (await chartLook(page)).greyBrightness, { timeout: 10_000 })
      .toBeLessThan(128);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(async () => luminance(await bodyBackground(page))).toBeGreaterThan(200);
    expect(errors).toEqual([]);
  });

  it('keeps the sign-in backdrop in dark mode while its form turns dark', async () => {
    for (const [size, viewport] of [
      ['desktop', DESK],
      ['mobile', PHONE],
    ] as const) {
      const { context, page } = await openPage({ viewport });
      await context.addInitScript(() =>
        localStorage.setItem('pro__DEFAULT_THEME_MODE', JSON.stringify({ value: 'dark', expire: null })),
      );
      await page.goto(`${server.url}/user/login`);
      await page.getByPlaceholder('请输入用户名').waitFor();
      const look = await page.evaluate(() => ({
        backdrop: getComputedStyle(document.querySelector('.user-layout')!).backgroundImage,
        form: getComputedStyle(document.querySelector('.login-main')!).backgroundColor,
        input: getComputedStyle(document.querySelector('input[placeholder="请输入用户名"]')!).color,
      }));
      expect(look.backdrop).toContain('linear-gradient');
      expect(luminance(look.form)).toBeLessThan(40);
      expect(luminance(look.input)).toBeGreaterThan(160);
      await screenshot(page, `dark-mode-dark-${size}-login`);
    }
    expect(errors).toEqual([]);
  });

  it('draws a record form with its editable child table dark', async () => {
    const page = await signIn(DESK);
    await pickMode(page, '暗色');
    await page.goto(`${server.url}/online/cgformList/erp_repair_order`);
    await page.locator('.renderer-list-page .ant-table-thead th').first().waitFor({ timeout: 20_000 });
    await button(page, '新增').click();
    const dialog = openModal(page, '新增');
    const table = dialog.locator('.child-table .jet');
    await table.waitFor({ timeout: 15_000 });
    await button(table, '新增').click();
    await table.locator('.jet-body-row').first().waitFor();
    const colours = await table.evaluate((el) =>
      ['.jet-scroll', '.jet-thead', '.jet-body-row', '.jet-input'].map(
        (sel) => getComputedStyle(el.querySelector(sel)!).backgroundColor,
      ),
    );
    for (const c of colours) expect(luminance(c), c).toBeLessThan(40);
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'dark-mode-dark-desktop-form');
    expect(errors).toEqual([]);
  });
});
