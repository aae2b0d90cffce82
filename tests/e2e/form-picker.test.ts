import { describe, expect, it } from 'vitest';
import { apiCall, apiToken } from './api.js';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, openModal, rowAction, rowWith, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * A visit schedule's form is picked, not typed (entity view sel_form): 刘洋 edits the demo follow-up
 * project, adds a visit to its schedule (the editable child table) and picks 随访记录表 from the published
 * forms; the server stores the code and lists show the form's title.
 */
const suite = useBrowserSuite({ failureShots: 'form-picker' });
const POLL = { timeout: 20_000 };
const API = '/jeecg-boot/online/cgform/api';
const PROJECT = '慢性乙型肝炎抗病毒治疗随访项目';

type Row = Record<string, unknown>;

describe('the form picker in a visit schedule', () => {
  it('adds a visit picking its form among the published forms; the project keeps the code', async () => {
    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, suite.server.url, 'liuyang');
    await page.goto(`${suite.server.url}/online/cgformList/fu_project`);
    await rowAction(page, rowWith(page, '慢性乙型肝炎抗病毒'), '编辑');
    const dialog = openModal(page, '编辑');
    const schedule = dialog.locator('[data-child-table="fu_schedule"]');
    const cell = (row: number, key: string) =>
      schedule.locator(`.jet-body-row[data-row="${row}"] [data-cell$=":${key}"]`);
    // The stored rows show their form's title.
    await expect.poll(() => cell(0, 'formCode').innerText(), POLL).toContain('基线调查表');
    await button(schedule, '新增').click();
    await cell(4, 'visitName').locator('input').fill('第 12 个月随访');
    await cell(4, 'dayOffset').locator('input').fill('365');
    await cell(4, 'windowBefore').locator('input').fill('14');
    await cell(4, 'windowAfter').locator('input').fill('14');
    await cell(4, 'formCode').locator('.ant-select').click();
    await page.keyboard.type('随访记录');
    await page.locator('.ant-select-dropdown:visible').getByText('随访记录表（fu_followup）').click();
    await expect.poll(() => cell(4, 'formCode').innerText(), POLL).toContain('随访记录表');
    await screenshot(page, 'form-picker-schedule-1440');
    await button(dialog, '确定').click();
    await toast(page, /编辑成功/)
      .last()
      .waitFor(POLL);

    const token = await apiToken(suite.server.url, 'liuyang');
    const projects = await apiCall<{ records: Row[] }>(
      suite.server.url,
      token,
      'GET',
      `${API}/getData/fu_project`,
    );
    const id = String(projects.records.find((p) => p.name === PROJECT)?.id);
    const project = await apiCall<Row>(suite.server.url, token, 'GET', `${API}/form/fu_project/${id}`);
    expect(
      (project.fu_schedule as Row[]).map((s) => [s.visitName, s.formCode, s.formCode_dictText]).at(-1),
    ).toEqual(['第 12 个月随访', 'fu_followup', '随访记录表']);
    expect(suite.errors).toEqual([]);
  });
});
