import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowserSuite } from './browser.js';
import { signInAs } from './sign-in.js';

/**
 * Exception and result pages as nurse 李娜 (lina) meets them: each is reachable by address, a page her
 * menu does not grant says 403 at its own address, and a page not built yet explains itself and leads
 * home — at desk and phone sizes.
 */
const FORBIDDEN_TEXT = '抱歉，你无权访问该页面。如需使用，请联系管理员开通权限。';
const POLL = { timeout: 10_000 };

const { server, errors, openPage } = useBrowserSuite();

async function signedIn(viewport: { width: number; height: number }, phone = false): Promise<Page> {
  const { page } = await openPage(phone ? { viewport, isMobile: true, hasTouch: true } : { viewport });
  await signInAs(page, server.url, 'lina');
  return page;
}

const pathOf = (p: Page) => new URL(p.url()).pathname;
const result = (p: Page) => p.locator('.ant-result');

async function open(p: Page, path: string) {
  await p.goto(`${server.url}${path}`);
  await result(p).waitFor(POLL);
  await p.waitForTimeout(300);
}

async function goHome(p: Page) {
  await result(p).getByRole('button', { name: '返回首页' }).click();
  await p.waitForURL((u) => u.pathname === '/dashboard/analysis', POLL);
  await expect.poll(() => result(p).count()).toBe(0);
}

describe('exception and result pages in the browser', () => {
  it('at 1440×900: every exception and result page opens, 403 for a page not granted, placeholders lead home', async () => {
    const p = await signedIn({ width: 1440, height: 900 });

    await open(p, '/exception/403');
    expect(await result(p).textContent()).toContain(FORBIDDEN_TEXT);
    await open(p, '/exception/500');
    expect(await result(p).textContent()).toContain('抱歉，服务器出错了');
    await screenshot(p, 'exception-500-desktop');
    await open(p, '/result/success');
    expect(await result(p).textContent()).toContain('操作成功');
    await screenshot(p, 'result-success-desktop');
    await open(p, '/result/fail');
    expect(await result(p).textContent()).toContain('操作失败');
    await screenshot(p, 'result-fail-desktop');

    // 用户管理 is for managers and operators: the nurse gets 403 where she asked, not 404.
    await open(p, '/isystem/user');
    expect(pathOf(p)).toBe('/isystem/user');
    expect(await result(p).textContent()).toContain(FORBIDDEN_TEXT);
    expect(await p.locator('.shell-tabs .ant-tabs-tab-active').textContent()).toBe('无权访问');
    await screenshot(p, 'exception-403-desktop');
    await goHome(p);

    // An address that names nothing is still 404.
    await open(p, '/isystem/no-such-page');
    expect(pathOf(p)).toBe('/404');

    // The mobile form application's mList has no page yet: a plain explanation, no component name, and the way home.
    await open(p, '/dynamicForm/mList');
    const text = (await result(p).textContent()) ?? '';
    expect(text).toContain('该功能尚未开放');
    expect(text).not.toMatch(/mList|页面组件未找到/);
    await screenshot(p, 'placeholder-desktop');
    await goHome(p);
    expect(errors).toEqual([]);
  });

  it('at 390×844: the 403 page and a placeholder fit the phone and lead home', async () => {
    const p = await signedIn({ width: 390, height: 844 }, true);

    await open(p, '/isystem/user');
    expect(await result(p).textContent()).toContain(FORBIDDEN_TEXT);
    const box = await result(p).getByRole('button', { name: '返回首页' }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(p, 'exception-403-phone');
    await goHome(p);

    await open(p, '/dynamicForm/mList');
    expect(await result(p).textContent()).toContain('该功能尚未开放');
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(p, 'placeholder-phone');
    await goHome(p);

    await open(p, '/result/success');
    await screenshot(p, 'result-success-phone');
    await open(p, '/exception/500');
    await screenshot(p, 'exception-500-phone');
    expect(errors).toEqual([]);
  });
});
