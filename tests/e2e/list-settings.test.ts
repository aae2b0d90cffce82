import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowserSuite } from './browser.js';
import { box } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * Lists people can arrange and that fit (issue 14): column settings (show/hide, order, pin, width),
 * density and full screen on every list, kept per user and page across a reload and reset by 重置;
 * at 1440 and 1280 px no data column's header lies under the pinned 操作 column, 部门管理's 更多 stays on
 * its row's line, and the dictionary items drawer does not scroll sideways. Screenshots of each list at
 * both sizes go to test-output/screenshots.
 */
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
];
const CUSTOMERS = '/online/cgformList/erp_customer';
const USERS = '/isystem/user';
const MENUS = '/isystem/permission';
const DEPARTS = '/isystem/depart';
const DICTS = '/isystem/dict';

const { server, errors, openPage } = useBrowserSuite({ failureShots: 'list-settings-failed', nameChars: 24 });

async function signedIn(viewport: { width: number; height: number }) {
  const { context, page } = await openPage({ viewport });
  await signInAs(page, server.url, 'admin');
  return { context, page };
}

const list = (page: Page) => page.locator('.renderer-list-page').first();
const rows = (scope: Locator) => scope.locator('.ant-table-row');

async function openList(page: Page, path: string) {
  await page.goto(`${server.url}${path}`);
  await rows(list(page)).first().waitFor({ timeout: 20_000 });
}

/** The header titles of the data columns, left to right. */
async function headers(scope: Locator): Promise<string[]> {
  const texts = await scope.locator('.ant-table-thead th').allTextContents();
  return texts.map((t) => t.trim()).filter((t) => t && t !== '操作');
}

/** Every data column's header lies left of the pinned 操作 header, not under it. */
async function expectNothingUnderActions(scope: Locator, name: string) {
  const overlaps = await scope
    .locator('.ant-table-thead')
    .first()
    .evaluate((thead) => {
      const ths = [...thead.querySelectorAll('th')] as HTMLElement[];
      const action = ths.find((th) => th.textContent?.trim() === '操作');
      if (!action) return ['no 操作 column'];
      const a = action.getBoundingClientRect();
      return ths
        .filter(
          (th) =>
            th !== action && th.textContent?.trim() && !th.classList.contains('ant-table-selection-column'),
        )
        .filter((th) => th.getBoundingClientRect().right > a.left + 1)
        .map(
          (th) =>
            `${th.textContent?.trim()} ends at ${th.getBoundingClientRect().right}, 操作 starts at ${a.left}`,
        );
    });
  expect(overlaps, name).toEqual([]);
}

/** No part of the table scrolls sideways (its content is not wider than its box). */
async function expectNoSidewaysScroll(scope: Locator, name: string) {
  const wide = await scope.evaluate((root) =>
    [...root.querySelectorAll('.ant-table-content, .ant-table-body, .ant-table-tbody-virtual-holder')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.className}: ${el.scrollWidth} > ${el.clientWidth}`),
  );
  expect(wide, name).toEqual([]);
}

const tool = (page: Page, name: string) =>
  list(page).locator('.list-table-tools').getByRole('button', { name });
const settingsPanel = (page: Page) => page.locator('.list-settings:visible');

async function openSettings(page: Page) {
  await tool(page, '列设置').click();
  await settingsPanel(page).waitFor();
}

async function closeSettings(page: Page) {
  await tool(page, '列设置').click();
  await settingsPanel(page).waitFor({ state: 'hidden' });
}

const columnItem = (page: Page, title: string) =>
  settingsPanel(page).locator('.list-settings-item').filter({ hasText: title });

describe.each(SIZES)('lists at $width×$height', (size) => {
  it('fit: no column under 操作, 更多 on one line, dictionary items without sideways scroll', async () => {
    const { context, page } = await signedIn(size);
    for (const [name, path] of [
      ['customers', CUSTOMERS],
      ['menus', MENUS],
      ['departs', DEPARTS],
      ['users', USERS],
      ['dicts', DICTS],
    ] as const) {
      await openList(page, path);
      await screenshot(page, `list-${name}-${size.width}`);
      if (name !== 'users' && name !== 'dicts')
        await expectNothingUnderActions(list(page), `${name} ${size.width}`);
    }

    // 部门管理: 编辑 添加下级 部门权限 更多 on the row's one line.
    await openList(page, DEPARTS);
    const links = rows(list(page)).first().locator('.renderer-row-actions');
    const edit = await box(links.getByText('编辑', { exact: true }));
    const more = await box(links.getByText('更多'));
    expect(Math.abs(more.y - edit.y)).toBeLessThan(4);
    expect((await box(links)).height).toBeLessThan(edit.height * 1.8);

    // 字典管理 → 字典配置: the drawer's table shows its columns without scrolling sideways.
    await openList(page, DICTS);
    await rows(list(page)).first().getByText('字典配置').click();
    const drawer = page.locator('.ant-drawer-content:visible');
    await rows(drawer).first().waitFor();
    await expectNoSidewaysScroll(drawer, `dictionary items ${size.width}`);
    await expectNothingUnderActions(drawer, `dictionary items ${size.width}`);
    await screenshot(page, `list-dict-items-${size.width}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('column settings, density and full screen are kept per page and reset', async () => {
    const { context, page } = await signedIn(size);

    // Customers: hide 客户类型, move 联系人 up before 客户等级, compact rows.
    await openList(page, CUSTOMERS);
    const defined = await headers(list(page));
    expect(defined.slice(0, 5)).toEqual(['客户名称', '客户编号', '客户类型', '客户等级', '联系人']);
    await openSettings(page);
    await columnItem(page, '客户类型').getByRole('checkbox').uncheck();
    await columnItem(page, '联系人').getByRole('button', { name: '上移：联系人' }).click();
    await screenshot(page, `list-settings-popover-${size.width}`);
    await closeSettings(page);
    const arranged = ['客户名称', '客户编号', '联系人', '客户等级'];
    await expect.poll(async () => (await headers(list(page))).slice(0, 4)).toEqual(arranged);
    expect(await headers(list(page))).not.toContain('客户类型');

    await tool(page, '密度').click();
    await page.locator('.ant-dropdown:visible').getByText('紧凑').click();
    await list(page).locator('.ant-table-small').waitFor();

    // Users: hide 头像, move 姓名 to the front with its button and 性别 after it by dragging.
    await openList(page, USERS);
    // 展开 on the same line as 查询 and 重置.
    const query = await box(list(page).getByRole('button', { name: /^(\S+ )?查\s*询$/ }));
    const expand = await box(list(page).getByRole('button', { name: /展\s*开/ }));
    expect(Math.abs(expand.y - query.y)).toBeLessThan(4);
    await openSettings(page);
    await columnItem(page, '头像').getByRole('checkbox').uncheck();
    await columnItem(page, '姓名').getByRole('button', { name: '上移：姓名' }).click();
    // Drag 性别 by its handle onto 账号: it takes 账号's place.
    const handle = await box(columnItem(page, '性别').locator('.list-settings-handle'));
    const target = await box(columnItem(page, '账号'));
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, target.y + target.height / 2, { steps: 12 });
    await page.mouse.move(handle.x + handle.width / 2, target.y + target.height / 2 - 2, { steps: 2 });
    await page.mouse.up();
    await closeSettings(page);
    await expect.poll(async () => (await headers(list(page))).slice(0, 3)).toEqual(['姓名', '性别', '账号']);
    // The users list keeps its own density: another page's 紧凑 does not leak here.
    expect(await list(page).locator('.ant-table-small').count()).toBe(0);

    // After a reload both lists are as arranged.
    await page.reload();
    await rows(list(page)).first().waitFor({ timeout: 20_000 });
    expect((await headers(list(page))).slice(0, 3)).toEqual(['姓名', '性别', '账号']);
    expect(await headers(list(page))).not.toContain('头像');
    await openList(page, CUSTOMERS);
    expect((await headers(list(page))).slice(0, 4)).toEqual(arranged);
    await list(page).locator('.ant-table-small').waitFor();
    await expectNothingUnderActions(list(page), `arranged customers ${size.width}`);
    const stored = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.includes('JTableSettings_')),
    );
    expect(stored.sort()).toEqual(
      ['pro__JTableSettings_admin_/isystem/user', `pro__JTableSettings_admin_${CUSTOMERS}`].sort(),
    );

    // Full screen: the list covers the window, and Esc (or the button) leaves.
    await tool(page, '全屏').click();
    await expect.poll(async () => (await box(list(page))).width).toBe(size.width);
    expect((await box(list(page))).height).toBe(size.height);
    await screenshot(page, `list-fullscreen-${size.width}`);
    await page.keyboard.press('Escape');
    if ((await box(list(page))).width === size.width) await tool(page, '退出全屏').click();
    await expect.poll(async () => (await box(list(page))).width).toBeLessThan(size.width - 100);
    await tool(page, '全屏').waitFor();

    // 重置 brings back the definition, and nothing stays in storage for this page.
    await openSettings(page);
    await settingsPanel(page).getByRole('button', { name: '重置' }).click();
    await closeSettings(page);
    await expect.poll(() => headers(list(page))).toEqual(defined);
    await list(page).locator('.ant-table-middle').waitFor();
    const left = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.includes('JTableSettings_')),
    );
    expect(left).toEqual(['pro__JTableSettings_admin_/isystem/user']);

    // A width set in the settings is the column's width.
    await openSettings(page);
    await columnItem(page, '客户编号').getByRole('spinbutton').fill('220');
    await columnItem(page, '客户编号').getByRole('spinbutton').press('Enter');
    await closeSettings(page);
    const code = list(page).locator('.ant-table-thead th', { hasText: '客户编号' });
    await expect.poll(async () => Math.round((await box(code)).width)).toBe(220);
    // Dragging a header's right edge sets the width as well.
    const type = list(page).locator('.ant-table-thead th', { hasText: '客户等级' });
    const before = await box(type);
    const edge = await box(type.locator('.list-resize-handle'));
    await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
    await page.mouse.down();
    await page.mouse.move(edge.x + 60, edge.y + edge.height / 2, { steps: 6 });
    await page.mouse.up();
    const wanted = before.width + 60 - edge.width / 2;
    await expect.poll(async () => Math.abs((await box(type)).width - wanted)).toBeLessThan(3);
    await openSettings(page);
    expect(Number(await columnItem(page, '客户等级').getByRole('spinbutton').inputValue())).toBeGreaterThan(
      before.width,
    );
    await closeSettings(page);

    // The users list is reset too, from its own settings.
    await openList(page, USERS);
    await openSettings(page);
    await settingsPanel(page).getByRole('button', { name: '重置' }).click();
    await closeSettings(page);
    await expect.poll(async () => (await headers(list(page))).slice(0, 3)).toEqual(['账号', '姓名', '头像']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
