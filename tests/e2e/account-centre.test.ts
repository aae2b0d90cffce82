import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowserSuite } from './browser.js';
import { signInAs } from './sign-in.js';

/**
 * Issue 14 §5 in the browser: zhangwei signed in twice signs the other session out from 个人中心 →
 * 我的会话 (that browser lands on the login page at its next request), edits his name, uploads and
 * crops an avatar that the header shows at once, and locks the screen (a reload stays locked; a wrong
 * password is refused, the right one unlocks). Fullscreen toggles from the header. Screenshots of the
 * centre and the lock screen at 1440×900 and 390×844 go to test-output/screenshots.
 */
const PHONE = { width: 390, height: 844 };
const API = '/jeecg-boot';

const { server, errors, openPage } = useBrowserSuite({ failureShots: 'account-failed' });

const newPage = async (options: BrowserContextOptions = {}): Promise<Page> => (await openPage(options)).page;

const token = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('pro__Access-Token');
    return raw ? (JSON.parse(raw) as { value: string }).value : '';
  });

async function openUserMenuItem(page: Page, name: string) {
  await page.locator('.shell-user').click();
  await page.getByRole('menuitem', { name }).click();
}

async function openCentreTab(page: Page, tab: string) {
  await openUserMenuItem(page, '个人中心');
  await page.waitForURL((u) => u.pathname === '/account/center');
  await page.getByRole('tab', { name: tab }).click();
}

/** A small picture drawn in the page (two colour halves), as PNG bytes. */
async function drawnPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 120;
    c.height = 80;
    const g = c.getContext('2d') as CanvasRenderingContext2D;
    g.fillStyle = '#d4380d';
    g.fillRect(0, 0, 60, 80);
    g.fillStyle = '#096dd9';
    g.fillRect(60, 0, 60, 80);
    return c.toDataURL('image/png').split(',')[1];
  });
  return Buffer.from(base64, 'base64');
}

describe('personal centre, lock screen and fullscreen', () => {
  let desk: Page;

  it('signs another session of the same user out from 我的会话', async () => {
    const other = await newPage();
    await signInAs(other, server.url, 'zhangwei');
    desk = await newPage();
    await signInAs(desk, server.url, 'zhangwei');
    const otherToken = await token(other);

    await openCentreTab(desk, '我的会话');
    const items = desk.locator('.account-sessions .ant-list-item');
    await expect.poll(() => items.count()).toBe(2);
    await expect.poll(() => desk.locator('.account-sessions [data-session="current"]').count()).toBe(1);
    await expect.poll(() => desk.locator('.account-sessions').textContent()).toMatch(/Chrome \d+/);
    await screenshot(desk, 'account-centre-sessions-1440');

    await desk.locator('.account-sessions [data-session="other"]').getByRole('button', { name: '退出' }).click();
    await desk.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
    await desk.getByText('已退出该会话').waitFor();
    await expect.poll(() => items.count()).toBe(1);

    const res = await fetch(`${server.url}${API}/sys/user/getCurrentUserDeparts`, { headers: { 'X-Access-Token': otherToken } });
    expect(res.status).toBe(401);
    // The other browser finds out at its next request and goes to the login page.
    await other.reload();
    await other.waitForURL((u) => u.pathname === '/user/login', { timeout: 20_000 });
  });

  it('edits the own name and the header shows it', async () => {
    await desk.getByRole('tab', { name: '基本信息' }).click();
    const name = desk.getByLabel('姓名');
    await name.fill('张伟明');
    await desk.getByRole('button', { name: /保\s*存/ }).click();
    await desk.getByText('个人信息已保存').waitFor();
    await expect.poll(() => desk.locator('.shell-user-name').textContent()).toContain('张伟明');
    // A bad phone number is refused in the form before anything is sent.
    await desk.getByLabel('手机号').fill('12345');
    await desk.getByRole('button', { name: /保\s*存/ }).click();
    await desk.locator('.ant-form-item-explain-error', { hasText: '请输入正确手机号' }).waitFor();
    await desk.reload();
    await desk.getByLabel('姓名').waitFor();
    expect(await desk.getByLabel('姓名').inputValue()).toBe('张伟明');
    expect(await desk.getByLabel('手机号').inputValue()).toMatch(/^\d{3}\*{4}\d{4}$/);
    await screenshot(desk, 'account-centre-profile-1440');
  });

  it('uploads a cropped avatar that the header shows at once', async () => {
    await desk.getByRole('tab', { name: '头像' }).click();
    await desk.locator('[data-testid="avatar-file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await drawnPng(desk) });
    const view = desk.getByRole('slider', { name: /裁剪区域/ });
    await view.waitFor();
    // Move the picture with the mouse and the keyboard inside the square.
    const box = await view.boundingBox();
    if (!box) throw new Error('crop area not laid out');
    await desk.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await desk.mouse.down();
    await desk.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2, { steps: 5 });
    await desk.mouse.up();
    await view.focus();
    await desk.keyboard.press('ArrowRight');
    await screenshot(desk, 'account-centre-avatar-1440');
    await desk.getByRole('button', { name: '上传并保存' }).click();
    await desk.getByText('头像已更新').waitFor();

    const headerImg = desk.locator('.shell-user img');
    await expect.poll(() => headerImg.getAttribute('src')).toMatch(/^blob:/);
    const avatar = await desk.evaluate(() => {
      const raw = localStorage.getItem('pro__Login_Userinfo');
      return raw ? ((JSON.parse(raw) as { value: { avatar?: string } }).value.avatar ?? '') : '';
    });
    expect(avatar).toMatch(/^avatar\/.+\.png$/);
    // What was stored is the square crop: a 256×256 PNG.
    const file = await fetch(`${server.url}${API}/sys/common/static/${avatar}`, { headers: { 'X-Access-Token': await token(desk) } });
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([256, 256]);
    // The header's picture is that file: its natural size is the crop's.
    await expect.poll(() => headerImg.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(256);
  });

  it('toggles fullscreen from the header', async () => {
    const toggle = desk.getByRole('button', { name: '全屏' });
    await toggle.click();
    await expect.poll(() => desk.evaluate(() => Boolean(document.fullscreenElement))).toBe(true);
    const exit = desk.getByRole('button', { name: '退出全屏' });
    expect(await exit.getAttribute('aria-pressed')).toBe('true');
    await exit.click();
    await expect.poll(() => desk.evaluate(() => Boolean(document.fullscreenElement))).toBe(false);
    await desk.getByRole('button', { name: '全屏' }).waitFor();
  });

  it('locks the screen, stays locked after a reload, refuses a wrong password and unlocks with the right one', async () => {
    await openUserMenuItem(desk, '锁定屏幕');
    const lock = desk.locator('.lock-screen');
    await lock.waitFor();
    await desk.reload();
    await lock.waitFor();
    await expect.poll(() => lock.textContent()).toContain('张伟明');
    const password = lock.getByLabel('登录密码');
    await password.fill('not-my-password');
    await lock.getByRole('button', { name: /解\s*锁/ }).click();
    await lock.getByText('密码错误').waitFor();
    await screenshot(desk, 'account-lock-1440');
    // The console behind cannot be reached while locked.
    expect(await desk.locator('#root').getAttribute('inert')).not.toBeNull();
    await password.fill('Demo@2026');
    await lock.getByRole('button', { name: /解\s*锁/ }).click();
    await lock.waitFor({ state: 'detached' });
    expect(await desk.locator('#root').getAttribute('inert')).toBeNull();
    await desk.reload();
    await desk.locator('.shell-layout').waitFor();
    expect(await desk.locator('.lock-screen').count()).toBe(0);
  });

  it('fits a phone: the centre and the lock screen at 390×844', async () => {
    const phone = await newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signInAs(phone, server.url, 'zhangwei');
    await openCentreTab(phone, '基本信息');
    await phone.getByLabel('姓名').waitFor();
    await screenshot(phone, 'account-centre-profile-390');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.getByRole('tab', { name: '我的会话' }).click();
    await phone.locator('.account-sessions [data-session="current"]').waitFor();
    await screenshot(phone, 'account-centre-sessions-390');
    await openUserMenuItem(phone, '锁定屏幕');
    await phone.locator('.lock-screen').waitFor();
    await screenshot(phone, 'account-lock-390');
    await phone.locator('.lock-screen').getByRole('button', { name: /退出登录/ }).click();
    await phone.waitForURL((u) => u.pathname === '/user/login');
    expect(errors).toEqual([]);
  });
});
