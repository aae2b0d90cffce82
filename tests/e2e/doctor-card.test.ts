import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { DEMO_PASSWORD } from '../../src/server/db/seed-data.js';
import { cardToken } from '../../src/server/modules/doctor-card/token.js';
import { apiCall } from './api.js';
import { screenshot, useBrowserSuite } from './browser.js';
import { signInAs } from './sign-in.js';

/**
 * The doctor's QR code and the public card it opens: zhangwei (a doctor) opens his QR code from the
 * header; the picture is the card link (drawn again here from the signed token and compared), and that
 * link opens the card on a phone without any session. A forged link shows 名片不存在或已失效.
 */
const suite = useBrowserSuite({ failureShots: 'doctor-card' });
const POLL = { timeout: 15_000 };
/** The session secret the suite's server runs with (startServer sets none: the development default). */
const TEST_SECRET = loadConfig({ NODE_ENV: 'test' }).sessionSecret;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

describe('doctor card', () => {
  it('opens from the doctor’s QR code and shows the card on a phone without a session', async () => {
    const { page } = await suite.openPage();
    await signInAs(page, suite.server.url, 'zhangwei');
    const { userInfo: info } = await apiCall<{ userInfo: { id: string } }>(
      suite.server.url,
      '',
      'POST',
      '/jeecg-boot/sys/login',
      {
        username: 'zhangwei',
        password: DEMO_PASSWORD,
      },
    );
    // The header's QR item (spec §6: doctors only) shows the code.
    await page.locator('.shell-user').click();
    await page.getByRole('menuitem', { name: '医生二维码' }).click();
    const image = page.locator('.ant-modal:visible img');
    await image.waitFor(POLL);
    const shown = await image.getAttribute('src');
    await screenshot(page, 'doctor-card-qr');

    const link = `${suite.server.url}/doctor-card?c=${encodeURIComponent(cardToken(TEST_SECRET, info.id))}`;
    const drawn = await QRCode.toDataURL(link, {
      type: 'image/png',
      errorCorrectionLevel: 'M',
      margin: 1,
      width: 300,
    });
    expect(await dataUrlOf(page, shown)).toBe(drawn);

    // A patient's phone: a fresh context, no token.
    const phone = await suite.openPage(PHONE);
    await phone.page.goto(link);
    const card = phone.page.getByRole('article', { name: '医生名片' });
    await card.waitFor(POLL);
    await expect.poll(() => card.innerText(), POLL).toContain('张伟');
    expect(await card.innerText()).not.toContain('zhangwei');
    await expect
      .poll(() => card.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth), POLL)
      .toBeGreaterThan(0);
    expect(phone.page.url()).toContain('/doctor-card');
    await screenshot(phone.page, 'doctor-card-phone');

    await phone.page.goto(`${suite.server.url}/doctor-card?c=${encodeURIComponent(`${info.id}.forged`)}`);
    await phone.page.getByText('名片不存在或已失效').waitFor(POLL);
    await screenshot(phone.page, 'doctor-card-gone');
    expect(suite.errors).toEqual([]);
  });
});

/** The QR modal's picture as a data URL (it may show a blob: address of the same bytes). */
async function dataUrlOf(page: import('playwright-core').Page, src: string | null): Promise<string> {
  if (!src) throw new Error('no QR picture');
  if (src.startsWith('data:')) return src;
  return page.evaluate(async (url) => {
    const blob = await (await fetch(url)).blob();
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsDataURL(blob);
    });
  }, src);
}
