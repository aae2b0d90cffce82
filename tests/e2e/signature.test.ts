import { describe, expect, it } from 'vitest';
import { screenshot, useBrowserSuite } from './browser.js';
import { signInAs } from './sign-in.js';

/**
 * The signature widget (JSignature) in the gallery at /test/home on a phone-sized window: the pad fits
 * the screen at the picture's proportion, a mouse stroke draws, 确认签名 uploads the PNG through the
 * console's upload API, the field holds the stored path and the signed picture (with the stroke in it)
 * is shown. Screenshots: signature-empty-390, signature-signed-390.
 */
const PHONE = { width: 390, height: 844 };
const POLL = { timeout: 15_000 };

const { server, errors, openPage } = useBrowserSuite({ failureShots: 'signature-failed' });

describe('signature widget in the browser', () => {
  it('signs with the mouse at 390×844, uploads the picture and shows it', async () => {
    const { page } = await openPage({ viewport: PHONE });
    await signInAs(page, server.url, 'admin');
    await page.goto(`${server.url}/test/home`);
    await page.getByRole('heading', { name: '组件示例' }).waitFor({ timeout: 20_000 });

    const section = page.locator('#gallery-signature');
    const values = async () =>
      JSON.parse((await section.locator('.gallery-values').textContent()) ?? '{}') as Record<string, unknown>;
    const canvas = section.getByRole('img', { name: /签名区域/ });
    await canvas.scrollIntoViewIfNeeded();
    await section.getByText('请在此处签名').waitFor(POLL);
    expect(await canvas.evaluate((el) => getComputedStyle(el).touchAction)).toBe('none');

    // Full width of the card on the phone, inside the screen, at the picture's 600:240 proportion.
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the signature pad is not laid out');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    const control = await section
      .locator('.ant-formily-item-control-content-component')
      .first()
      .boundingBox();
    expect(Math.abs(box.width + 2 - (control?.width ?? 0))).toBeLessThan(2);
    expect(box.width).toBeGreaterThan(280);
    expect(Math.abs(box.height - (box.width * 240) / 600)).toBeLessThan(2);
    await screenshot(page, 'signature-empty-390');

    const confirm = section.getByRole('button', { name: '确认签名' });
    expect(await confirm.isDisabled()).toBe(true);

    // A stroke across the pad, as a hand writes it.
    const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
    await page.mouse.move(...at(0.15, 0.6));
    await page.mouse.down();
    for (const [fx, fy] of [
      [0.25, 0.3],
      [0.35, 0.7],
      [0.5, 0.35],
      [0.65, 0.65],
      [0.8, 0.4],
    ])
      await page.mouse.move(...at(fx, fy), { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => section.getByText('请在此处签名').count(), POLL).toBe(0);

    await confirm.click();
    await expect
      .poll(async () => (await values()).signature, POLL)
      .toMatch(/^medical\/\d{8}\/[0-9a-f]{32}\.png$/);

    // The stored picture is shown (fetched with the session) and carries the stroke: ink on white paper.
    const image = section.getByRole('img', { name: '签名图片' });
    await image.waitFor(POLL);
    await expect
      .poll(
        () =>
          image.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
        POLL,
      )
      .toBe(600);
    const ink = await image.evaluate((el) => {
      const img = el as HTMLImageElement;
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const g = c.getContext('2d');
      if (!g) return -1;
      g.drawImage(img, 0, 0);
      const data = g.getImageData(0, 0, c.width, c.height).data;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] < 100 && data[i + 3] > 200) dark++;
      return dark;
    });
    expect(ink).toBeGreaterThan(200);
    expect(await image.getAttribute('src')).toMatch(/^blob:/);
    await section.getByRole('button', { name: '重新签名' }).waitFor();
    await image.scrollIntoViewIfNeeded();
    await screenshot(page, 'signature-signed-390');
    expect(errors).toEqual([]);
  });

  it('a finger on a touch phone signs without scrolling the page; 撤销 works from the keyboard', async () => {
    const { page } = await openPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signInAs(page, server.url, 'admin');
    await page.goto(`${server.url}/test/home`);
    await page.getByRole('heading', { name: '组件示例' }).waitFor({ timeout: 20_000 });
    const section = page.locator('#gallery-signature');
    const canvas = section.getByRole('img', { name: /签名区域/ });
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the signature pad is not laid out');

    // A mostly upward finger stroke: without touch-action none the page scrolls with it (checked by
    // setting it to auto) instead of the finger drawing.
    const cdp = await page.context().newCDPSession(page);
    const x0 = box.x + box.width * 0.3;
    const y0 = box.y + box.height * 0.9;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y: y0 }] });
    for (let i = 1; i <= 10; i++)
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: x0 + 3 * i, y: y0 - box.height * 0.08 * i }],
      });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => section.getByText('请在此处签名').count(), POLL).toBe(0);
    // Nothing scrolled (the window or the workspace's own scroll area): the pad is where it was.
    expect((await canvas.boundingBox())?.y).toBe(box.y);
    await screenshot(page, 'signature-touch-390');

    // The buttons are keyboard reachable: 撤销 takes the stroke back.
    const undo = section.getByRole('button', { name: '撤销' });
    await undo.focus();
    await page.keyboard.press('Enter');
    await section.getByText('请在此处签名').waitFor(POLL);
    expect(await section.getByRole('button', { name: '确认签名' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });
});
