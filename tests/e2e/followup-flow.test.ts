import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../src/shared/time.js';
import { apiCall, apiToken } from './api.js';
import { screenshot, useBrowserSuite } from './browser.js';
import { addSmokingQuestions, canvas } from './form-designer-steps.js';
import { button, confirm, formInput, formItem, openModal, rowAction, rowWith, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * A follow-up project's case-report form from design to audited change (issue 20's done-when, shipped
 * follow-up module, production build, real server, Chromium): admin designs and publishes fu_e2e (a radio,
 * a number shown only for one answer, a child table); 刘洋 sets up a project whose baseline visit uses it
 * (API); 李娜 on a phone enrols a patient, fills the generated visit's form and submits it, which locks it,
 * then applies for a change; 王芳 approves it in 数据审核 and the visit's 变更记录 shows the change.
 * The `it` blocks run in order.
 */
const suite = useBrowserSuite({ failureShots: 'followup-flow', nameChars: 30 });
const POLL = { timeout: 20_000 };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESK = { viewport: { width: 1440, height: 900 } };
const API = '/jeecg-boot/online/cgform/api';
const CODE = 'fu_e2e';
const PROJECT = '端到端随访项目';
const PATIENT = '随访端乙';

/** A phone opens a row's actions from a tap on the row: the sheet's button `name`. */
async function rowSheetAction(page: Page, row: Locator, name: string) {
  await row.locator('.ant-table-cell', { hasText: PATIENT }).first().tap();
  await button(page.locator('.renderer-row-sheet .ant-drawer-content'), name).tap();
}

async function openList(page: Page, entity: string) {
  await page.goto(`${suite.server.url}/online/cgformList/${entity}`);
  await page.locator('.renderer-list-page .ant-table').waitFor(POLL);
}

const visitRow = (page: Page) => rowWith(page, PATIENT);

describe('a follow-up visit from the designed form to the audited change', () => {
  it('admin designs the form with a linkage rule and a child table, and publishes it', async () => {
    const { page } = await suite.openPage(DESK);
    await signInAs(page, suite.server.url, 'admin');
    await page.goto(`${suite.server.url}/dynamicForm/forms`);
    const list = page.getByTestId('form-list');
    await list.locator('.ant-table').waitFor(POLL);
    await button(list, '新建').click();
    const dialog = openModal(page, '新建表单');
    await dialog.getByLabel('表单编码').fill(CODE);
    await dialog.getByLabel('表单名称').fill('端到端随访表');
    await button(dialog, '确定').click();
    await page.waitForURL(/\/dynamicForm\/designer\?code=fu_e2e/, POLL);
    await canvas(page).waitFor(POLL);

    // Added from the keyboard-reachable palette buttons (the designer's own test drags).
    await addSmokingQuestions(page, () => page.getByTestId('palette-radio').click());

    await button(page, '保存草稿').click();
    await toast(page, '草稿 v1 已保存').waitFor(POLL);
    await button(page, '发布').click();
    await button(page.locator('.ant-popover:visible'), '确定').click();
    await toast(page, '已发布 v1').waitFor(POLL);
    await screenshot(page, 'followup-flow-designer-1440');
    expect(suite.errors).toEqual([]);
  });

  it('the platform operator sets up a project whose baseline visit uses the form (API)', async () => {
    const liuyang = await apiToken(suite.server.url, 'liuyang');
    await apiCall(suite.server.url, liuyang, 'POST', `${API}/form/fu_project`, {
      name: PROJECT,
      projectType: '1',
      disease: '1',
      status: '1',
      fu_schedule: [{ visitName: '基线访视', dayOffset: 0, windowBefore: 0, windowAfter: 7, formCode: CODE }],
      fu_project_member: [
        { member: 'lina', memberRole: '3' },
        { member: 'wangfang', memberRole: '4' },
      ],
    });
  });

  it('the nurse enrols a patient, fills the generated visit’s form and submits it on a phone', async () => {
    const { page } = await suite.openPage(PHONE);
    await signInAs(page, suite.server.url, 'lina');
    await openList(page, 'fu_case');
    await button(page, '新增').click();
    const add = openModal(page, '新增');
    const project = formItem(add, '项目').locator('.ant-select');
    await project.click();
    await project.locator('input').fill('端到端');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: PROJECT })
      .first()
      .click();
    await formInput(add, '患者姓名').fill(PATIENT);
    await formItem(add, '性别').locator('.ant-select').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: '男' })
      .first()
      .click();
    const enrol = formInput(add, '入组日期');
    await enrol.click();
    await enrol.fill(formatDate());
    await enrol.press('Enter');
    await button(add, '确定').click();
    await add.waitFor({ state: 'hidden', ...POLL });
    await rowWith(page, PATIENT).waitFor(POLL);

    // The visit plan was generated: the baseline visit waits to be filled.
    await openList(page, 'fu_visit');
    const row = visitRow(page);
    await row.waitFor(POLL);
    expect(await row.innerText()).toContain('待填写');
    await rowSheetAction(page, row, '编辑');
    const edit = openModal(page, '编辑');
    const date = formInput(edit, '访视日期');
    await date.click();
    await date.fill(formatDate());
    await date.press('Enter');
    const doc = edit.locator('.j-form-document');
    await doc.getByText('端到端随访表').first().waitFor(POLL);
    // 每日吸烟量 appears only once 是 is chosen.
    expect(await formItem(doc, '每日吸烟量').count()).toBe(0);
    await formItem(doc, '是否吸烟').getByText('是', { exact: true }).click();
    await formInput(doc, '每日吸烟量').fill('10');
    await button(doc, '添加一行').click();
    await doc.locator('.ant-table-row input').first().fill('恩替卡韦');
    await formInput(doc, '每日吸烟量').scrollIntoViewIfNeeded();
    await screenshot(page, 'followup-flow-visit-form-390');
    await button(edit, '确定').click();
    await toast(page, /编辑成功/)
      .last()
      .waitFor(POLL);
    await edit.waitFor({ state: 'hidden', ...POLL });

    await rowSheetAction(page, visitRow(page), '提交');
    expect(await page.locator('.ant-modal-confirm:visible').textContent()).toContain('提交后表单将锁定');
    await confirm(page);
    await toast(page, '提交成功').last().waitFor(POLL);
    await expect.poll(() => visitRow(page).innerText(), POLL).toContain('已提交');
    await screenshot(page, 'followup-flow-visit-submitted-390');
    expect(suite.errors).toEqual([]);
  });

  it('the nurse applies for a change of the submitted visit with a reason', async () => {
    const { page } = await suite.openPage(PHONE);
    await signInAs(page, suite.server.url, 'lina');
    await openList(page, 'fu_visit');
    await rowSheetAction(page, visitRow(page), '申请修改');
    await page.waitForURL(/\/dynamicForm\/dataHandleApply\?entity=fu_visit&id=\w+/, POLL);
    const form = page.locator('[data-testid="apply-form"]');
    const cigarettes = formInput(form.locator('.j-form-document'), '每日吸烟量');
    await expect.poll(() => cigarettes.inputValue(), POLL).toBe('10');
    await cigarettes.fill('20');
    await page.getByPlaceholder('请填写申请原因').fill('吸烟量录入有误');
    await screenshot(page, 'followup-flow-apply-390');
    await button(form, '提交申请').click();
    await toast(page, '申请已提交，等待审核').last().waitFor(POLL);
    await page.waitForURL(/\/dynamicForm\/dataApply$/, POLL);
    const mine = page
      .locator('[data-testid="apply-list-mine"] .ant-table-row')
      .filter({ hasText: '申请修改' });
    await mine.first().waitFor(POLL);
    expect(await mine.first().locator('[data-testid="apply-status"]').textContent()).toBe('待审核');
    expect(suite.errors).toEqual([]);
  });

  it('the org manager approves it in 数据审核 and the visit’s 变更记录 shows the change', async () => {
    const { page } = await suite.openPage(DESK);
    await signInAs(page, suite.server.url, 'wangfang');
    await page.goto(`${suite.server.url}/dynamicForm/dataApplyAudit`);
    const pending = page
      .locator('[data-testid="apply-list-audit"] .ant-table-row')
      .filter({ hasText: '吸烟量录入有误' });
    await pending.waitFor(POLL);
    expect(await pending.locator('[data-testid="apply-status"]').textContent()).toBe('待审核');
    // The application names the visit, not its case's id.
    expect(await pending.textContent()).toContain('基线访视');
    await pending.getByText('审核', { exact: true }).click();
    await page.waitForURL(/\/dynamicForm\/applyAudit\?id=\w+/, POLL);
    const detail = page.locator('[data-testid="apply-detail"]');
    await detail.locator('[data-testid="apply-diff"]').waitFor(POLL);
    await screenshot(page, 'followup-flow-audit-1440');
    await detail.getByPlaceholder('请填写审核意见（驳回时必填）').fill('核对原始记录，同意修改');
    await button(detail, '通过').click();
    await button(page.locator('.ant-popover:visible'), '确定').click();
    await toast(page, '审核通过，已生效').last().waitFor(POLL);
    await expect
      .poll(() => detail.locator('[data-testid="apply-result"]').textContent(), POLL)
      .toContain('已通过');

    // The visit's detail: the document holds the new value, and 变更记录 has the change.
    await openList(page, 'fu_visit');
    await rowAction(page, visitRow(page), '详情');
    const visit = openModal(page, '详情');
    const approved = formInput(visit.locator('.j-form-document'), '每日吸烟量');
    await expect.poll(() => approved.inputValue(), POLL).toBe('20');
    await visit.getByRole('tab', { name: '变更记录' }).click();
    const history = visit.locator('[data-testid="change-history"]');
    await history.waitFor(POLL);
    const line = history
      .locator('.ant-timeline-item')
      .first()
      .locator('.ant-table-row')
      .filter({ hasText: '表单内容' });
    await line.waitFor(POLL);
    const [title, before, after] = await line.locator('td').allTextContents();
    // Titled by the designed form's field, not its key.
    expect(title).toBe('表单内容·每日吸烟量');
    expect(before).toContain('10');
    expect(after).toContain('20');
    await screenshot(page, 'followup-flow-history-1440');
    expect(suite.errors).toEqual([]);
  });
});
