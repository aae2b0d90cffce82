import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { treeSchemas } from '../server/tree-fixtures.js';
import { apiCall, apiToken } from './api.js';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, formItem, openModal, rows } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * Tree entities in the browser (production build, real server, Chromium) on the tree fixture module:
 * 树形分类 (parentId → itself) lists its rows nested under their parents, flat while a query is active,
 * and 树形物品's category is picked from the tree.
 */
const suite = useBrowserSuite({ failureShots: 'tree-entity', schemas: treeSchemas });
const POLL = { timeout: 15_000 };
const API = '/jeecg-boot/online/cgform/api';

const add = (token: string, code: string, body: Record<string, unknown>) =>
  apiCall<string>(suite.server.url, token, 'POST', `${API}/form/${code}`, body);

async function openList(page: Page, code: string) {
  await page.goto(`${suite.server.url}/online/cgformList/${code}`);
  await page.locator('.renderer-list-page .ant-table-thead th').first().waitFor({ timeout: 20_000 });
}

describe('tree entities', () => {
  beforeAll(async () => {
    const token = await apiToken(suite.server.url, 'wangfang');
    const devices = await add(token, 'tre_category', { name: '医疗设备' });
    await add(token, 'tre_category', { name: '监护设备', parentId: devices });
    await add(token, 'tre_category', { name: '影像设备', parentId: devices });
    const supplies = await add(token, 'tre_category', { name: '医用耗材' });
    await add(token, 'tre_category', { name: '注射耗材', parentId: supplies });
  });

  it('nests the category list, shows a query’s matches flat, and picks a category from the tree', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'wangfang');
    await openList(page, 'tre_category');

    // Only the roots show at first; expanding 医疗设备 shows its two children one level in.
    await expect.poll(() => rows(page).count(), POLL).toBe(2);
    const devices = rows(page).filter({ hasText: '医疗设备' });
    await devices.locator('.ant-table-row-expand-icon').click();
    await expect.poll(() => rows(page).count(), POLL).toBe(4);
    // Both children, in either order: they were added within the same second (the list's default sort).
    const children = await page.locator('.ant-table-row-level-1').allInnerTexts();
    expect(children).toHaveLength(2);
    expect(children).toEqual(
      expect.arrayContaining([expect.stringContaining('监护设备'), expect.stringContaining('影像设备')]),
    );
    await screenshot(page, 'tree-entity-list');

    // A query shows the matching rows flat, whatever their level.
    await formItem(page.locator('.renderer-list-page'), '分类名称').locator('input').fill('设备');
    await button(page, '查询').click();
    await expect.poll(() => rows(page).count(), POLL).toBe(3);
    expect(await page.locator('.ant-table-row-level-1').count()).toBe(0);

    await openList(page, 'tre_item');
    await button(page, '新增').click();
    const dialog = openModal(page, '新增');
    await formItem(dialog, '分类').locator('.ant-select').click();
    const tree = page.locator('.ant-select-dropdown:visible .ant-select-tree');
    await tree.waitFor(POLL);
    // Searching by name keeps the match under its parent.
    await page.keyboard.type('监护');
    await expect
      .poll(() => tree.locator('.ant-select-tree-title').allInnerTexts(), POLL)
      .toEqual(['医疗设备', '监护设备']);
    await screenshot(page, 'tree-entity-picker');
    await tree.locator('.ant-select-tree-node-content-wrapper', { hasText: '监护设备' }).click();
    expect(await formItem(dialog, '分类').innerText()).toContain('监护设备');
  });
});
