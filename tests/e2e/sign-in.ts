import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../src/server/db/seed-data.js';

/** Drags the login slider across, as a user does. */
export async function dragSlider(p: Page) {
  const handle = p.getByRole('slider');
  const track = p.locator('.j-slider-verify');
  const h = await handle.boundingBox();
  const t = await track.boundingBox();
  if (!h || !t) throw new Error('slider not laid out');
  await p.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
  await p.mouse.down();
  await p.mouse.move(t.x + t.width + 20, h.y + h.height / 2, { steps: 12 });
  await p.mouse.up();
  await p.getByText('验证通过').waitFor();
}

/** Signs a user in through the login page, picking the first department or tenant when asked. */
export async function signInAs(p: Page, baseUrl: string, username: string, password = DEMO_PASSWORD) {
  await p.goto(`${baseUrl}/user/login`);
  await submitLogin(p, username, password);
}

/** Fills the login form already on screen, passes the slider, submits and waits for the workspace. */
export async function submitLogin(p: Page, username: string, password = DEMO_PASSWORD) {
  await p.getByPlaceholder('请输入用户名').fill(username);
  await p.getByPlaceholder('请输入密码').fill(password);
  await dragSlider(p);
  await p.getByRole('button', { name: '登录' }).click();
  const picker = p.locator('.ant-modal').filter({ hasText: /请选择登录(部门|租户)/ });
  const landed = p.locator('.shell-layout');
  await Promise.race([picker.waitFor({ timeout: 15_000 }), landed.waitFor({ timeout: 15_000 })]);
  if (await picker.isVisible()) {
    for (const select of await picker.locator('.ant-select').all()) {
      await select.click();
      await p.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    }
    await picker.getByRole('button', { name: '确定' }).click();
  }
  await landed.waitFor({ timeout: 15_000 });
}
