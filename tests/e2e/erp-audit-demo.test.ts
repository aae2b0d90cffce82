import { describe, expect, it } from 'vitest';
import { screenshot, useBrowserSuite } from './browser.js';
import { rowWith } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * The ERP demo of audited changes as a first start leaves it (schemas/modules/erp/seeds/erp_demo_audit.json):
 * 刘洋 finds 王芳's pending customer applications through the 数据审核 menu, and 王芳 finds the
 * duplicate customers to merge.
 */
const suite = useBrowserSuite({ failureShots: 'erp-audit-demo' });
const POLL = { timeout: 15_000 };

describe('the ERP demo of audited customer changes', () => {
  it('lists the pending applications for the auditor, reached from the 数据审核 menu', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'liuyang');
    const menu = page.locator('.ant-layout-sider');
    await menu.getByText('数据审核', { exact: true }).click();
    await menu.getByText('待审核申请', { exact: true }).click();
    await page.waitForURL(/\/dynamicForm\/dataApplyAudit$/, POLL);
    const list = page.locator('[data-testid="apply-list-audit"]');
    for (const title of [
      '萧山区第一人民医院',
      '康宁口腔诊所',
      '余杭区妇幼保健院',
      '华东医药器械分销部',
      '拱墅区中医院',
    ])
      await list.locator('.ant-table-row').filter({ hasText: title }).waitFor(POLL);
    await screenshot(page, 'erp-audit-demo-pending-1440');
  });

  it('shows the applicant his applications and the duplicate customers to merge', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'wangfang');
    await page.goto(`${suite.server.url}/dynamicForm/dataApply`);
    const mine = page.locator('[data-testid="apply-list-mine"] .ant-table-row');
    await mine.filter({ hasText: '华东医药器械分销部' }).waitFor(POLL);
    expect(await mine.count()).toBe(5);
    await page.goto(`${suite.server.url}/online/cgformList/erp_customer`);
    await rowWith(page, '萧山区第一人民医院').waitFor(POLL);
    await screenshot(page, 'erp-audit-demo-customers-1440');
    await page.goto(`${suite.server.url}/dynamicForm/applyMergeList?entity=erp_customer`);
    for (const name of ['瑞安康复诊所', '明州眼科医院', '同仁堂药店（城西店）'])
      await page.getByText(name).first().waitFor(POLL);
    await screenshot(page, 'erp-audit-demo-duplicates-1440');
  });
});
