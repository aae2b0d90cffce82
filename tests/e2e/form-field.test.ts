import { describe, expect, it } from 'vitest';
import { schemasWithFixture } from '../server/track-fixtures.js';
import { screenshot, useBrowserSuite } from './browser.js';
import { box, button, formInput, formItem, openModal, rowWith } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * An entity field of type form (fixture module tests/fixtures/schemas/form-field: ffd_record with its
 * document under 随访内容, file form ffd_visit version 3) on a phone: the record form shows the stored
 * form itself once the form code is filled, its linkage works, labels sit above the fields, the saved
 * record keeps version 3, and the detail shows the document read-only.
 */
const suite = useBrowserSuite({
  failureShots: 'form-field',
  schemas: () => schemasWithFixture('tests/fixtures/schemas/form-field', 'form-field'),
});
const POLL = { timeout: 15_000 };
const PHONE = { width: 390, height: 844 };

describe('a form document in the derived record form, on a phone', () => {
  it('fills the stored form under the field, saves it, and shows it in the detail', async () => {
    const { page } = await suite.openPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signInAs(page, suite.server.url, 'wangfang');
    await page.goto(`${suite.server.url}/online/cgformList/ffd_record`);
    await page.locator('.renderer-list-page .ant-table').waitFor({ timeout: 20_000 });

    await button(page, '新增').click();
    const dialog = openModal(page, '新增');
    await formInput(dialog, '名称').fill('手机随访');
    await dialog.getByText('尚未选择表单：请先填写表单编码').waitFor(POLL);
    await formInput(dialog, '表单').fill('ffd_visit');
    await dialog.getByText('字段测试随访表（第 3 版）').waitFor(POLL);

    // Inside the document: the field's own item (随访内容) holds every label of the form too.
    const doc = dialog.locator('.j-form-document');
    const date = formInput(doc, '随访日期');
    await date.click();
    await date.fill('2026-03-02');
    await date.press('Enter');
    await formInput(doc, '体重').fill('65');
    // 每日包数 shows only for a smoker.
    expect(await formItem(doc, '每日包数').count()).toBe(0);
    await formItem(doc, '是否吸烟').getByText('是', { exact: true }).click();
    await formInput(doc, '每日包数').fill('2');

    // A phone puts the form's labels above their fields.
    const label = await box(formItem(doc, '体重').locator('label').first());
    const input = await box(formInput(doc, '体重'));
    expect(label.y + label.height).toBeLessThanOrEqual(input.y + 1);
    await screenshot(page, 'form-field-phone-form');

    await button(dialog, '确定').click();
    await dialog.waitFor({ state: 'hidden', ...POLL });
    const row = rowWith(page, '手机随访');
    await expect.poll(() => row.innerText(), POLL).toContain('ffd_visit');
    expect(await row.innerText()).toContain('3');

    // A phone opens a row's actions from a tap on it.
    await row.locator('.ant-table-cell', { hasText: '手机随访' }).tap();
    await button(page.locator('.renderer-row-sheet .ant-drawer-content'), '详情').tap();
    const detail = openModal(page, '详情');
    await detail.getByText('字段测试随访表（第 3 版）').waitFor(POLL);
    await detail.getByText('每日包数').waitFor(POLL);
    // Read-only: no input takes text (a date picker without a read-only view is disabled).
    expect(await detail.locator('.j-form-document input:not([disabled])').count()).toBe(0);
    expect(await detail.locator('.j-form-document').innerText()).toContain('65');
    await screenshot(page, 'form-field-phone-detail');
    expect(suite.errors).toEqual([]);
  });
});
