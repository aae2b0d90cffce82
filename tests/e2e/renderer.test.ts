import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, confirm, formInput, openDialog, rowAction, rowWith, rows, search, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * Schema-rendered screens as people use them (production build, real server, Chromium): an
 * administrator creates, searches (plain and advanced), edits, exports, re-imports with one bad row and
 * deletes records on the user page and on a demo entity page; an organisation manager without
 * `user:add` sees no add button and the server refuses the call anyway (510).
 */
const { server, errors, openPage } = useBrowserSuite({ failureShots: 'renderer-failed' });

const newPage = () => openPage({ viewport: { width: 1600, height: 1000 }, acceptDownloads: true });

async function deleteRow(page: Page, text: string) {
  await rowAction(page, rowWith(page, text), '删除');
  await confirm(page);
}

/** Chooses an option of an antd select inside `scope` (the n-th select). */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .first()
    .click();
  // Wait until the choice is rendered: inputs that depend on it are replaced when it lands.
  await select.locator('.ant-select-selection-item', { hasText: option }).waitFor();
}

/** Runs the export button and answers the downloaded workbook. */
async function exportWorkbook(page: Page): Promise<ExcelJS.Workbook> {
  const [download] = await Promise.all([page.waitForEvent('download'), button(page, '导出').click()]);
  const path = await download.path();
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  return wb;
}

/** The header row of an export (below the title and exporter rows) and a column's index by its title. */
function headerOf(ws: ExcelJS.Worksheet, known: string): { row: number; col: (title: string) => number } {
  for (let r = 1; r <= 5; r++) {
    const titles = (ws.getRow(r).values as unknown[]).map((v) => String(v ?? ''));
    if (titles.includes(known))
      return {
        row: r,
        col: (title) => {
          const i = titles.indexOf(title);
          if (i < 0) throw new Error(`no column ${title}`);
          return i;
        },
      };
  }
  throw new Error('no header row');
}

/** Uploads a file through the page's 导入 dialog and starts the upload. */
async function importFile(page: Page, buffer: Buffer, name: string, mimeType: string, validate = false) {
  await button(page, '导入').click();
  const dialog = openDialog(page, '导入EXCEL');
  // Online pages validate by default; the switch is turned on only where it is off.
  const toggle = dialog.getByRole('switch', { name: '是否开启校验' });
  if (validate && (await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
  await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
  await dialog.getByText(name).waitFor();
  await button(dialog, '开始上传').click();
}

async function importWorkbook(page: Page, wb: ExcelJS.Workbook, name: string, validate = false) {
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  await importFile(
    page,
    buffer,
    name,
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    validate,
  );
}

/** A legacy Excel 97-2003 workbook (BIFF8), as older hospital systems still produce. */
function legacyWorkbook(rows: unknown[][]): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), '客户');
  return XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

describe('schema pages in the browser', () => {
  it('lets an administrator manage users end to end', async () => {
    const { context, page } = await newPage();
    await signInAs(page, server.url, 'admin');
    await page.goto(`${server.url}/isystem/user`);
    await rows(page).first().waitFor({ timeout: 20_000 });

    // Create.
    await button(page, '新增').click();
    let dialog = openDialog(page, '新增');
    await formInput(dialog, '用户账号').fill('e2e_user1');
    await formInput(dialog, '登录密码').fill('E2e#Pass2026');
    await formInput(dialog, '确认密码').fill('E2e#Pass2026');
    await formInput(dialog, '用户姓名').fill('端到端测试员');
    await formInput(dialog, '手机号码').fill('13912340001');
    await button(dialog, '确定').click();
    await toast(page, '添加成功！').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Plain search.
    await search(page, '请输入账号', 'e2e_user1');
    await expect.poll(() => rows(page).count()).toBe(1);
    await rowWith(page, '端到端测试员').waitFor();

    // Edit.
    await rowWith(page, 'e2e_user1').getByText('编辑', { exact: true }).click();
    dialog = openDialog(page, '编辑');
    await expect.poll(() => formInput(dialog, '用户姓名').inputValue()).toBe('端到端测试员');
    await formInput(dialog, '用户姓名').fill('端到端测试员乙');
    await button(dialog, '确定').click();
    await toast(page, /修改成功/).waitFor();
    await rowWith(page, '端到端测试员乙').waitFor();

    // Advanced query: clear the plain search, then 姓名 包含 测试员乙.
    await button(page, '重置').click();
    await expect.poll(() => rows(page).count()).toBeGreaterThan(1);
    await button(page, '高级查询').click();
    const builder = openDialog(page, '高级查询构造器');
    const line = builder.getByTestId('super-query-line').first();
    await choose(page, line.locator('.ant-select').nth(0), '姓名');
    await choose(page, line.locator('.ant-select').nth(1), '包含');
    await line.getByPlaceholder('请输入值').fill('测试员乙');
    await builder.getByRole('button', { name: '查询', exact: true }).click();
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByTestId('super-query-active').waitFor();
    await screenshot(page, 'renderer-user-super-query');

    // Export what is shown (the one user), then re-import it as a new account plus one bad row.
    const wb = await exportWorkbook(page);
    const ws = wb.worksheets[0];
    const header = headerOf(ws, '登录账号');
    const data = ws.getRow(header.row + 1);
    expect(data.getCell(header.col('登录账号')).value).toBe('e2e_user1');
    data.getCell(header.col('登录账号')).value = 'e2e_user2';
    data.getCell(header.col('用户姓名')).value = '导入测试员';
    data.getCell(header.col('手机号码')).value = '13912340002';
    const bad = ws.getRow(header.row + 2);
    bad.getCell(header.col('登录账号')).value = 'e2e_user3';
    bad.getCell(header.col('用户姓名')).value = '坏数据';
    bad.getCell(header.col('手机号码')).value = '12345';
    await importWorkbook(page, wb, 'users-reimport.xlsx');
    const partial = page.locator('.ant-modal-confirm:visible');
    await partial.locator('.ant-modal-confirm-title', { hasText: '导入成功，但存在错误数据！' }).waitFor();
    await partial.getByText(/错误行数：1/).waitFor();
    await screenshot(page, 'renderer-user-import-partial');
    await partial.locator('.ant-modal-confirm-btns .ant-btn').click();

    // The good row arrived, the bad one did not.
    await button(page, '高级查询').click();
    await builder.getByRole('button', { name: '重置' }).click();
    await expect.poll(() => page.getByTestId('super-query-active').count()).toBe(0);
    await builder.getByRole('button', { name: '关闭' }).click();
    await search(page, '请输入账号', 'e2e_user');
    await rowWith(page, '导入测试员').waitFor();
    await expect.poll(() => rows(page).count()).toBe(2);

    // Delete both.
    await deleteRow(page, 'e2e_user2');
    await toast(page, /删除/).first().waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    await deleteRow(page, 'e2e_user1');
    await page.locator('.renderer-list-page .ant-empty-description', { hasText: '暂无数据' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('manages a demo entity through the generic CRUD', async () => {
    const { context, page } = await newPage();
    await signInAs(page, server.url, 'admin');
    await page.goto(`${server.url}/online/cgformList/erp_customer`);
    await page
      .locator('.renderer-list-page')
      .waitFor({ timeout: 20_000 })
      .catch(async (e: unknown) => {
        await screenshot(page, 'renderer-entity-missing');
        throw e;
      });

    await button(page, '新增').click();
    let dialog = openDialog(page, '新增');
    await formInput(dialog, '客户名称').fill('端到端客户');
    await formInput(dialog, '客户编号').fill('KH9901');
    await formInput(dialog, '联系电话').fill('13912349901');
    await button(dialog, '确定').click();
    await toast(page, '添加成功！').waitFor();

    await search(page, '请输入客户名称', '端到端客户');
    await expect.poll(() => rows(page).count()).toBe(1);

    await rowWith(page, 'KH9901').getByText('编辑', { exact: true }).click();
    dialog = openDialog(page, '编辑');
    await expect.poll(() => formInput(dialog, '客户编号').inputValue()).toBe('KH9901');
    await formInput(dialog, '联系人').fill('王经理');
    await button(dialog, '确定').click();
    await toast(page, /编辑成功/).waitFor();
    await rowWith(page, '王经理').waitFor();

    await button(page, '重置').click();
    await button(page, '高级查询').click();
    const builder = openDialog(page, '高级查询构造器');
    const line = builder.getByTestId('super-query-line').first();
    await choose(page, line.locator('.ant-select').nth(0), '客户编号');
    await line.getByPlaceholder('请输入值').fill('KH9901');
    await builder.getByRole('button', { name: '查询', exact: true }).click();
    await expect.poll(() => rows(page).count()).toBe(1);

    const wb = await exportWorkbook(page);
    const ws = wb.worksheets[0];
    const header = headerOf(ws, '客户编号');
    const data = ws.getRow(header.row + 1);
    expect(data.getCell(header.col('客户编号')).value).toBe('KH9901');
    data.getCell(header.col('客户编号')).value = 'KH9902';
    data.getCell(header.col('客户名称')).value = '端到端导入客户';
    data.getCell(header.col('联系电话')).value = '13912349902';
    const bad = ws.getRow(header.row + 2);
    bad.getCell(header.col('客户编号')).value = 'BAD-1';
    bad.getCell(header.col('客户名称')).value = '坏客户';
    // With validation on, the definition's rules (客户编号 KH + digits) apply to every row.
    await importWorkbook(page, wb, 'customers-reimport.xlsx', true);
    const partial = page.locator('.ant-modal-confirm:visible');
    await partial.locator('.ant-modal-confirm-title', { hasText: '导入成功，但存在错误数据！' }).waitFor();
    await partial.getByText(/错误行数：1/).waitFor();
    await partial.locator('.ant-modal-confirm-btns .ant-btn').click();

    // The same dialog takes a legacy .xls file.
    const legacy = legacyWorkbook([
      ['客户名称', '客户编号', '客户类型', '联系电话'],
      ['端到端旧版客户', 'KH9903', '医院', '13912349903'],
    ]);
    await importFile(page, legacy, 'customers-legacy.xls', 'application/vnd.ms-excel', true);
    await page.locator('.ant-message', { hasText: '文件导入成功！数据行数：1' }).waitFor();

    await button(page, '高级查询').click();
    await builder.getByRole('button', { name: '重置' }).click();
    await expect.poll(() => page.getByTestId('super-query-active').count()).toBe(0);
    await builder.getByRole('button', { name: '关闭' }).click();
    await search(page, '请输入客户名称', '端到端');
    await rowWith(page, 'KH9902').waitFor();
    await rowWith(page, 'KH9903').waitFor();
    await expect.poll(() => rows(page).count()).toBe(3);
    await screenshot(page, 'renderer-entity-list');

    await deleteRow(page, 'KH9903');
    await expect.poll(() => rows(page).count()).toBe(2);

    await deleteRow(page, 'KH9902');
    await expect.poll(() => rows(page).count()).toBe(1);
    await deleteRow(page, 'KH9901');
    await page.locator('.renderer-list-page .ant-empty-description', { hasText: '暂无数据' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens every system administration page and its parts against the real APIs', async () => {
    const { context, page } = await newPage();
    await signInAs(page, server.url, 'admin');
    // [address, a row to find, the query field to find it with when it may be past the first screen]
    const pages: Array<[string, string, string?]> = [
      ['/isystem/roleUserList', '医生'],
      ['/isystem/permission', '系统管理'],
      ['/isystem/depart', '华康医疗集团'],
      ['/isystem/dict', '性别', '请输入字典名称'],
      ['/isys/category', ''],
      ['/isystem/position', ''],
      ['/isys/tenant', ''],
      ['/isys/checkRule', ''],
      ['/online/cgformList/erp_equipment', ''],
    ];
    for (const [path, text, query] of pages) {
      await page.goto(`${server.url}${path}`);
      const list = page.locator('.renderer-list-page');
      await list.waitFor({ timeout: 20_000 });
      await list.locator('.ant-table-row, .ant-empty-description').first().waitFor();
      if (query) await search(page, query, text);
      if (text) await rowWith(page, text).first().waitFor();
      expect(await list.locator('.ant-alert-error').count(), path).toBe(0);
    }

    // Role permissions: the drawer shows the tree with the role's grants checked.
    await page.goto(`${server.url}/isystem/roleUserList`);
    await rowWith(page, 'doctor').getByText('授权', { exact: true }).click();
    const drawer = openDialog(page, '角色权限配置');
    await drawer.locator('.ant-tree-treenode-checkbox-checked').first().waitFor();
    await screenshot(page, 'renderer-role-permissions');
    await drawer.getByRole('button', { name: '取消', exact: true }).click();

    // Dictionary items as a sub-list.
    await page.goto(`${server.url}/isystem/dict`);
    // Found by its code, as a user would among the modules' many dictionaries.
    await search(page, '请输入字典编码', 'user_status');
    await rowWith(page, 'user_status').getByText('字典配置', { exact: true }).click();
    const items = openDialog(page, '字典项');
    await items.locator('.ant-table-row', { hasText: '冻结' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('exports and imports the system lists from their own pages', async () => {
    const { context, page } = await newPage();
    await signInAs(page, server.url, 'admin');

    // 职务: export what the list shows, add a row to the file, import it back.
    await page.goto(`${server.url}/isystem/position`);
    await rows(page).first().waitFor({ timeout: 20_000 });
    const wb = await exportWorkbook(page);
    const ws = wb.worksheets[0];
    const header = headerOf(ws, '职务编码');
    expect(ws.rowCount - header.row).toBe(await rows(page).count());
    // The exported rows are already there (refused as repeats); the new one is added.
    const added = ws.getRow(ws.rowCount + 1);
    added.getCell(header.col('职务编码')).value = 'e2e_post';
    added.getCell(header.col('职务名称')).value = '导入职务';
    await importWorkbook(page, wb, 'positions.xlsx');
    const partial = page.locator('.ant-modal-confirm:visible');
    await partial.getByText(/已导入行数：1/).waitFor();
    await partial.locator('.ant-modal-confirm-btns .ant-btn').click();
    await rowWith(page, '导入职务').waitFor();

    // 部门: a new department and one under it, named by the file's own code, then found in the export.
    await page.goto(`${server.url}/isystem/depart`);
    await rowWith(page, '华康医疗集团').waitFor({ timeout: 20_000 });
    const file = new ExcelJS.Workbook();
    const sheet = file.addWorksheet('部门信息');
    sheet.addRows([
      ['部门名称', '机构编码', '上级部门编码'],
      ['导入病区', 'N2', 'N1'],
      ['导入中心', 'N1', 'A01A01'],
    ]);
    await importWorkbook(page, file, 'departs.xlsx');
    await toast(page, /成功/).first().waitFor();
    const exported = (await exportWorkbook(page)).worksheets[0];
    const cols = headerOf(exported, '部门路径');
    const paths = exported.getColumn(cols.col('部门路径')).values.map(String);
    expect(paths).toContain('华康医疗集团/华康第一人民医院/导入中心/导入病区');
    await screenshot(page, 'renderer-depart-import');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads the widgets a list page uses when it uses them', async () => {
    const { context, page } = await newPage();
    const files: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/assets/') && path.endsWith('.js')) files.push(path.slice('/assets/'.length));
    });
    // Chunk names, as the build gives them (name-hash.js; the hash may itself hold a dash).
    const loaded = (chunk: string) => files.some((f) => new RegExp(`^${chunk}-[\\w-]{8}\\.js$`).test(f));
    await signInAs(page, server.url, 'admin');
    await page.goto(`${server.url}/isystem/user`);
    await rows(page).first().waitFor({ timeout: 20_000 });
    await page.getByPlaceholder('请输入账号').waitFor();
    // The query form's first fields need text and dictionary widgets only.
    expect(loaded('inputs')).toBe(true);
    for (const heavy of ['numbers', 'dates', 'files', 'arrays', 'editor', 'cron', 'ImportExcelModal', 'AnnouncementModal'])
      expect(loaded(heavy), heavy).toBe(false);
    // The 'more' section brings the date range; the form brings the avatar upload.
    await page.getByText('展开').click();
    await page.locator('.renderer-query-form .ant-picker').first().waitFor();
    await expect.poll(() => loaded('dates')).toBe(true);
    await button(page, '新增').click();
    await formInput(openDialog(page, '新增'), '用户账号').waitFor();
    expect(loaded('files')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hides add from a user without user:add, and the server refuses the call (510)', async () => {
    const { context, page } = await newPage();
    await signInAs(page, server.url, 'wangfang');
    await page.goto(`${server.url}/isystem/user`);
    await rows(page).first().waitFor({ timeout: 20_000 });
    expect(await button(page, '新增').count()).toBe(0);
    expect(await button(page, '批量删除').count()).toBe(0);
    expect(await button(page, '导出').count()).toBe(1);
    const reply = await page.evaluate(async () => {
      const stored = JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}') as { value?: string };
      const res = await fetch('/jeecg-boot/sys/user/add', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-token': stored.value ?? '' },
        body: JSON.stringify({
          username: 'sneaky01',
          realname: '越权',
          password: 'Sneaky#2026',
          confirmpassword: 'Sneaky#2026',
        }),
      });
      return (await res.json()) as { code: number; success: boolean };
    });
    expect(reply).toMatchObject({ code: 510, success: false });
    expect(errors).toEqual([]);
    await context.close();
  });
});
