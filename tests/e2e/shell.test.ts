import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/db/seed-data.js';
import { launchBrowser, openContext, screenshot, startServer, type RunningServer } from './browser.js';
import { dragSlider, submitLogin } from './sign-in.js';

/**
 * The console shell as a user drives it: production build + real server + Chromium. One signed-in
 * journey runs through the tests of this file in order (sign-in, tabs, theme, refresh, password,
 * logout, redirect), then the phone width.
 */
const NEW_PASSWORD = 'Shell#E2e2026';
const POLL = { timeout: 8000 };
const HEAVY_CHUNK = /formily|editor|tiptap|prosemirror|exceljs|excel|echarts|charts/i;
/**
 * What the heavy libraries leave in a minified chunk whatever it is called (vite.config.ts merges chunks
 * into `index`, `login` and `layout`): the editor's ProseMirror class, ECharts' renderer, Formily's form
 * factory and schema linkage keyword.
 */
const HEAVY_CODE = ['ProseMirror', 'zrender', 'createForm', 'x-reactions'];
/**
 * What opens only on a click, by what its code holds (a class name, an address it calls) whatever
 * chunk it lands in: the settings drawer, the password dialog, the lock panel, the notices' list and
 * unread dialog, the document search of the menu search, a phone's menu drawer; on a list, its column
 * settings, the advanced query builder and the deleted records.
 */
const ON_DEMAND_CODE = [
  'shell-color-swatch',
  '/sys/user/updatePassword',
  '/sys/user/checkPassword',
  'notices-item-title',
  'notices-unread-position',
  '/sys/track/search',
  'shell-drawer shell-drawer-',
  'list-settings-items',
  'super-query-line',
  '/sys/changeLog/deleted',
];
/** The same parts' own chunks (and the list of every known page, read for a 403), by name. */
const ON_DEMAND_CHUNK =
  /^(SettingsDrawer|ChangePasswordModal|DepartSelectModal|LockScreen|NoticePanel|UnreadMessageDialog|MenuSearch|MobileMenuDrawer|ColumnSettingsPanel|SuperQueryBuilder|DetailView|DeletedRecords|known-routes)-/;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await openContext(browser);
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Fills the password form as admin, passes the slider, submits, and picks a tenant when asked. */
const signIn = (p: Page, password: string) => submitLogin(p, 'admin', password);

/** Closes toasts and lets animations settle so screenshots show the page itself. */
async function settle(p: Page) {
  for (const close of await p.locator('.ant-notification-notice-close').all())
    await close.click().catch(() => {});
  await p
    .locator('.ant-notification-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 3000 })
    .catch(() => {});
  await p.waitForTimeout(400);
}

const tabTitles = (p: Page) => p.locator('.shell-tabs .ant-tabs-tab-btn').allTextContents();
const tab = (p: Page, title: string) =>
  p
    .locator('.shell-tabs .ant-tabs-tab')
    .filter({ has: p.locator('.ant-tabs-tab-btn', { hasText: new RegExp(`^${title}$`) }) });
const sideMenu = (p: Page) => p.locator('.shell-sider');

async function openMenu(p: Page, group: string, item: string) {
  const entry = sideMenu(p).getByRole('menuitem', { name: item, exact: true });
  if (!(await entry.isVisible())) await sideMenu(p).getByText(group, { exact: true }).click();
  await entry.click();
}

describe('console shell in the browser', () => {
  it('sends a visitor to the login page with the intended path and keeps heavy code off it', async () => {
    const chunks: string[] = [];
    const encodings = new Set<string>();
    page.on('request', (r) => {
      if (r.url().includes('/assets/')) chunks.push(r.url());
    });
    page.on('response', (r) => {
      if (/\/assets\/.+\.js$/.test(r.url())) encodings.add(r.headers()['content-encoding'] ?? 'none');
    });
    await page.goto(`${server.url}/isystem/user?from=e2e`);
    await page.getByRole('tab', { name: '账户密码登录' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/isystem/user?from=e2e');
    await page.waitForLoadState('networkidle');
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.filter((u) => HEAVY_CHUNK.test(u.split('/').pop() ?? ''))).toEqual([]);
    const heavyCode = chunks
      .filter((u) => u.endsWith('.js'))
      .flatMap((u) => {
        const code = fs.readFileSync(path.resolve('dist/client/assets', u.split('/').pop() ?? ''), 'utf8');
        return HEAVY_CODE.filter((marker) => code.includes(marker)).map((marker) => `${u}: ${marker}`);
      });
    expect(heavyCode).toEqual([]);
    // Scripts travel precompressed (brotli for Chromium), never as raw text.
    expect([...encodings]).toEqual(['br']);
    await screenshot(page, 'shell-login-desktop');
  });

  it('refuses a wrong password with the server message', async () => {
    await page.getByPlaceholder('请输入用户名').fill('admin');
    await page.getByPlaceholder('请输入密码').fill('wrong-password');
    await dragSlider(page);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/用户名或密码错误|密码/);
    await page.getByText('拖动滑块验证').waitFor();
  });

  it('signs in, follows the redirect and shows the permission menu', async () => {
    await page.getByPlaceholder('请输入用户名').fill('');
    await signIn(page, DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/isystem/user' && u.search === '?from=e2e');
    for (const item of ['首页', '系统管理']) await sideMenu(page).getByText(item, { exact: true }).waitFor();
    await sideMenu(page).getByRole('menuitem', { name: '用户管理' }).waitFor();
    await expect.poll(() => tabTitles(page), POLL).toEqual(['首页', '用户管理']);
    expect(await page.title()).toBe('用户管理 - 健康服务中心');
  });

  it('loads a list page afresh without the layout’s dialogs, drawers and panels, and shows the bell’s count', async () => {
    const fresh = await context.newPage();
    fresh.on('pageerror', (e) => errors.push(e.message));
    const scripts: string[] = [];
    fresh.on('request', (r) => {
      if (/\/assets\/.+\.js$/.test(r.url())) scripts.push(r.url().split('/').pop() ?? '');
    });
    await fresh.goto(`${server.url}/isystem/user`);
    await fresh.locator('.renderer-list-page .ant-table-row').first().waitFor();
    await fresh.waitForLoadState('networkidle');
    // The badge part of the bell is there from the start (the seeded admin has unread notices).
    await fresh.locator('.notices-bell .ant-badge-count').waitFor();
    expect(scripts.filter((f) => ON_DEMAND_CHUNK.test(f))).toEqual([]);
    const onDemandCode = scripts.flatMap((f) => {
      const code = fs.readFileSync(path.resolve('dist/client/assets', f), 'utf8');
      // Editors and charts never; Formily's form factory does belong to a list (its query form).
      const markers = [...HEAVY_CODE.filter((m) => m !== 'createForm' && m !== 'x-reactions'), ...ON_DEMAND_CODE];
      return markers.filter((marker) => code.includes(marker)).map((marker) => `${f}: ${marker}`);
    });
    expect(onDemandCode).toEqual([]);
    // A cold list page in at most 30 scripts (issue 13 §5; the bench measures the bytes).
    expect(scripts.length).toBeLessThanOrEqual(30);

    // Each part still opens: the menu search (hovered, then typed into), the bell's list, the settings.
    const search = fresh.getByRole('combobox', { name: '搜索菜单' });
    await search.click();
    await search.fill('角色');
    await fresh.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '角色管理' }).waitFor();
    await fresh.keyboard.press('Escape');
    await fresh.locator('.notices-bell').click();
    await fresh.locator('.notices-panel-footer').waitFor();
    await fresh.locator('.notices-bell').click();
    await fresh.locator('.shell-user').click();
    await fresh.getByRole('menuitem', { name: /系统设置/ }).click();
    await fresh.locator('.shell-settings .shell-color-swatch').first().waitFor();
    await fresh.close();
  });

  it('opens pages as tabs, refuses to close home, and closes others from the right-click menu', async () => {
    await openMenu(page, '系统管理', '角色管理');
    await openMenu(page, '系统管理', '部门管理');
    await openMenu(page, '系统管理', '数据字典');
    await page.waitForURL((u) => u.pathname === '/isystem/dict');
    await expect
      .poll(() => tabTitles(page), POLL)
      .toEqual(['首页', '用户管理', '角色管理', '部门管理', '数据字典']);
    await settle(page);
    await screenshot(page, 'shell-tabs-desktop');

    await tab(page, '首页').locator('.ant-tabs-tab-remove').click();
    await page.getByText('首页不能关闭!').waitFor();
    await expect.poll(async () => (await tabTitles(page))[0], POLL).toBe('首页');

    // Closing the active tab activates its neighbour (the previous one when it was last).
    await tab(page, '数据字典').locator('.ant-tabs-tab-remove').click();
    await page.waitForURL((u) => u.pathname === '/isystem/depart');
    await expect.poll(() => tabTitles(page), POLL).toEqual(['首页', '用户管理', '角色管理', '部门管理']);

    await tab(page, '角色管理').locator('.shell-tab-label').click({ button: 'right' });
    await page.locator('.shell-context-menu').getByText('关闭其他').click();
    await page.waitForURL((u) => u.pathname === '/isystem/roleUserList');
    await expect.poll(() => tabTitles(page), POLL).toEqual(['首页', '角色管理']);

    await tab(page, '角色管理').locator('.shell-tab-label').click({ button: 'right' });
    await page.locator('.shell-context-menu').getByText('刷新').click();
    await expect(page.locator('.shell-page:visible').count()).resolves.toBe(1);
    await expect.poll(() => tabTitles(page), POLL).toEqual(['首页', '角色管理']);
  });

  it('switches theme and multi-tab in the settings drawer; the last tab then cannot be closed', async () => {
    await page.locator('.shell-user').click();
    await page.getByRole('menuitem', { name: /系统设置/ }).click();
    const drawer = page.locator('.shell-settings');
    await drawer.getByText('亮色菜单风格').click();
    await drawer.getByRole('radio', { name: '酱紫' }).click();
    await expect(sideMenu(page).getAttribute('class')).resolves.toContain('ant-layout-sider-light');
    const stored = await page.evaluate(() => [
      localStorage.getItem('pro__DEFAULT_THEME'),
      localStorage.getItem('pro__DEFAULT_COLOR'),
    ]);
    expect(stored).toEqual([
      JSON.stringify({ value: 'light', expire: null }),
      JSON.stringify({ value: '#722ED1', expire: null }),
    ]);
    await settle(page);
    await screenshot(page, 'shell-settings-desktop');

    // Top-menu mode: the menu moves into the header; back to the side menu afterwards.
    await drawer.getByText('顶部栏导航').click();
    await page.locator('.shell-header-menu .ant-menu-horizontal').waitFor();
    expect(await sideMenu(page).count()).toBe(0);
    await page.locator('.ant-drawer-close').click();
    await settle(page);
    await screenshot(page, 'shell-topmenu-desktop');
    await page.locator('.shell-user').click();
    await page.getByRole('menuitem', { name: /系统设置/ }).click();
    await drawer.getByText('侧边栏导航').click();
    await sideMenu(page).waitFor();

    const multipage = drawer.getByRole('switch', { name: '多页签模式' });
    await multipage.click();
    await page.locator('.shell-tabs').waitFor({ state: 'detached' });
    await multipage.click();
    await page.locator('.shell-tabs').waitFor();
    await expect.poll(() => tabTitles(page), POLL).toEqual(['角色管理']);
    await page.locator('.ant-drawer-close').click();
    await tab(page, '角色管理').locator('.ant-tabs-tab-remove').click();
    await page.getByText('这是最后一页，不能再关闭了啦').waitFor();
  });

  it('survives a reload: the session stays and the menu is fetched again', async () => {
    await page.reload();
    await page.locator('.shell-layout').waitFor();
    expect(new URL(page.url()).pathname).toBe('/isystem/roleUserList');
    await sideMenu(page).getByRole('menuitem', { name: '角色管理' }).waitFor();
    await expect(sideMenu(page).getAttribute('class')).resolves.toContain('ant-layout-sider-light');
  });

  it('changes the password', async () => {
    await page.locator('.shell-user').click();
    await page.getByRole('menuitem', { name: /修改密码/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '修改密码' });
    await dialog.getByPlaceholder('请输入旧密码').fill(DEMO_PASSWORD);
    await dialog.getByPlaceholder('请输入新密码').fill(NEW_PASSWORD);
    await dialog.getByPlaceholder('请确认新密码').fill(NEW_PASSWORD + 'x');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('两次输入的密码不一样！').waitFor();
    await dialog.getByPlaceholder('请确认新密码').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.getByText('密码修改成功！').waitFor();
  });

  it('logs out after confirmation and lands on the login route', async () => {
    await page.locator('.shell-logout').click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '真的要注销登录吗？' });
    await confirm.getByRole('button', { name: '确定' }).click();
    await page.waitForURL((u) => u.pathname === '/user/login');
    await page.getByRole('tab', { name: '账户密码登录' }).waitFor();
    const left = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => /Access-Token|Login_Userinfo|TENANT_ID/.test(k)),
    );
    expect(left).toEqual([]);
    // The remembered username stays for the next sign-in.
    await expect(page.getByPlaceholder('请输入用户名').inputValue()).resolves.toBe('admin');
  });

  it('follows a redirect query after signing in with the new password', async () => {
    await page.goto(`${server.url}/isystem/depart`);
    await page.waitForURL(
      (u) => u.pathname === '/user/login' && u.searchParams.get('redirect') === '/isystem/depart',
    );
    await signIn(page, NEW_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/isystem/depart');
    await expect.poll(() => tabTitles(page), POLL).toEqual(['首页', '部门管理']);
    await page.goto(`${server.url}/dashboard/analysis`);
    await page.locator('.dashboard-view .stat-number-value').first().waitFor();
    await settle(page);
    await screenshot(page, 'shell-dashboard-desktop');
  });

  it('sends unknown paths to 404', async () => {
    await page.goto(`${server.url}/no/such/page`);
    await page.getByText('抱歉，你访问的页面不存在').waitFor();
    expect(new URL(page.url()).pathname).toBe('/404');
  });

  it('works at phone width: drawer menu, no tabs, header title', async () => {
    const phone = await openContext(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    p.on('pageerror', (e) => errors.push(e.message));
    await p.goto(`${server.url}/`);
    await p.getByRole('tab', { name: '账户密码登录' }).waitFor();
    await screenshot(p, 'shell-login-phone');
    await signIn(p, NEW_PASSWORD);
    await p.locator('.dashboard-view').waitFor();
    expect(await p.locator('.shell-tabs').count()).toBe(0);
    expect(await p.locator('.shell-sider').count()).toBe(0);
    await p.locator('.shell-header-title').getByText('健康服务中心').waitFor();
    await settle(p);
    await screenshot(p, 'shell-dashboard-phone');
    await p.getByRole('button', { name: '展开/收起菜单' }).click();
    const drawer = p.locator('.shell-drawer');
    await drawer.getByText('系统管理', { exact: true }).click();
    await drawer.getByRole('menuitem', { name: '角色管理' }).waitFor();
    await settle(p);
    await screenshot(p, 'shell-menu-phone');
    await drawer.getByRole('menuitem', { name: '角色管理' }).click();
    await p.waitForURL((u) => u.pathname === '/isystem/roleUserList');
    await drawer.waitFor({ state: 'hidden' });
    await settle(p);
    await screenshot(p, 'shell-page-phone');
    await phone.close();
  });

  it('raised no uncaught page errors', () => {
    expect(errors).toEqual([]);
  });
});
