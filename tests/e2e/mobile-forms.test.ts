import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../src/shared/time.js';
import { apiCall, apiToken } from './api.js';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, confirm, formInput, formItem, rowAction, rows, rowWith, toast } from './screen.js';
import { dragSlider, signInAs } from './sign-in.js';

/**
 * The phone form page of the mobile dynamic-form application (/h5Web/dfProject) with the follow-up
 * module: 李娜 (nurse) sees the visits generated for a case she enrolled, fills the baseline form while
 * offline (kept on the phone, 待同步), the draft goes to the server once the network is back, and she
 * submits the visit, which leaves her list.
 */
const suite = useBrowserSuite({ failureShots: 'mobile-forms', nameChars: 30 });
const POLL = { timeout: 20_000 };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const API = '/jeecg-boot/online/cgform/api';
const PATIENT = '掌上填报甲';
const BASELINE = '基线访视';
// Form item labels are matched as patterns: the brackets escaped.
const HEIGHT = '身高\\(cm\\)';
const WEIGHT = '体重\\(kg\\)';
const SBP = '收缩压\\(mmHg\\)';

type Row = Record<string, unknown>;

const card = (page: Page, text: string) =>
  page.locator('.mobile-forms-card').filter({ hasText: PATIENT }).filter({ hasText: text });

describe('mobile forms (/h5Web/dfProject)', () => {
  it('the nurse fills a visit offline, it syncs when the network returns, and she submits it', async () => {
    const base = suite.server.url;
    const token = await apiToken(base, 'lina');
    const projects = await apiCall<{ records: Row[] }>(
      base,
      token,
      'GET',
      `${API}/getData/fu_project?pageSize=10`,
    );
    const project = projects.records[0];
    expect(project).toBeTruthy();
    const caseId = await apiCall<string>(base, token, 'POST', `${API}/form/fu_case`, {
      projectId: project.id,
      patientName: PATIENT,
      sex: '1',
      enrolDate: formatDate(),
    });
    const visits = await apiCall<{ records: Row[] }>(
      base,
      token,
      'GET',
      `${API}/getData/fu_visit?caseId=${caseId}&pageSize=10`,
    );
    const baseline = visits.records.find((v) => v.visitName === BASELINE)!;
    expect(baseline).toBeTruthy();
    const visit = () => apiCall<Row>(base, token, 'GET', `${API}/form/fu_visit/${String(baseline.id)}`);

    const { context, page } = await suite.openPage(PHONE);
    // Without a session the page sends her to the application's own sign-in, and back after it.
    await page.goto(`${base}/h5Web/dfProject`);
    await page.waitForURL(/\/dynamicForm\/login\?redirect=%2Fh5Web%2FdfProject$/, POLL);
    await page.getByPlaceholder('请输入用户名').fill('lina');
    await page.getByPlaceholder('请输入密码').fill('Demo@2026');
    await dragSlider(page);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/\/h5Web\/dfProject$/, POLL);
    await card(page, BASELINE).waitFor(POLL);
    await card(page, '第 1 个月随访').waitFor(POLL);
    expect(await card(page, BASELINE).innerText()).toContain('待填写');
    expect(await card(page, BASELINE).innerText()).toContain(`计划日期：${formatDate()}`);
    await screenshot(page, 'mobile-forms-list-390');

    await card(page, BASELINE).click();
    const doc = page.locator('.j-form-document');
    await formItem(doc, HEIGHT).waitFor(POLL);

    // The network drops: the changes stay on the phone and wait.
    await context.setOffline(true);
    const date = formInput(page.locator('.mobile-forms-record'), '访视日期');
    await date.click();
    await date.fill(formatDate());
    await date.press('Enter');
    await formInput(doc, HEIGHT).fill('171');
    await formInput(doc, WEIGHT).fill('66');
    await formInput(doc, SBP).fill('172');
    await formItem(doc, '吸烟情况').getByText('从不吸烟', { exact: true }).click();
    await button(page, '保存').click();
    await toast(page, '网络不可用，已保存在本机，联网后自动同步').waitFor(POLL);
    await page
      .locator('.mobile-forms-record-head')
      .getByText('待同步')
      .waitFor({ state: 'attached', ...POLL });
    await page.locator('.mobile-forms-bar').getByText('待同步').waitFor(POLL);
    await screenshot(page, 'mobile-forms-offline-390');
    expect((await visit()).data ?? null).toBeNull();

    // Back to the list (still offline): the card says 待同步; reopened, the form comes from the draft.
    await button(page, '返回').click();
    await card(page, BASELINE).getByText('待同步').waitFor(POLL);
    await card(page, BASELINE).click();
    await page.getByText('已恢复未同步的草稿').waitFor(POLL);
    expect(await formInput(doc, HEIGHT).inputValue()).toBe('171');
    await button(page, '返回').click();

    // The network returns: the draft goes to the server and the card no longer waits.
    await context.setOffline(false);
    await toast(page, '已同步 1 条草稿').waitFor(POLL);
    await expect
      .poll(async () => (await visit()).data as Row | null, POLL)
      .toMatchObject({ height: 171, weight: 66, sbp: 172, smoking: '0' });
    expect((await visit()).visitDate).toBe(formatDate());
    await expect.poll(() => card(page, BASELINE).innerText(), POLL).not.toContain('待同步');
    await screenshot(page, 'mobile-forms-synced-390');

    // Submitted after a confirmation: the record is locked and leaves the list.
    await card(page, BASELINE).click();
    await formItem(doc, HEIGHT).waitFor(POLL);
    expect(await page.getByText('已恢复未同步的草稿').count()).toBe(0);
    await screenshot(page, 'mobile-forms-form-390');
    await button(page, '提交').click();
    expect(await page.locator('.ant-modal-confirm:visible').textContent()).toContain('提交后表单将锁定');
    await confirm(page);
    await toast(page, '提交成功').waitFor(POLL);
    await card(page, '第 1 个月随访').waitFor(POLL);
    await expect.poll(() => card(page, BASELINE).count(), POLL).toBe(0);
    expect(await visit()).toMatchObject({ status: '1', submitter: 'lina' });
    // A visit that did not happen: 未访视 asks for the reason on the phone and refuses it empty.
    await card(page, '第 1 个月随访').click();
    await formItem(doc, SBP).waitFor(POLL);
    await button(page.locator('.mobile-forms-actions'), '未访视').click();
    const sheet = page.locator('.ant-modal:visible');
    await button(sheet, '未访视').click();
    await sheet.getByText('请填写原因').waitFor(POLL);
    await sheet.locator('textarea').fill('患者外出务工，电话随访未接通');
    await screenshot(page, 'mobile-forms-miss-390');
    await button(sheet, '未访视').click();
    // The form closes only once the server took the transition; while it is open no card shows at all.
    await expect.poll(() => page.locator('.mobile-forms-record').count(), POLL).toBe(0);
    await expect.poll(() => card(page, '第 1 个月随访').count(), POLL).toBe(0);
    const month = visits.records.find((v) => v.visitName === '第 1 个月随访')!;
    expect(await apiCall<Row>(base, token, 'GET', `${API}/form/fu_visit/${String(month.id)}`)).toMatchObject({
      status: '2',
    });

    // The bare /dynamicForm/list of the application is the same page.
    await page.goto(`${base}/dynamicForm/list`);
    await card(page, '第 3 个月随访').waitFor(POLL);

    // The submitted blood pressure is high: the project's rule raised a visit alert; on the desktop its
    // 病历 link opens the medical records filtered to that visit (the notice's detailId).
    const alerts = await apiCall<{ records: Row[] }>(
      base,
      token,
      'GET',
      `${API}/getData/fu_alert?caseId=${caseId}`,
    );
    expect(alerts.records.map((a) => [a.kind_dictText, a.visitId, Number(a.value)])).toEqual([
      ['血压异常', baseline.id, 172],
    ]);
    const desk = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(desk.page, base, 'lina');
    await desk.page.goto(`${base}/online/cgformList/fu_alert`);
    const alert = rowWith(desk.page, PATIENT);
    await alert.waitFor(POLL);
    expect(await alert.innerText()).toContain('血压异常');
    await screenshot(desk.page, 'mobile-forms-alert-1440');
    await rowAction(desk.page, alert, '病历');
    await desk.page.waitForURL(
      (u) => u.pathname === '/medicalRecords/list' && u.searchParams.has('detailId'),
      POLL,
    );
    await rowWith(desk.page, BASELINE).waitFor(POLL);
    await expect.poll(() => rows(desk.page).count(), POLL).toBe(1);

    // Exported for analysis from the visit list: CSV with the form's codes, one column per form field.
    await desk.page.goto(`${base}/online/cgformList/fu_visit?caseId=${caseId}`);
    await rowWith(desk.page, BASELINE).waitFor(POLL);
    await desk.page.getByRole('button', { name: '更多导出方式' }).click();
    await desk.page.getByRole('menuitem', { name: '导出 CSV（选项为编码）' }).waitFor(POLL);
    await screenshot(desk.page, 'mobile-forms-export-choices-1440');
    const [download] = await Promise.all([
      desk.page.waitForEvent('download'),
      desk.page.getByRole('menuitem', { name: '导出 CSV（选项为编码）' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toContain('收缩压(mmHg)');
    const baselineLine = lines.find((l) => l.includes(BASELINE));
    expect(baselineLine).toContain('172');
    expect(suite.errors).toEqual([]);
  });
});
