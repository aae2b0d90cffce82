import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowserSuite } from './browser.js';
import { box, button, formInput, formItem, openModal, rowWith, rows, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * A generated page on a phone (390×844, touch): an administrator adds a customer through the form
 * (labels above their inputs, the dialog inside the screen), finds it with the query form and edits
 * it, and the 操作 column never covers the data. The same screens at 1440×900 keep labels beside
 * their inputs. Screenshots of both sizes go to test-output/screenshots.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const CUSTOMERS = '/online/cgformList/erp_customer';

const { server, errors, openPage } = useBrowserSuite({ failureShots: 'phone-failed' });

async function openCustomers(viewport: { width: number; height: number }, phone: boolean) {
  const { context, page } = await openPage({
    viewport,
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
  });
  await signInAs(page, server.url, 'admin');
  await page.goto(`${server.url}${CUSTOMERS}`);
  await page.locator('.renderer-list-page .ant-table').waitFor({ timeout: 20_000 });
  return { context, page };
}

/** The label and the input of a form item, as laid out. */
async function labelAndInput(dialog: Locator, label: string) {
  const item = formItem(dialog, label);
  return { label: await box(item.locator('label').first()), input: await box(item.locator('input').first()) };
}

/** A label's full text is shown when its box is as wide as the text needs (no ellipsis). */
async function labelFits(dialog: Locator, label: string): Promise<boolean> {
  return formItem(dialog, label)
    .locator('label')
    .first()
    .evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
}

/** A box lies wholly inside the phone's screen. */
async function expectInsidePhone(locator: Locator) {
  const b = await box(locator);
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
  expect(b.y + b.height).toBeLessThanOrEqual(PHONE.height);
}

/**
 * A dialog fits the phone's screen with a margin on both sides, and every control in it lies inside
 * the dialog (none pushed off its edge).
 */
async function expectFitsPhone(dialog: Locator) {
  const content = dialog.locator('.ant-modal-content');
  const modal = await box(content);
  expect(modal.x).toBeGreaterThanOrEqual(4);
  expect(modal.x + modal.width).toBeLessThanOrEqual(PHONE.width - 4);
  const outside = await content.evaluate((root) => {
    const edge = root.getBoundingClientRect();
    return [...root.querySelectorAll('input, button, label, a, .ant-select, .ant-list, .ant-upload')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < edge.left - 1 || r.right > edge.right + 1);
      })
      .map((el) => el.outerHTML.slice(0, 80));
  });
  expect(outside).toEqual([]);
}

describe('a generated page on a phone (390×844)', () => {
  it('adds, finds and edits a customer with readable forms and lists', async () => {
    const { context, page } = await openCustomers(PHONE, true);
    // The page itself never scrolls sideways: only the table does, inside its own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'phone-customer-list-empty');

    await button(page, '新增').click();
    let dialog = openModal(page, '新增');
    await formInput(dialog, '客户名称').waitFor();
    await expectFitsPhone(dialog);
    // Labels stand above their inputs, whole.
    for (const label of ['客户名称', '联系人', '电子邮件', '信用额度（元）']) {
      const l = await labelAndInput(dialog, label);
      expect(l.label.y + l.label.height, label).toBeLessThanOrEqual(l.input.y + 1);
      expect(await labelFits(dialog, label), label).toBe(true);
    }
    await formInput(dialog, '客户名称').fill('手机端客户');
    await formInput(dialog, '客户编号').fill('KH9801');
    await formInput(dialog, '联系电话').fill('13912349801');
    await screenshot(page, 'phone-customer-form');
    await button(dialog, '确定').click();
    await toast(page, '添加成功！').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByPlaceholder('请输入客户名称').fill('手机端');
    await button(page, '查询').first().click();
    await expect.poll(() => rows(page).count()).toBe(1);
    const row = rowWith(page, 'KH9801');
    await row.waitFor();
    await screenshot(page, 'phone-customer-list');

    // No 操作 column covers the data: the row shows its data from the first column, and a tap on it
    // opens the row's actions as a sheet of full-width buttons.
    expect(await page.locator('.renderer-list-page .ant-table-thead').getByText('操作', { exact: true }).count()).toBe(0);
    const name = await box(row.locator('.ant-table-cell', { hasText: '手机端客户' }));
    expect(name.x).toBeGreaterThanOrEqual(0);
    expect(name.x + name.width).toBeLessThanOrEqual(PHONE.width);
    await row.locator('.ant-table-cell', { hasText: '手机端客户' }).tap();
    const sheet = page.locator('.renderer-row-sheet .ant-drawer-content');
    await sheet.waitFor();
    await expectInsidePhone(sheet);
    await screenshot(page, 'phone-customer-row-actions');
    await button(sheet, '编辑').tap();
    dialog = openModal(page, '编辑');
    await expect.poll(() => formInput(dialog, '客户编号').inputValue()).toBe('KH9801');
    const edit = await labelAndInput(dialog, '联系人');
    expect(edit.label.y + edit.label.height).toBeLessThanOrEqual(edit.input.y + 1);
    await formInput(dialog, '联系人').fill('李护士长');
    await button(dialog, '确定').click();
    await toast(page, /编辑成功/).waitFor();
    await rowWith(page, '李护士长').waitFor();

    // The detail shows one label and value per line, inside the screen.
    await rowWith(page, 'KH9801').locator('.ant-table-cell', { hasText: 'KH9801' }).tap();
    await button(sheet, '详情').tap();
    const detail = openModal(page, '详情');
    await detail.locator('.ant-descriptions').waitFor();
    await expectFitsPhone(detail);
    const nameLabel = await box(detail.locator('.ant-descriptions-item-label', { hasText: '客户名称' }));
    const nameValue = await box(detail.locator('.ant-descriptions-item-content', { hasText: '手机端客户' }));
    expect(nameValue.x).toBeGreaterThanOrEqual(nameLabel.x + nameLabel.width - 1);
    expect(await detail.locator('.ant-descriptions-row').first().locator('th').count()).toBe(1);
    await screenshot(page, 'phone-customer-detail');
    await detail.locator('.ant-modal-close').click();
    await detail.waitFor({ state: 'hidden' });

    // The list's other dialogs fit as well.
    for (const [open, title] of [['高级查询', '高级查询构造器'], ['导入', '导入EXCEL']] as const) {
      await button(page, open).click();
      const other = openModal(page, title);
      await other.waitFor();
      await expectFitsPhone(other);
      await screenshot(page, `phone-customer-${open}`);
      await other.locator('.ant-modal-close').click();
      await other.waitFor({ state: 'hidden' });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the same page at 1440×900', () => {
  it('keeps labels beside their inputs and the list as it was', async () => {
    const { context, page } = await openCustomers(DESKTOP, false);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    await screenshot(page, 'desktop-customer-list');

    await button(page, '新增').click();
    const dialog = openModal(page, '新增');
    await formInput(dialog, '客户名称').waitFor();
    for (const label of ['客户名称', '联系人', '电子邮件']) {
      const l = await labelAndInput(dialog, label);
      expect(l.label.x + l.label.width, label).toBeLessThanOrEqual(l.input.x + 1);
      expect(Math.abs(l.label.y + l.label.height / 2 - (l.input.y + l.input.height / 2)), label).toBeLessThan(8);
    }
    await screenshot(page, 'desktop-customer-form');
    await button(dialog, '取消').click();
    expect(errors).toEqual([]);
    await context.close();
  });
});
