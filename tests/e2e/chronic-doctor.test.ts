import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiToken } from './api.js';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, formInput, formItem, openModal, rowAction, rows, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * A doctor's abnormal-reading round trip through the console (production build, real server, Chromium,
 * the shipped chronic-disease module): 张伟 enters a high blood pressure for his patient; the reading's
 * rule raises an alert, the bell hears of it at once, the notice opens the alert list filtered to it;
 * he handles it with a comment; the patient's file and the board show it. 陈静, a doctor of another
 * department, finds none of it. The `it` blocks run in order.
 */
const suite = useBrowserSuite({ failureShots: 'chronic', nameChars: 30 });
const POLL = { timeout: 20_000 };
const PATIENT = '欧阳明远';
const ID_CARD = '110101196001011233';
const API = '/jeecg-boot/online/cgform/api';

const bellCount = async (page: Page) =>
  Number(
    /(\d+) 条未读/.exec((await page.locator('.notices-bell').getAttribute('aria-label')) ?? '')?.[1] ?? 0,
  );
const waitLive = (p: Page) =>
  p.waitForFunction(() => document.querySelector('.notices-bell')?.getAttribute('data-live') === 'on', null, {
    timeout: 15_000,
    polling: 100,
  });

const state = { patientId: '', openBefore: 0 };

/** The 待处理预警 number of the chronic board (never cached: it is the doctors' to-do). */
async function openAlerts(page: Page): Promise<number> {
  await page.goto(`${suite.server.url}/dashboard/chronic`);
  const number = page.getByTestId('stat-number-chr_alerts_open');
  await number.waitFor(POLL);
  return Number(((await number.textContent()) ?? '').replace(/[^\d]/g, ''));
}

describe('a doctor handles an abnormal reading', () => {
  it('enrols the patient (his own, by the API) and reads the board', async () => {
    const token = await apiToken(suite.server.url, 'zhangwei');
    state.patientId = await apiCall<string>(suite.server.url, token, 'POST', `${API}/form/chr_patient`, {
      name: PATIENT,
      sex: '1',
      birthDate: '1960-01-01',
      idCard: ID_CARD,
      mobile: '13912345678',
    });
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'zhangwei');
    state.openBefore = await openAlerts(page);
  });

  it('enters a high blood pressure; the alert is raised and the bell rings without a reload', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'zhangwei');
    await page.goto(`${suite.server.url}/online/cgformList/chr_indicator`);
    await page.locator('.renderer-list-page .ant-table-thead th').first().waitFor(POLL);
    await waitLive(page);
    const before = await bellCount(page);

    await button(page, '新增').first().click();
    const dialog = openModal(page, '新增');
    const picker = formItem(dialog, '患者').locator('.ant-select');
    await picker.click();
    await picker.locator('input').fill('欧阳');
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: PATIENT });
    await option.first().click();
    const time = formInput(dialog, '测量时间');
    await time.click();
    await time.fill('2026-11-20 08:30:00');
    await time.press('Enter');
    await formInput(dialog, '收缩压\\(mmHg\\)').fill('178');
    await formInput(dialog, '舒张压\\(mmHg\\)').fill('106');
    await formInput(dialog, '心率\\(次/分\\)').fill('92');
    await screenshot(page, 'chronic-reading-form');
    await button(dialog, '确定').click();
    await dialog.waitFor({ state: 'hidden', ...POLL });

    await page.waitForFunction(
      (n) =>
        Number(
          /(\d+) 条未读/.exec(
            document.querySelector('.notices-bell')?.getAttribute('aria-label') ?? '',
          )?.[1] ?? 0,
        ) > n,
      before,
      { timeout: 10_000, polling: 100 },
    );
    await page.locator('.notices-bell').click();
    const panel = page.locator('.ant-popover:visible .notices-panel');
    // Rule notices have their own tab (规则提醒), behind the tabs' 更多 menu on the narrow panel.
    const more = panel.locator('.ant-tabs-nav-more');
    if (await more.isVisible()) {
      await more.hover();
      await page.locator('.ant-tabs-dropdown:visible').getByText(/^规则提醒/).click();
    } else await panel.getByRole('tab', { name: /^规则提醒/ }).click();
    const notice = panel.getByText(`患者${PATIENT}血压异常（高危）`).first();
    await notice.waitFor(POLL);
    await screenshot(page, 'chronic-bell');

    // The notice opens the abnormal-patient page filtered to this alert.
    await notice.click();
    await page.waitForURL(/\/chronic\/diseaseIntervene\/patientManage\/patientAbnormal\?id=/, POLL);
    const alert = rows(page).filter({ hasText: PATIENT });
    await alert.first().waitFor(POLL);
    expect(await rows(page).count()).toBe(1);
    await expect.poll(() => alert.locator('.ant-tag').allTextContents()).toEqual(['高危', '待处理']);
    await screenshot(page, 'chronic-alert-filtered');
    // The board counts it among the open alerts.
    const filtered = page.url();
    expect(await openAlerts(page)).toBe(state.openBefore + 1);
    // …and the 待办 card lists it as waiting on him.
    await expect.poll(() => page.getByTestId('todo-wf-chr_alert').textContent(), POLL).toBe(String(state.openBefore + 1));
    await screenshot(page, 'chronic-board-todo');
    await page.goto(filtered);
    await alert.first().waitFor(POLL);

    // He handles it: a comment is required to finish.
    await rowAction(page, alert.first(), '处理完成');
    const finish = openModal(page, '处理完成');
    await button(finish, '确定').click();
    await finish
      .getByText('请填写处理完成意见')
      .or(finish.locator('.ant-formily-item-error-help'))
      .first()
      .waitFor(POLL);
    await formInput(finish, '处理意见', 'textarea').fill('已电话随访，加用氨氯地平 5mg，一周后复测');
    await button(finish, '确定').click();
    await toast(page, '处理完成成功').last().waitFor(POLL);
    await expect
      .poll(() => alert.first().locator('.ant-tag').allTextContents(), POLL)
      .toEqual(['高危', '已处理']);
  });

  it('shows the reading, the handled alert and its result in the patient’s file', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'zhangwei');
    await page.goto(`${suite.server.url}/online/cgformList/chr_patient`);
    await page.getByPlaceholder('请输入姓名').fill(PATIENT);
    await button(page, '查询').first().click();
    const row = rows(page).filter({ hasText: PATIENT });
    await row.first().waitFor(POLL);
    // The ID card is masked in the list.
    expect(await row.first().textContent()).toContain('1101**********1233');
    await rowAction(page, row.first(), '档案');
    await page.waitForURL(/\/chronic\/modules\/diseaseIntervene\/healthInfo\?/, POLL);
    await page
      .locator('.ant-tabs-tab-active')
      .filter({ hasText: `${PATIENT}档案` })
      .waitFor(POLL);
    await page.getByText('最近收缩压').waitFor(POLL);
    await page.getByRole('tab', { name: '异常预警' }).click();
    const alertRow = page.locator('.ant-table-row').filter({ hasText: '收缩压≥160' });
    await alertRow.first().waitFor(POLL);
    expect(await alertRow.first().textContent()).toContain('已处理');
    await screenshot(page, 'chronic-file-alerts');
    await page.getByRole('tab', { name: '体征检验' }).click();
    await page.locator('.ant-table-row').filter({ hasText: '178' }).first().waitFor(POLL);
    await page.getByRole('tab', { name: '血压趋势' }).click();
    await page.locator('canvas').first().waitFor(POLL);
    await screenshot(page, 'chronic-file-trend');

    // On a phone the file still reads, without sideways scrolling.
    const phone = (
      await suite.openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    ).page;
    await signInAs(phone, suite.server.url, 'zhangwei');
    await phone.goto(
      `${suite.server.url}/chronic/modules/diseaseIntervene/healthInfo?patientName=${encodeURIComponent(PATIENT)}&id=${state.patientId}`,
    );
    await phone.getByText('最近收缩压').waitFor(POLL);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(
      true,
    );
    await screenshot(phone, 'chronic-file-phone');
  });

  it('counts the alert on the board once handled', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'zhangwei');
    // The alert was raised and handled: the open count is back where it was.
    expect(await openAlerts(page)).toBe(state.openBefore);
    await screenshot(page, 'chronic-board');
  });

  it('shows a doctor of another department none of it', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'chenjing');
    await page.goto(`${suite.server.url}/online/cgformList/chr_patient`);
    await page.getByPlaceholder('请输入姓名').fill(PATIENT);
    await button(page, '查询').first().click();
    await page.locator('.renderer-list-page .ant-empty').first().waitFor(POLL);
    await page.goto(`${suite.server.url}/chronic/diseaseIntervene/patientManage/patientAbnormal`);
    await page.locator('.renderer-list-page .ant-table-thead th').first().waitFor(POLL);
    expect(await rows(page).filter({ hasText: PATIENT }).count()).toBe(0);
    await page.goto(
      `${suite.server.url}/chronic/modules/diseaseIntervene/healthInfo?patientName=x&id=${state.patientId}`,
    );
    await page.getByText('记录不存在，或不在您的数据范围内').waitFor(POLL);
    await screenshot(page, 'chronic-other-doctor');
  });
});
