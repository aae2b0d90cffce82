import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../src/shared/time.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

/**
 * The follow-up module (schemas/modules/followup) as shipped, through the generic API only: a case
 * enrolled in the demo project gets its visit plan from the project's schedule; the doctor fills a visit's
 * case-report form (checked against the form, linkage included) and submits it, which locks it; a later
 * change goes through an audited application and lands in the history; overdue visits are the project's
 * warnings (the menu badge counts them); another department's doctor reaches none of it.
 */
const API = '/online/cgform/api';
type Row = Record<string, unknown>;

const daysFrom = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe.each(DIALECTS)('the follow-up module on $name', ({ url }) => {
  let t: TestApp;
  let zhangwei: string;
  let wangfang: string;
  let lina: string;
  let projectId: string;
  let caseId: string;
  let baseline: Row;

  const body = (res: { json(): unknown }) =>
    res.json() as { success: boolean; message: string; result: unknown };
  const ok = (res: { json(): unknown; body: string }) => {
    const b = body(res);
    expect(b, res.body).toMatchObject({ success: true });
    return b.result;
  };
  const list = async (token: string, entity: string, query: Record<string, string> = {}) =>
    ok(
      await t.call({
        method: 'GET',
        url: `${API}/getData/${entity}`,
        token,
        query: { pageSize: '50', ...query },
      }),
    ) as {
      records: Row[];
      total: number;
    };
  const put = (token: string, entity: string, payload: Row) =>
    t.call({ method: 'PUT', url: `${API}/form/${entity}`, token, payload });
  const read = async (token: string, id: string) =>
    ok(await t.call({ method: 'GET', url: `${API}/form/fu_visit/${id}`, token })) as Row;
  const fill = (visit: Row, data: Row, visitDate = formatDate()) =>
    put(zhangwei, 'fu_visit', { ...visit, visitDate, data });

  beforeAll(async () => {
    t = await createTestApp(url);
    [zhangwei, wangfang, lina] = await Promise.all(['zhangwei', 'wangfang', 'lina'].map((u) => t.login(u)));
    const projects = await list(zhangwei, 'fu_project');
    projectId = String(projects.records[0].id);
  });
  afterAll(async () => t?.close());

  it('ships the demo project with its schedule, members and status configuration', async () => {
    const project = ok(
      await t.call({ method: 'GET', url: `${API}/form/fu_project/${projectId}`, token: zhangwei }),
    ) as Row;
    expect(project).toMatchObject({ name: '慢性乙型肝炎抗病毒治疗随访项目', status: '1' });
    expect((project.fu_schedule as Row[]).map((s) => [s.visitName, s.dayOffset, s.formCode])).toEqual([
      ['基线访视', 0, 'fu_baseline'],
      ['第 1 个月随访', 30, 'fu_followup'],
      ['第 3 个月随访', 90, 'fu_followup'],
      ['第 6 个月随访', 180, 'fu_followup'],
    ]);
    expect((project.fu_status_cfg as Row[]).filter((c) => c.signature === '1').map((c) => c.cfgCode)).toEqual(
      ['001', '009'],
    );
  });

  it('serves the status configuration at the mobile application’s own address, by status id', async () => {
    const cfg = ok(
      await t.call({
        method: 'GET',
        url: '/api/hbv/project/workflow/status/cfg/list',
        token: lina,
        query: { cfgCode: '001', workflowId: '1', column: 'sortNo', order: 'asc', requireFlag: '1' },
      }),
    ) as { records: Row[] };
    expect(cfg.records.map((r) => [r.cfgCode, r.name, r.content, r.signature])).toEqual([
      ['001', '入组登记', '核对入组条件，患者签署入组登记', '1'],
    ]);
    const all = ok(
      await t.call({
        method: 'GET',
        url: '/api/hbv/project/workflow/status/cfg/list',
        token: lina,
        query: { projectId, column: 'sortNo', order: 'asc' },
      }),
    ) as { records: Row[] };
    expect(all.records.map((r) => r.cfgCode)).toEqual(['001', '002', '003', '004', '009', '010']);
    // Signed-in callers with the project list only (the parent's read access).
    expect(
      (await t.call({ method: 'GET', url: '/api/hbv/project/workflow/status/cfg/list' })).statusCode,
    ).toBe(401);
  });

  it('picks a schedule’s form among the published forms, shows its title and refuses an unknown code', async () => {
    const options = ok(
      await t.call({ method: 'GET', url: '/online/form/options', token: zhangwei }),
    ) as Row[];
    expect(options).toEqual(
      expect.arrayContaining([
        { value: 'fu_baseline', text: '基线调查表' },
        expect.objectContaining({ value: 'fu_followup' }),
      ]),
    );
    const found = ok(
      await t.call({
        method: 'GET',
        url: '/online/form/options',
        token: zhangwei,
        query: { keyword: '基线' },
      }),
    ) as Row[];
    expect(found.map((f) => f.value)).toEqual(['fu_baseline']);
    const project = ok(
      await t.call({ method: 'GET', url: `${API}/form/fu_project/${projectId}`, token: wangfang }),
    ) as Row;
    const schedule = project.fu_schedule as Row[];
    expect(schedule[0].formCode_dictText).toBe('基线调查表');
    const refused = body(
      await put(wangfang, 'fu_project', {
        ...project,
        fu_schedule: [{ ...schedule[0], formCode: 'no_such_form' }, ...schedule.slice(1)],
      }),
    );
    expect(refused.success).toBe(false);
    expect(refused.message).toContain('所选表单不存在或未发布（no_such_form）');
    const after = ok(
      await t.call({ method: 'GET', url: `${API}/form/fu_project/${projectId}`, token: wangfang }),
    ) as Row;
    expect((after.fu_schedule as Row[])[0].formCode).toBe('fu_baseline');
  });

  it('enrols a case and plans its visits from the schedule, with windows and the forms’ versions', async () => {
    const enrolDate = daysFrom(formatDate(), -40);
    const res = ok(
      await t.call({
        method: 'POST',
        url: `${API}/form/fu_case`,
        token: zhangwei,
        payload: { projectId, patientName: '随访甲', sex: '1', enrolDate, doctor: 'zhangwei' },
      }),
    );
    caseId = typeof res === 'string' ? res : String((res as Row).id);
    const visits = (await list(zhangwei, 'fu_visit', { caseId })).records;
    expect(
      visits.map((v) => [v.visitName, v.planDate, v.windowStart, v.windowEnd, v.formId, v.status]),
    ).toEqual([
      ['基线访视', enrolDate, enrolDate, daysFrom(enrolDate, 7), 'fu_baseline', '0'],
      [
        '第 1 个月随访',
        daysFrom(enrolDate, 30),
        daysFrom(enrolDate, 27),
        daysFrom(enrolDate, 37),
        'fu_followup',
        '0',
      ],
      [
        '第 3 个月随访',
        daysFrom(enrolDate, 90),
        daysFrom(enrolDate, 83),
        daysFrom(enrolDate, 104),
        'fu_followup',
        '0',
      ],
      [
        '第 6 个月随访',
        daysFrom(enrolDate, 180),
        daysFrom(enrolDate, 166),
        daysFrom(enrolDate, 194),
        'fu_followup',
        '0',
      ],
    ]);
    baseline = visits[0];
    expect(visits[1].formId_dictText).toBe('随访记录表');
    // Overdue: the baseline's and the first month's windows closed before today.
    expect(visits.map((v) => v.overdueDays)).toEqual([33, 3, 0, 0]);
  });

  it('counts overdue visits for the warning badge with the same scope as the list', async () => {
    const query = { status: '0', windowEnd_end: '$today-1', caseId };
    const count = ok(await t.call({ method: 'GET', url: `${API}/count/fu_visit`, token: zhangwei, query }));
    expect(count).toBe(2);
    expect((await list(zhangwei, 'fu_visit', query)).total).toBe(2);
  });

  it('checks the visit’s form: required fields and linkage, then stores the document with the version', async () => {
    const visit = await read(zhangwei, String(baseline.id));
    const missing = body(await fill(visit, { height: 170, smoking: '1' }));
    expect(missing.success).toBe(false);
    expect(missing.message).toContain('体重');
    // Smoking shows 每日吸烟 and makes it required.
    expect(body(await fill(visit, { height: 170, weight: 65, smoking: '1' })).message).toContain('每日吸烟');
    ok(
      await fill(visit, {
        height: 170,
        weight: 65,
        smoking: '0',
        cigarettes: 10,
        drugs: [{ drug: '恩替卡韦', adherence: '1' }],
      }),
    );
    const saved = await read(zhangwei, String(baseline.id));
    expect(saved.formVersion).toBe(1);
    // The hidden field is dropped.
    expect(saved.data).toEqual({
      height: 170,
      weight: 65,
      smoking: '0',
      drugs: [{ drug: '恩替卡韦', adherence: '1' }],
    });
  });

  it('locks a submitted visit; a change is an application the auditor approves, recorded in the history', async () => {
    ok(
      await t.call({
        method: 'POST',
        url: `${API}/transition/fu_visit/submit`,
        token: zhangwei,
        payload: { id: baseline.id },
      }),
    );
    const submitted = await read(zhangwei, String(baseline.id));
    expect(submitted).toMatchObject({ status: '1', submitter: 'zhangwei' });
    expect(
      body(
        await put(zhangwei, 'fu_visit', { ...submitted, data: { ...(submitted.data as Row), weight: 66 } }),
      ).success,
    ).toBe(false);

    const applied = body(
      await t.call({
        method: 'POST',
        url: `${API}/apply/fu_visit`,
        token: zhangwei,
        payload: {
          kind: 'edit',
          id: baseline.id,
          // The corrected blood pressure is high: the approval raises the project's alert (below).
          record: { ...submitted, data: { ...(submitted.data as Row), weight: 66, sbp: 172, dbp: 96 } },
          reason: '体重录入有误',
        },
      }),
    );
    expect(applied, JSON.stringify(applied)).toMatchObject({ success: true });
    const pending = ok(
      await t.call({ method: 'GET', url: '/sys/dataApply/list', token: wangfang, query: { box: 'audit' } }),
    ) as {
      records: Row[];
    };
    const app = pending.records.find((r) => String(r.recordId) === String(baseline.id));
    expect(app, JSON.stringify(pending.records)).toBeDefined();
    ok(
      await t.call({
        method: 'POST',
        url: `/sys/dataApply/${app?.id}/approve`,
        token: wangfang,
        payload: { comment: '同意' },
      }),
    );
    expect((await read(zhangwei, String(baseline.id))).data).toMatchObject({ weight: 66, sbp: 172 });

    const history = ok(
      await t.call({
        method: 'GET',
        url: '/sys/changeLog/list',
        token: wangfang,
        query: { table: 'fu_visit', recordId: String(baseline.id) },
      }),
    );
    expect(JSON.stringify(history)).toContain('66');
    // A document's lines are titled by the form the visit was entered with.
    const items = (history as { records: Array<{ items: Row[] }> }).records.flatMap((r) => r.items);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'data.weight',
          title: '表单内容·体重(kg)',
          before: '65',
          after: '66',
        }),
      ]),
    );
  });

  it('raises alerts by the visit’s rules: outside its window on submit, high blood pressure in its form', async () => {
    const alerts = (await list(zhangwei, 'fu_alert', { caseId })).records;
    expect(
      alerts
        .map((a) => [a.kind, a.visitId, a.value === null ? null : Number(a.value), a.status])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['1', baseline.id, null, '1'],
      ['2', baseline.id, 172, '1'],
    ]);
    // The case's doctor is told; the badge counts the open alerts in his scope.
    const count = ok(
      await t.call({
        method: 'GET',
        url: `${API}/count/fu_alert`,
        token: zhangwei,
        query: { status: '1', caseId },
      }),
    );
    expect(count).toBe(2);
    const other = await t.login('chenjing');
    expect((await list(other, 'fu_alert', { caseId })).total).toBe(0);
  });

  it('shows the medical records of a case by the notice’s query, and nothing to another department’s doctor', async () => {
    const records = await list(wangfang, 'fu_visit', { caseId, projectId, formId: 'fu_followup' });
    expect(records.records.map((r) => r.visitName)).toEqual([
      '第 1 个月随访',
      '第 3 个月随访',
      '第 6 个月随访',
    ]);
    const other = await t.login('chenjing');
    expect((await list(other, 'fu_visit', { caseId })).total).toBe(0);
    expect((await list(other, 'fu_case', { patientName: '随访甲' })).total).toBe(0);
  });
});
