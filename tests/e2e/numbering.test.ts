import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberingPeriod } from '../../src/shared/numbering.js';
import { launchBrowser, openContext, screenshot, startServer, type RunningServer } from './browser.js';
import { button, formInput, openModal } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * A numbered field as an administrator meets it (production build, real server, Chromium, on SQLite and
 * in-process PostgreSQL): the add form shows 资产编号 read-only with 保存后自动生成, and the saved row
 * carries the number the rule ZC{yyyyMM}{seq:4} gave it; editing cannot change it.
 */
const DATABASES: Array<{ name: string; env: Record<string, string> }> = [
  { name: 'sqlite', env: {} },
  { name: 'pglite', env: { DATABASE_URL: 'pglite://memory' } },
];

describe.each(DATABASES)('numbering in the equipment form on $name', ({ name, env }) => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the number read-only before saving and the generated one after', async () => {
    const context = await openContext(browser, { viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await signInAs(page, server.url, 'admin');
      await page.goto(`${server.url}/online/cgformList/erp_equipment`);
      await page.locator('.renderer-list-page .ant-table-row').first().waitFor({ timeout: 20_000 });

      await button(page, '新增').click();
      let dialog = openModal(page, '新增');
      const assetNo = formInput(dialog, '资产编号');
      await assetNo.waitFor();
      expect(await assetNo.getAttribute('placeholder')).toBe('保存后自动生成');
      expect(await assetNo.getAttribute('readonly')).not.toBeNull();
      await formInput(dialog, '设备名称').fill('端到端编号设备');
      await formInput(dialog, '设备序列号').fill('E2E-NUM-001');
      await screenshot(page, `numbering-form-${name}`);
      await button(dialog, '确定').click();
      await page.locator('.ant-message').getByText('添加成功！').waitFor();

      const expected = `ZC${numberingPeriod('month', Date.now())}0001`;
      const row = page.locator('.renderer-list-page .ant-table-row').filter({ hasText: '端到端编号设备' });
      await page.getByPlaceholder('请输入设备名称').fill('端到端编号设备');
      await button(page, '查询').click();
      await row.waitFor();
      expect(await row.textContent()).toContain(expected);
      await screenshot(page, `numbering-list-${name}`);

      await row.getByText('编辑', { exact: true }).click();
      dialog = openModal(page, '编辑');
      await expect.poll(() => formInput(dialog, '资产编号').inputValue()).toBe(expected);
      expect(await formInput(dialog, '资产编号').getAttribute('readonly')).not.toBeNull();
      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, `numbering-failed-${name}`).catch(() => undefined);
      throw e;
    } finally {
      await context.close();
    }
  });
});
