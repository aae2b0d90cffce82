import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { schemasWithFixture } from '../server/track-fixtures.js';
import { apiCall, apiToken } from './api.js';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, formInput, rowAction, rowWith, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * Audited data changes in the browser (production build, real server, Chromium) on a fixture module of
 * one audited entity with merge: 王芳 (org_manager) holds apl_patient:apply, 刘洋 (platform_operator)
 * apl_patient:audit. An edit applied from the list's row action waits in 我的申请 until 刘洋 approves it
 * in 数据审核; a rejection needs a comment; two duplicates are merged through 重复数据.
 */
const suite = useBrowserSuite({
  failureShots: 'data-apply',
  schemas: () => schemasWithFixture('tests/fixtures/schemas/data-apply', 'dataapply'),
});
const POLL = { timeout: 15_000 };
const API = '/jeecg-boot/online/cgform/api';
const LIST = '/online/cgformList/apl_patient';

const call = <T>(token: string, method: string, path: string, body?: unknown) =>
  apiCall<T>(suite.server.url, token, method, path, body);

let wangfang = '';

async function openList(page: Page) {
  await page.goto(`${suite.server.url}${LIST}`);
  await page.locator('.renderer-list-page .ant-table-thead th').first().waitFor({ timeout: 20_000 });
}

/** The row of an application list (我的申请 / 数据审核) holding `text`. */
const applicationRow = (page: Page, box: 'mine' | 'audit', text: string) =>
  page.locator(`[data-testid="apply-list-${box}"] .ant-table-row`).filter({ hasText: text });

/** Confirms the open Popconfirm. */
const popConfirm = (page: Page) => button(page.locator('.ant-popover:visible'), '确定').click();

/** 刘洋 opens 数据审核 and the pending application of the record `title`. */
async function openAudit(page: Page, title: string): Promise<Locator> {
  await page.goto(`${suite.server.url}/dynamicForm/dataApplyAudit`);
  const row = applicationRow(page, 'audit', title);
  await row.waitFor(POLL);
  expect(await row.locator('[data-testid="apply-status"]').textContent()).toBe('待审核');
  await row.getByText('审核', { exact: true }).click();
  await page.waitForURL(/\/dynamicForm\/applyAudit\?id=\w+/, POLL);
  const detail = page.locator('[data-testid="apply-detail"]');
  await detail.waitFor(POLL);
  return detail;
}

describe('audited data changes: apply, audit, merge', () => {
  beforeAll(async () => {
    wangfang = await apiToken(suite.server.url, 'wangfang');
    for (const record of [
      { name: '审核赵一', city: '北京' },
      { name: '审核钱二', city: '南京' },
      { name: '审核孙三', city: '上海', note: '' },
      { name: '审核孙三', city: '', note: '老病历已补' },
    ])
      await call(wangfang, 'POST', `${API}/form/apl_patient`, record);
  });

  it('applies an edit from the row action, audits it with the diff, and the list shows the new value', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'wangfang');
    await openList(page);
    // Without apl_patient:edit the row offers the application instead of 编辑.
    const row = rowWith(page, '审核赵一');
    await row.waitFor(POLL);
    expect(await row.getByText('编辑', { exact: true }).count()).toBe(0);
    await rowAction(page, row, '申请修改');
    await page.waitForURL(/\/dynamicForm\/dataHandleApply\?entity=apl_patient&id=\w+/, POLL);
    const form = page.locator('[data-testid="apply-form"]');
    const city = formInput(form, '城市');
    await expect.poll(() => city.inputValue(), POLL).toBe('北京');
    await city.fill('广州');
    await page.getByPlaceholder('请填写申请原因').fill('患者已搬家');
    await screenshot(page, 'data-apply-edit-form-1440');
    await button(form, '提交申请').click();
    await toast(page, '申请已提交，等待审核').last().waitFor(POLL);
    await page.waitForURL(/\/dynamicForm\/dataApply$/, POLL);
    const mine = applicationRow(page, 'mine', '审核赵一');
    await mine.waitFor(POLL);
    expect(await mine.textContent()).toContain('申请修改');
    expect(await mine.locator('[data-testid="apply-status"]').textContent()).toBe('待审核');
    await screenshot(page, 'data-apply-mine-1440');

    const auditor = (await suite.openPage({ viewport: { width: 1440, height: 900 } })).page;
    await signInAs(auditor, suite.server.url, 'liuyang');
    const detail = await openAudit(auditor, '审核赵一');
    // The workspace tab is named after the application.
    await expect
      .poll(() => auditor.locator('.ant-tabs-tab-active').first().textContent(), POLL)
      .toContain('申请修改：审核赵一');
    // The changed line stands out with old and new side by side.
    const changed = detail.locator('[data-testid="apply-diff"] tr[data-changed="true"]');
    await expect.poll(() => changed.count(), POLL).toBe(1);
    expect(await changed.textContent()).toBe('城市北京广州');
    expect(await detail.locator('.ant-descriptions').first().textContent()).toContain('患者已搬家');
    await screenshot(auditor, 'data-apply-audit-1440');
    await button(detail, '通过').click();
    await popConfirm(auditor);
    await toast(auditor, '审核通过，已生效').last().waitFor(POLL);
    await expect
      .poll(() => detail.locator('[data-testid="apply-result"]').textContent(), POLL)
      .toContain('已通过');

    await openList(page);
    await expect.poll(() => rowWith(page, '审核赵一').textContent(), POLL).toContain('广州');
    expect(suite.errors).toEqual([]);
  });

  it('rejects an application only with a comment, and the applicant sees why', async () => {
    const recordId = (
      await call<{ records: { id: string; name: string }[] }>(
        wangfang,
        'GET',
        `${API}/getData/apl_patient?pageNo=1&pageSize=50`,
      )
    ).records.find((r) => r.name === '审核钱二')!.id;
    await call(wangfang, 'POST', `${API}/apply/apl_patient`, {
      kind: 'delete',
      id: recordId,
      reason: '重复建档',
    });

    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'liuyang');
    const detail = await openAudit(page, '审核钱二');
    await button(detail, '驳回').click();
    await toast(page, '请填写审核意见').last().waitFor(POLL);
    await detail.getByPlaceholder('请填写审核意见（驳回时必填）').fill('档案仍在使用，不能删除');
    await button(detail, '驳回').click();
    await expect
      .poll(() => detail.locator('[data-testid="apply-result"]').textContent(), POLL)
      .toContain('已驳回');

    const applicant = (await suite.openPage({ viewport: { width: 1440, height: 900 } })).page;
    await signInAs(applicant, suite.server.url, 'wangfang');
    await applicant.goto(`${suite.server.url}/dynamicForm/dataApply`);
    const row = applicationRow(applicant, 'mine', '审核钱二');
    await row.waitFor(POLL);
    expect(await row.locator('[data-testid="apply-status"]').textContent()).toBe('已驳回');
    expect(await row.textContent()).toContain('档案仍在使用，不能删除');
    // The record is still there.
    await openList(applicant);
    await rowWith(applicant, '审核钱二').waitFor(POLL);
    expect(suite.errors).toEqual([]);
  });

  it('merges two duplicates from 重复数据, choosing each surviving value', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'wangfang');
    await openList(page);
    await button(page, '重复数据').click();
    await page.waitForURL(/\/dynamicForm\/applyMergeList\?entity=apl_patient/, POLL);
    const group = page.locator('[data-testid="duplicates"] .ant-table-row').filter({ hasText: '审核孙三' });
    await group.waitFor(POLL);
    expect(await group.textContent()).toContain('2 条');
    await group.click();
    const records = page.locator('[data-testid="duplicate-records"]');
    await records.locator('.ant-table-row').nth(1).waitFor(POLL);
    await button(records, '合并所选').click();
    await page.waitForURL(/\/dynamicForm\/applyMerge\?entity=apl_patient&ids=\w+%2C\w+/, POLL);
    const merge = page.locator('[data-testid="apply-merge"]');
    await merge.locator('.ant-table-row').first().waitFor(POLL);
    // By default each field keeps the first non-empty value: the city of one record, the note of the other.
    const cityFirst = (await merge.locator('[data-testid="merge-choice-city-0"] input').isChecked()) ? 0 : 1;
    expect(await merge.locator(`[data-testid="merge-choice-city-${cityFirst}"]`).textContent()).toBe('上海');
    const noteAt = 1 - cityFirst;
    expect(await merge.locator(`[data-testid="merge-choice-note-${noteAt}"] input`).isChecked()).toBe(true);
    await page.getByPlaceholder('请填写申请原因').fill('同一患者重复建档');
    await screenshot(page, 'data-apply-merge-1440');
    await button(merge, '提交合并申请').click();
    await toast(page, '申请已提交，等待审核').last().waitFor(POLL);
    await page.waitForURL(/\/dynamicForm\/dataApply$/, POLL);
    await applicationRow(page, 'mine', '申请合并').waitFor(POLL);

    const auditor = (await suite.openPage({ viewport: { width: 1440, height: 900 } })).page;
    await signInAs(auditor, suite.server.url, 'liuyang');
    const detail = await openAudit(auditor, '审核孙三');
    // One column per source record and the chosen value.
    const header = await detail.locator('[data-testid="apply-diff"] thead').textContent();
    expect(header).toContain('记录1');
    expect(header).toContain('记录2');
    expect(header).toContain('合并后');
    await screenshot(auditor, 'data-apply-merge-audit-1440');
    await button(detail, '通过').click();
    await popConfirm(auditor);
    await toast(auditor, '审核通过，已生效').last().waitFor(POLL);

    await openList(page);
    await expect.poll(() => rowWith(page, '审核孙三').count(), POLL).toBe(1);
    const survivor = await rowWith(page, '审核孙三').textContent();
    expect(survivor).toContain('上海');
    expect(survivor).toContain('老病历已补');
    expect(suite.errors).toEqual([]);
  });

  it('fits a phone: 我的申请 and an application’s detail in the screen’s width', async () => {
    const { page } = await suite.openPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await signInAs(page, suite.server.url, 'wangfang');
    await page.goto(`${suite.server.url}/dynamicForm/dataApply`);
    const row = applicationRow(page, 'mine', '审核赵一');
    await row.waitFor(POLL);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'data-apply-mine-390');
    await row.locator('.ant-table-cell').first().tap();
    await page.waitForURL(/\/dynamicForm\/applyDetails\?id=\w+/, POLL);
    const detail = page.locator('[data-testid="apply-detail"]');
    await detail.locator('[data-testid="apply-diff"]').waitFor(POLL);
    expect(await detail.locator('[data-testid="apply-result"]').textContent()).toContain('已通过');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'data-apply-detail-390');

    // 数据详情: the record as it is now, its applications and its history.
    await button(detail, '查看数据').tap();
    await page.waitForURL(/\/dynamicForm\/dataDetails\?entity=apl_patient&id=\w+/, POLL);
    const record = page.locator('[data-testid="data-details"]');
    await expect
      .poll(() => record.locator('.ant-descriptions').first().textContent(), POLL)
      .toContain('广州');
    await record.getByRole('tab', { name: '相关申请' }).tap();
    await expect
      .poll(
        () => record.locator('[data-testid="apply-list-mine"] .ant-table-row').first().textContent(),
        POLL,
      )
      .toContain('申请修改');
    await record.getByRole('tab', { name: '变更记录' }).tap();
    await record.locator('[data-testid="change-history"]').waitFor(POLL);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'data-apply-data-details-390');
    expect(suite.errors).toEqual([]);
  });

  it('applies an add from the toolbar and a delete with its required reason, withdraws one, and marks a stale one', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'wangfang');
    await openList(page);
    await button(page, '申请新增').click();
    await page.waitForURL(/\/dynamicForm\/applyAdd\?entity=apl_patient$/, POLL);
    const form = page.locator('[data-testid="apply-form"]');
    await formInput(form, '姓名').fill('审核周五');
    await button(form, '提交申请').click();
    await toast(page, '申请已提交，等待审核').last().waitFor(POLL);
    const added = applicationRow(page, 'mine', '审核周五');
    await added.waitFor(POLL);
    expect(await added.textContent()).toContain('申请新增');
    await added.getByText('撤回', { exact: true }).click();
    await popConfirm(page);
    await toast(page, '申请已撤回').last().waitFor(POLL);
    await expect.poll(() => added.locator('[data-testid="apply-status"]').textContent(), POLL).toBe('已撤回');
    // The record was never added.
    await openList(page);
    expect(await rowWith(page, '审核周五').count()).toBe(0);

    // 申请删除 shows the record and insists on a reason.
    await rowAction(page, rowWith(page, '审核赵一'), '申请删除');
    await page.waitForURL(/\/dynamicForm\/applyDel\?entity=apl_patient&id=\w+/, POLL);
    const del = page.locator('[data-testid="apply-delete"]');
    await expect.poll(() => del.locator('.ant-descriptions').textContent(), POLL).toContain('审核赵一');
    await button(del, '提交申请').click();
    await del.getByText('请填写申请原因', { exact: true }).waitFor(POLL);
    await del.getByPlaceholder('请填写申请原因').fill('患者已转院');
    await screenshot(page, 'data-apply-delete-1440');
    await button(del, '提交申请').click();
    await toast(page, '申请已提交，等待审核').last().waitFor(POLL);
    await page.waitForURL(/\/dynamicForm\/dataApply$/, POLL);

    // The record changes meanwhile (a direct edit by someone who may): the application is stale.
    const admin = await apiToken(suite.server.url, 'admin');
    const zhao = (
      await call<{ records: { id: string; name: string }[] }>(
        wangfang,
        'GET',
        `${API}/getData/apl_patient?pageNo=1&pageSize=50`,
      )
    ).records.find((r) => r.name === '审核赵一')!;
    await call(admin, 'PUT', `${API}/form/apl_patient`, { id: zhao.id, name: '审核赵一', city: '深圳' });
    const row = applicationRow(page, 'mine', '申请删除').filter({ hasText: '审核赵一' });
    await row.waitFor(POLL);
    await row.getByText('查看', { exact: true }).click();
    await page.waitForURL(/\/dynamicForm\/applyDetails\?id=\w+/, POLL);
    await page.locator('[data-testid="apply-stale"]').waitFor(POLL);
    expect(suite.errors).toEqual([]);
  });
});
