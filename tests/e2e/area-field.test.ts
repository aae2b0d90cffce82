import { describe, expect, it } from 'vitest';
import { schemasWithFixture } from '../server/track-fixtures.js';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, formItem, openModal, rowWith } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * The derived form of an entity with `view: "area"` and the idCard rule preset (fixture module
 * tests/fixtures/schemas/area): the area is picked province → city → county, the ID number is refused in
 * the form with the server's words, and the list shows the county as 省/市/区.
 */
const suite = useBrowserSuite({
  failureShots: 'area-field',
  schemas: () => schemasWithFixture('tests/fixtures/schemas/area', 'area'),
});
const POLL = { timeout: 15_000 };

describe('area field and ID card rule in the derived form', () => {
  it('picks an area, refuses a bad ID number, and lists 省/市/区', async () => {
    const { page } = await suite.openPage();
    await signInAs(page, suite.server.url, 'wangfang');
    await page.goto(`${suite.server.url}/online/cgformList/ara_contact`);
    await page.locator('.renderer-list-page .ant-table-thead th').first().waitFor({ timeout: 20_000 });

    await button(page, '新增').click();
    const dialog = openModal(page, '新增');
    await formItem(dialog, '姓名').locator('input').fill('赵六');
    // A wrong check digit: the form says what the server would.
    const idNo = formItem(dialog, '身份证号');
    await idNo.locator('input').fill('320102198511153018');
    await idNo.locator('input').blur();
    await expect.poll(() => idNo.innerText(), POLL).toContain('身份证号码不正确');

    await formItem(dialog, '所在地区').locator('.ant-select-selector').click();
    const menu = page.locator('.ant-cascader-dropdown:visible');
    for (const name of ['广东省', '深圳市', '南山区']) await menu.getByText(name, { exact: true }).click();
    await formItem(dialog, '所在地区').getByTitle('广东省 / 深圳市 / 南山区').waitFor(POLL);
    await screenshot(page, 'area-field-form');

    await button(dialog, '确定').click();
    // Still refused: the dialog stays open until the number is right.
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await idNo.locator('input').fill('320102198511153017');
    await expect.poll(() => idNo.innerText(), POLL).not.toContain('身份证号码不正确');
    await button(dialog, '确定').click();
    await dialog.waitFor({ state: 'hidden', ...POLL });

    const row = rowWith(page, '赵六');
    await expect.poll(() => row.innerText(), POLL).toContain('广东省/深圳市/南山区');
    await screenshot(page, 'area-field-list');
    expect(suite.errors).toEqual([]);
  });
});
