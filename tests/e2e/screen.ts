import type { Locator, Page } from 'playwright-core';

/**
 * Small finders and actions over the console's rendered screens (antd and formily), shared by the
 * browser tests. Lists are the schema-rendered list pages (`.renderer-list-page`).
 */

/** A button by its text; an icon's name before it ("plus 新增") is allowed. */
export const button = (scope: Page | Locator, name: string) =>
  scope.getByRole('button', { name: new RegExp(`^(\\S+ )?${name}$`) });

/** The open modal or drawer titled `title` (the topmost when several are). */
export const openDialog = (page: Page, title: string) =>
  page
    .locator('.ant-modal:visible, .ant-drawer:visible')
    .filter({ has: page.locator('.ant-modal-title, .ant-drawer-title', { hasText: title }) })
    .last();

/** The open modal titled `title`, never a drawer (the topmost when several are). */
export const openModal = (page: Page, title: string) =>
  page
    .locator('.ant-modal:visible')
    .filter({ has: page.locator('.ant-modal-title', { hasText: title }) })
    .last();

/** The form items inside `scope` whose label is exactly `label`. */
const formItems = (scope: Locator, label: string) =>
  scope
    .locator('.ant-formily-item')
    .filter({ has: scope.page().locator('label', { hasText: new RegExp(`^${label}$`) }) });

/** The form item inside `scope` labelled exactly `label`. */
export const formItem = (scope: Locator, label: string) => formItems(scope, label).first();

/** The control (an input unless told, e.g. 'textarea') of the form item labelled exactly `label`. */
export const formInput = (scope: Locator, label: string, control = 'input') =>
  formItems(scope, label).locator(control).first();

/** The rows of the list page's table. */
export const rows = (page: Page) => page.locator('.renderer-list-page .ant-table-row');

/** The list rows holding `text`. */
export const rowWith = (page: Page, text: string) => rows(page).filter({ hasText: text });

/** A toast message (antd message) saying `text`. */
export const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text);

/** Where an element is laid out; throws when it is not. */
export async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element not laid out');
  return b;
}

/** Fills a query field found by its placeholder and runs 查询. */
export async function search(page: Page, placeholder: string, value: string) {
  await page.getByPlaceholder(placeholder).fill(value);
  await button(page, '查询').first().click();
}

/** Confirms the open confirmation dialog (its primary button). */
export async function confirm(page: Page) {
  await page.locator('.ant-modal-confirm:visible .ant-modal-confirm-btns .ant-btn-primary').last().click();
}

/** Clicks a row action, inline or behind 更多. */
export async function rowAction(page: Page, row: Locator, name: string) {
  // count() does not wait: before the row is drawn it would send an inline action to 更多.
  await row.getByText('更多').or(row.getByText(name, { exact: true })).first().waitFor({ timeout: 20_000 });
  const inline = row.getByText(name, { exact: true });
  if (await inline.count()) return inline.click();
  const item = page.locator('.ant-dropdown:visible').getByRole('menuitem', { name, exact: true });
  // A list refresh can replace the hovered link before its menu opens: hover again until it shows.
  for (let attempt = 0; attempt < 5 && !(await item.isVisible()); attempt += 1) {
    await row.getByText('更多').hover();
    await item.waitFor({ timeout: 3_000 }).catch(() => undefined);
  }
  await item.click();
}
