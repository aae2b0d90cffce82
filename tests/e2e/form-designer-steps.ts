import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Steps of the form designer (/dynamicForm/designer) shared by the browser tests that design a form:
 * the designer's own test and the flows that start from a designed form.
 */
const POLL = { timeout: 15_000 };

/** Drags with the mouse the way a user does (dnd-kit starts after a few pixels of movement). */
export async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 4 });
  // The slots widen once a drag starts: measure the target then.
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + 1);
  await page.mouse.up();
}

/** A tab of the designer (the layout's page tabs are tabs too). */
export const tab = (page: Page, name: string) =>
  page.getByTestId('fd-page').getByRole('tab', { name, exact: true });
export const props = (page: Page) => page.getByTestId('fd-props');
export const canvas = (page: Page) => page.getByTestId('fd-canvas');

export async function setName(page: Page, name: string) {
  const input = props(page).getByTestId('fd-prop-name');
  await input.fill(name);
  await input.press('Enter');
  await expect.poll(() => input.inputValue(), POLL).toBe(name);
}

export async function setTitle(page: Page, title: string) {
  await props(page).getByTestId('fd-prop-title').fill(title);
}

/** Picks `option` in the antd Select labelled `label` inside `scope`. */
export async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label).first().click({ force: true });
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/**
 * The questions both designer flows build, after `placeRadio` put a 单选 on the canvas: 是否吸烟 (是 1 /
 * 否 0), 每日吸烟量 shown only when 是否吸烟 = 是 (the linkage offered first), and the child table
 * 用药记录 with its first column 药名 (drug), left selected.
 */
export async function addSmokingQuestions(page: Page, placeRadio: () => Promise<void>) {
  await placeRadio();
  await canvas(page).getByTestId('field-radio').waitFor(POLL);
  await setName(page, 'smoke');
  await setTitle(page, '是否吸烟');
  const options = props(page).getByTestId('fd-options');
  await options.getByLabel('显示文本1').fill('是');
  await options.getByLabel('值1').fill('1');
  await options.getByLabel('显示文本2').fill('否');
  await options.getByLabel('值2').fill('0');

  await page.getByTestId('palette-number').click();
  await canvas(page).getByTestId('field-num').waitFor(POLL);
  await setName(page, 'cigarettes');
  await setTitle(page, '每日吸烟量');
  await props(page).getByRole('button', { name: '添加联动' }).click();
  const condition = props(page).getByTestId('fd-condition-0-0');
  await condition.waitFor(POLL);
  expect(await condition.textContent()).toContain('是否吸烟');
  expect(await condition.textContent()).toContain('是');

  await page.getByTestId('palette-table').click();
  await canvas(page).getByTestId('field-rows').waitFor(POLL);
  await setName(page, 'medications');
  await setTitle(page, '用药记录');
  const columns = props(page).getByTestId('fd-columns');
  await columns.getByLabel('列标题1').fill('药名');
  await columns.getByLabel('列字段名1').fill('drug');
  return columns;
}
