import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemasWithFixture } from '../server/track-fixtures.js';
import { screenshot, useBrowserSuite } from './browser.js';
import { addSmokingQuestions, canvas, choose, drag, props, setName, tab } from './form-designer-steps.js';
import { button, openModal, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * The form designer in the browser (production build, real server, Chromium): admin designs a new
 * case-report form with a radio, a number shown only for one answer (linkage) and a child table, sees the
 * server refuse a duplicate field name with its message, previews it in the phone frame and publishes it;
 * a file form is read-only and copied into a new stored form.
 */
const suite = useBrowserSuite({
  failureShots: 'form-designer',
  // A file form (fx_visit, version 2) besides the platform definitions.
  schemas: () => schemasWithFixture('tests/fixtures/schemas/form', 'formfx'),
});
const POLL = { timeout: 15_000 };
const CODE = 'crf_smoke_e2e';

describe('form designer', () => {
  it('designs a form with linkage and a child table, is refused a duplicate name, previews on a phone and publishes', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'admin');
    // 表单设计 from the side menu.
    await page.locator('.ant-menu').getByText('动态表单', { exact: true }).click();
    await page.locator('.ant-menu').getByText('表单设计', { exact: true }).click();
    await page.waitForURL(/\/dynamicForm\/forms/, POLL);
    const list = page.getByTestId('form-list');
    await list.locator('.ant-table').waitFor(POLL);

    // 新建: code and title, then the designer opens on an empty form.
    await button(list, '新建').click();
    const dialog = openModal(page, '新建表单');
    await dialog.getByLabel('表单编码').fill(CODE);
    await dialog.getByLabel('表单名称').fill('吸烟情况调查');
    await button(dialog, '确定').click();
    await page.waitForURL(/\/dynamicForm\/designer\?code=crf_smoke_e2e/, POLL);
    await canvas(page).waitFor(POLL);

    // 单选 dragged from the palette onto the canvas; 数字 and 子表 added from the keyboard-reachable buttons.
    const columns = await addSmokingQuestions(page, () =>
      drag(page, page.getByTestId('palette-radio'), page.getByTestId('slot-root-0')),
    );
    await button(columns, '添加列').click();
    await columns.getByLabel('列标题2').fill('剂量');
    await columns.getByLabel('列字段名2').fill('dose');
    await choose(page, columns, '控件2', 'JInputNumber');
    await expect
      .poll(() => canvas(page).getByTestId('field-medications').textContent(), POLL)
      .toContain('剂量');

    // A section holding a field named like 是否吸烟's: the panel warns, the server refuses it.
    await page.getByTestId('palette-section').click();
    await page.getByTestId('palette-input').click();
    await canvas(page).getByTestId('field-text').waitFor(POLL);
    await setName(page, 'smoke');
    expect(await props(page).textContent()).toContain('字段名在表单中已使用');
    await button(page, '保存草稿').click();
    const problems = page.getByTestId('fd-problems');
    await problems.waitFor(POLL);
    await page.locator('.ant-notification').getByText('表单定义有 1 处错误').waitFor(POLL);
    expect(await problems.textContent()).toContain('字段名 "smoke" 重复');
    await screenshot(page, 'form-designer-problems-1440');
    // The problem selects its field; deleting it makes the form valid.
    await problems.locator('a').first().click();
    const selected = canvas(page).locator('.fd-field-selected');
    await expect.poll(() => selected.getAttribute('data-testid'), POLL).toBe('field-smoke');
    expect(await selected.textContent()).toContain('单行文本');
    await selected.getByRole('button', { name: '删除', exact: true }).click();
    await button(page, '保存草稿').click();
    await toast(page, '草稿 v1 已保存').waitFor(POLL);
    await expect.poll(() => problems.count(), POLL).toBe(0);
    await canvas(page).getByTestId('field-smoke').click();
    await screenshot(page, 'form-designer-1440');

    // The JSON holds the declarative linkage.
    await tab(page, 'JSON').click();
    const json = JSON.parse((await page.getByTestId('fd-json').textContent()) ?? '{}');
    expect(json.schema.properties.cigarettes['x-reactions']).toEqual({
      dependencies: ['smoke'],
      when: { field: 'smoke', op: 'eq', value: '1' },
      fulfill: { state: { visible: true } },
      otherwise: { state: { visible: false } },
    });
    expect(Object.keys(json.schema.properties.medications.items.properties)).toEqual([
      'col_drug',
      'col_dose',
      '_ops',
    ]);

    // Preview in the phone frame: 每日吸烟量 appears once 是 is chosen.
    await tab(page, '预览').click();
    await page.locator('.fd-preview .ant-segmented-item').filter({ hasText: '手机' }).click();
    const phone = page.getByTestId('fd-preview-phone');
    await phone.getByText('是否吸烟').waitFor(POLL);
    expect(await phone.getByText('每日吸烟量').count()).toBe(0);
    await phone.getByText('是', { exact: true }).click();
    await phone.getByText('每日吸烟量').waitFor(POLL);
    await phone.getByText('用药记录').waitFor(POLL);
    expect((await phone.boundingBox())!.width).toBeLessThanOrEqual(410);
    await screenshot(page, 'form-designer-preview-phone-1440');

    // 发布: the draft becomes v1, published.
    await tab(page, '设计').click();
    await button(page, '发布').click();
    await button(page.locator('.ant-popover:visible'), '确定').click();
    await toast(page, '已发布 v1').waitFor(POLL);
    await page.locator('.fd-page .ant-card-head').getByText('v1 已发布').waitFor(POLL);

    // The list shows it published, without a draft.
    await page.goto(`${suite.server.url}/dynamicForm/forms`);
    const row = list.locator('.ant-table-row').filter({ hasText: CODE });
    await row.waitFor(POLL);
    expect(await row.textContent()).toContain('设计器');
    expect(await row.textContent()).toContain('v1');
    await screenshot(page, 'form-designer-list-1440');

    // 版本 lists v1 published; 导出 downloads it as a definition file.
    await row.getByText('版本', { exact: true }).click();
    const versions = openModal(page, `表单 ${CODE} 的版本`);
    await versions.locator('.ant-table-row').filter({ hasText: '已发布' }).waitFor(POLL);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      versions.getByText('导出', { exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${CODE}-v1.json`);
    const file = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(file).toMatchObject({ code: CODE, version: 1, $schema: '../meta/form.schema.json' });
    await versions.locator('.ant-modal-close').click();

    // 导入: the exported file under another code comes back as that form's draft.
    const imported = path.join(await mkdtemp(path.join(tmpdir(), 'fd-')), 'crf_import_e2e.json');
    await writeFile(imported, JSON.stringify({ ...file, code: 'crf_import_e2e', title: '导入的表单' }));
    await list.locator('input[type="file"]').setInputFiles(imported);
    await toast(page, '已导入为草稿').waitFor(POLL);
    const importedRow = list.locator('.ant-table-row').filter({ hasText: 'crf_import_e2e' });
    await importedRow.waitFor(POLL);
    expect(await importedRow.textContent()).toContain('导入的表单');
    await importedRow.getByText('发布', { exact: true }).waitFor(POLL);

    // 新建 with a code in use is refused before the designer opens.
    await button(list, '新建').click();
    const again = openModal(page, '新建表单');
    await again.getByLabel('表单编码').fill(CODE);
    await again.getByLabel('表单名称').fill('重复');
    await button(again, '确定').click();
    await again.getByText('表单编码已被使用').waitFor(POLL);
    expect(page.url()).toMatch(/\/dynamicForm\/forms/);
    expect(suite.errors).toEqual([]);
  });

  it('shows the designer and its phone preview on a 390 px screen', async () => {
    const { page } = await suite.openPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await signInAs(page, suite.server.url, 'admin');
    await page.goto(`${suite.server.url}/dynamicForm/designer?code=${CODE}`);
    await canvas(page).getByTestId('field-smoke').waitFor(POLL);
    await screenshot(page, 'form-designer-390');
    await tab(page, '预览').click();
    await page.locator('.fd-preview .ant-segmented-item').filter({ hasText: '手机' }).click();
    await page.getByTestId('fd-preview-phone').getByText('是否吸烟').waitFor(POLL);
    await screenshot(page, 'form-designer-preview-390');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(suite.errors).toEqual([]);
  });

  it('opens a file form read-only and copies it into a new stored form', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'admin');
    await page.goto(`${suite.server.url}/dynamicForm/forms`);
    const list = page.getByTestId('form-list');
    await list.getByPlaceholder('编码或名称').fill('fx_visit');
    await list.getByPlaceholder('编码或名称').press('Enter');
    const row = list.locator('.ant-table-row').filter({ hasText: 'fx_visit' });
    await row.waitFor(POLL);
    expect(await list.locator('.ant-table-row').count()).toBe(1);
    expect(await row.textContent()).toContain('文件');
    expect(await row.textContent()).toContain('v2');
    await row.getByText('查看', { exact: true }).click();
    await page.waitForURL(/\/dynamicForm\/designer\?code=fx_visit/, POLL);
    await page.getByText('文件表单只读').waitFor(POLL);
    await canvas(page).getByTestId('field-hasSymptom').waitFor(POLL);
    expect(await button(page, '保存草稿').count()).toBe(0);
    expect(await page.getByTestId('palette-input').isDisabled()).toBe(true);
    await canvas(page).getByTestId('field-hasSymptom').click();
    expect(await props(page).getByTestId('fd-prop-title').isDisabled()).toBe(true);
    await screenshot(page, 'form-designer-file-1440');

    await button(page, '复制为新表单').click();
    const dialog = openModal(page, '复制为新表单');
    await dialog.getByLabel('表单编码').fill('fx_visit_mine');
    await button(dialog, '确定').click();
    await page.waitForURL(/code=fx_visit_mine/, POLL);
    await canvas(page).getByTestId('field-hasSymptom').waitFor(POLL);
    await button(page, '保存草稿').click();
    await toast(page, '草稿 v1 已保存').waitFor(POLL);
    await page.goto(`${suite.server.url}/dynamicForm/forms`);
    const copy = list.locator('.ant-table-row').filter({ hasText: 'fx_visit_mine' });
    await copy.waitFor(POLL);
    expect(await copy.textContent()).toContain('设计器');
    expect(suite.errors).toEqual([]);
  });
});
