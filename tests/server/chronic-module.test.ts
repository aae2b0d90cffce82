import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

/**
 * The chronic-disease module (schemas/modules/chronic) as shipped, through the generic API only: an
 * abnormal reading raises an alert for the patient's responsible doctor, who is told and handles it
 * with a comment; the patient's roll-ups (latest readings, open alerts, control flags) follow; another
 * doctor reaches none of it — lists, details, exports, stats — and the organisation's view does.
 */
const API = '/online/cgform/api';
type Row = Record<string, unknown>;

describe.each(DIALECTS)('the chronic-disease module on $name', ({ url }) => {
  let t: TestApp;
  let zhangwei: string;
  let chenjing: string;
  let liuyang: string;
  let patientId: string;
  let diseaseId: string;

  const ok = async (res: { json(): unknown; body: string }) => {
    const body = res.json() as { success: boolean; result: unknown };
    expect(body, res.body).toMatchObject({ success: true });
    return body.result;
  };
  const list = async (token: string, entity: string, query: Record<string, string> = {}) =>
    (await ok(
      await t.call({
        method: 'GET',
        url: `${API}/getData/${entity}`,
        token,
        query: { pageSize: '50', ...query },
      }),
    )) as {
      records: Row[];
      total: number;
    };
  const read = (token: string, entity: string, id: string) =>
    t.call({ method: 'GET', url: `${API}/form/${entity}/${id}`, token });
  const refused = async (res: { statusCode: number; body: string; json(): unknown }) => {
    // Out of scope answers like a missing record: a 404, or the envelope's not-found.
    expect(res.statusCode === 404 || (res.json() as { success: boolean }).success === false, res.body).toBe(
      true,
    );
  };
  const add = async (token: string, entity: string, payload: Row) => {
    const result = await ok(await t.call({ method: 'POST', url: `${API}/form/${entity}`, token, payload }));
    if (typeof result === 'string') return result;
    if (result && typeof result === 'object' && 'id' in result) return String((result as Row).id);
    return String(
      (await list(token, entity, { pageSize: '1', column: 'createTime', order: 'desc' })).records[0].id,
    );
  };
  const edit = async (token: string, entity: string, payload: Row) =>
    ok(await t.call({ method: 'PUT', url: `${API}/form/${entity}`, token, payload }));
  const fire = (token: string, key: string, id: string, comment?: string) =>
    t.call({
      method: 'POST',
      url: `${API}/transition/chr_alert/${key}`,
      token,
      payload: { id, ...(comment ? { comment } : {}) },
    });
  const stat = async (token: string, code: string, query: Record<string, string> = {}) =>
    (await ok(await t.call({ method: 'GET', url: `/sys/stats/${code}`, token, query }))) as { rows: Row[]; measures: Array<{ key: string; percent?: boolean }> };
  const userId = async (username: string) =>
    (
      await t.ctx.db.kysely
        .selectFrom('sysUser')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id;
  const messagesOf = async (username: string) =>
    t.ctx.db.kysely
      .selectFrom('sysMessage')
      .selectAll()
      .where('userId', '=', await userId(username))
      .execute();

  beforeAll(async () => {
    t = await createTestApp(url);
    [zhangwei, chenjing, liuyang] = await Promise.all(
      ['zhangwei', 'chenjing', 'liuyang'].map((u) => t.login(u)),
    );
    // The disease catalogue comes from the module's seed (its fixed records).
    const diseases = await list(zhangwei, 'chr_disease');
    expect(diseases.records.map((d) => d.name)).toEqual(
      expect.arrayContaining(['高血压', '2 型糖尿病', '慢性乙型肝炎']),
    );
    diseaseId = String(diseases.records.find((d) => d.name === '高血压')?.id);
    patientId = await add(zhangwei, 'chr_patient', {
      name: '赵建国',
      sex: '1',
      birthDate: '1958-03-07',
      idCard: '110101195803071233',
      mobile: '13800138000',
      doctor: 'zhangwei',
      chr_patient_disease: [diseaseId],
    });
  });
  afterAll(async () => t?.close());

  it('keeps the ID card and mobile masked in the doctor’s list and computes the age', async () => {
    const row = (await list(zhangwei, 'chr_patient', { name: '赵建国' })).records[0];
    expect(row.idCard).not.toBe('110101195803071233');
    expect(String(row.idCard)).toContain('*');
    expect(String(row.mobile)).toContain('*');
    expect(Number(row.age)).toBeGreaterThanOrEqual(68);
    expect(String(row.chr_patient_disease_dictText)).toContain('高血压');
    // The risk grade carries its colour (spec §3's gradeColor) for the tag.
    expect(row).toMatchObject({ riskGrade: '1', riskGrade_color: 'green', status_color: 'green' });
    // The responsible doctor reads as his name.
    expect(row).toMatchObject({ doctor: 'zhangwei', doctor_dictText: '张伟' });
  });

  it('refuses an ID card with a wrong check digit', async () => {
    const res = await t.call({
      method: 'POST',
      url: `${API}/form/chr_patient`,
      token: zhangwei,
      payload: {
        name: '钱某',
        sex: '2',
        birthDate: '1970-01-01',
        idCard: '110101197001011230',
        doctor: 'zhangwei',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('身份证');
  });

  let alertId: string;
  it('raises a high-risk alert for an abnormal blood pressure and tells the responsible doctor', async () => {
    const before = (await messagesOf('zhangwei')).length;
    const reading = await add(zhangwei, 'chr_indicator', {
      patientId,
      measureTime: '2026-11-20 08:30:00',
      sbp: 172,
      dbp: 104,
      heartRate: 88,
      height: 170,
      weight: 66,
    });
    const alerts = await list(zhangwei, 'chr_alert', { patientId });
    expect(alerts.total).toBe(1);
    const alert = alerts.records[0];
    alertId = String(alert.id);
    expect(alert).toMatchObject({ level: '3', status: '1', kind: '1', indicatorId: reading });
    expect(Number(alert.value)).toBe(172);
    const mine = await messagesOf('zhangwei');
    expect(mine.length).toBe(before + 1);
    const notice = mine.find((m) => String(m.title).includes('血压异常'));
    expect(String(notice?.title)).toContain('赵建国');
    expect(JSON.parse(String(notice?.redirect))).toEqual({
      type: 'patientAbnormal',
      param: { detailId: alertId },
    });
    // BMI and its level come from height and weight.
    const r = (await ok(await read(zhangwei, 'chr_indicator', reading))) as Row;
    expect(Number(r.bmi)).toBe(22.8);
    expect(Number(r.bmiLevel)).toBe(2);
    // Correcting the reading upward raises no second alert (the rule was already met).
    await edit(zhangwei, 'chr_indicator', { ...r, sbp: 176 });
    expect((await list(zhangwei, 'chr_alert', { patientId })).total).toBe(1);
  });

  it('classifies BMI levels and alerts on very severe obesity and on high glucose', async () => {
    const reading = await add(zhangwei, 'chr_indicator', {
      patientId,
      measureTime: '2026-11-21 08:30:00',
      sbp: 128,
      dbp: 82,
      fbg: 14.2,
      height: 160,
      weight: 90,
    });
    const r = (await ok(await read(zhangwei, 'chr_indicator', reading))) as Row;
    expect(Number(r.bmi)).toBe(35.2);
    expect(Number(r.bmiLevel)).toBe(5);
    const kinds = (await list(zhangwei, 'chr_alert', { patientId })).records.map((a) => a.kind).sort();
    expect(kinds).toEqual(['1', '2', '3']);
  });

  it('rolls the latest reading and the open alerts up to the patient', async () => {
    const p = (await ok(await read(zhangwei, 'chr_patient', patientId))) as Row;
    expect(Number(p.lastSbp)).toBe(128);
    expect(Number(p.lastFbg)).toBe(14.2);
    expect(Number(p.bpControlled)).toBe(1);
    expect(Number(p.fbgControlled)).toBe(0);
    expect(Number(p.openAlerts)).toBe(3);
  });

  it('lists the open alerts among the doctor’s to-dos, and not among another doctor’s', async () => {
    const todo = async (token: string) =>
      ((await ok(await t.call({ method: 'GET', url: '/sys/todo/transitions', token }))) as Array<{ entity: string; count: number; path: string }>).find(
        (r) => r.entity === 'chr_alert',
      );
    expect(await todo(zhangwei)).toEqual({ entity: 'chr_alert', title: '异常预警', count: 3, path: '/online/cgformList/chr_alert?_actionable=1' });
    expect(await todo(chenjing)).toBeUndefined();
  });

  it('handles an alert only with a comment, and the patient’s open alerts drop', async () => {
    const bare = await fire(zhangwei, 'finish', alertId);
    expect(bare.statusCode).toBe(400);
    await ok(await fire(zhangwei, 'accept', alertId));
    await ok(await fire(zhangwei, 'finish', alertId, '已电话随访，调整降压药'));
    const a = (await ok(await read(zhangwei, 'chr_alert', alertId))) as Row;
    expect(a).toMatchObject({ status: '3', handler: 'zhangwei' });
    const p = (await ok(await read(zhangwei, 'chr_patient', patientId))) as Row;
    expect(Number(p.openAlerts)).toBe(2);
  });

  it('hides the patient, readings and alerts from a doctor of another department everywhere', async () => {
    expect((await list(chenjing, 'chr_patient', { name: '赵建国' })).total).toBe(0);
    await refused(await read(chenjing, 'chr_patient', patientId));
    expect((await list(chenjing, 'chr_indicator', { patientId })).total).toBe(0);
    expect((await list(chenjing, 'chr_alert', { patientId })).total).toBe(0);
    await refused(await read(chenjing, 'chr_alert', alertId));
    const open = await stat(chenjing, 'chr_alerts_open');
    const mine = await stat(zhangwei, 'chr_alerts_open');
    expect(Number(mine.rows[0]?.count ?? 0)).toBeGreaterThanOrEqual(2);
    expect(Number(open.rows[0]?.count ?? 0)).toBe(0);
    const trend = await t.call({
      method: 'GET',
      url: '/sys/stats/chr_patient_bp_trend',
      token: chenjing,
      query: { patientId },
    });
    expect(JSON.stringify(trend.json().result?.rows ?? [])).not.toContain('172');
    // He cannot add a reading for someone else's patient either.
    const res = await t.call({
      method: 'POST',
      url: `${API}/form/chr_indicator`,
      token: chenjing,
      payload: { patientId, measureTime: '2026-11-22 09:00:00', sbp: 120, dbp: 80 },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('takes a blood-pressure meter’s reading by the patient’s ID card, and it raises an alert too', async () => {
    const wangfang = await t.login('wangfang');
    const a01 = (
      await t.ctx.db.kysely
        .selectFrom('sysDepart')
        .select('id')
        .where('orgCode', '=', 'A01')
        .executeTakeFirstOrThrow()
    ).id;
    const issued = await t.call({
      method: 'POST',
      url: '/sys/apiKey/add',
      token: wangfang,
      payload: { name: '门诊血压计', orgId: a01, entities: ['chr_indicator'] },
    });
    const { key } = (await ok(issued)) as { key: string };
    const post = (payload: Row) =>
      t.call({ method: 'POST', url: `${API}/device/chr_indicator`, headers: { 'x-api-key': key }, payload });
    const res = await post({
      records: [
        {
          patientId: '110101195803071233',
          measureTime: '2026-11-23 07:10:00',
          sbp: 181,
          dbp: 109,
          source: '3',
        },
        {
          patientId: '110101199001011234',
          measureTime: '2026-11-23 07:12:00',
          sbp: 120,
          dbp: 80,
          source: '3',
        },
      ],
    });
    const answer = (await ok(res)) as { ok: number; errors: Array<{ row: number; message: string }> };
    expect(answer.ok).toBe(1);
    expect(answer.errors).toHaveLength(1);
    const alerts = await list(zhangwei, 'chr_alert', { patientId });
    expect(alerts.records.filter((a) => Number(a.value) === 181)).toHaveLength(1);
    // Without a key nothing is taken.
    const bare = await t.call({
      method: 'POST',
      url: `${API}/device/chr_indicator`,
      payload: { patientId: '110101195803071233', sbp: 120 },
    });
    expect(bare.statusCode).toBe(401);
  });

  it('shows the platform operator every patient and the dashboard counts', async () => {
    expect((await list(liuyang, 'chr_patient', { name: '赵建国' })).total).toBe(1);
    const bp = await stat(liuyang, 'chr_bp_control');
    expect(Number(bp.rows[0]?.measured)).toBeGreaterThanOrEqual(1);
    // The control rate is declared a percentage, so the console shows 44% rather than 0.44.
    expect(bp.measures.find((m) => m.key === 'rate')).toMatchObject({ percent: true });
    const byDisease = await stat(liuyang, 'chr_patients_by_disease');
    expect(byDisease.rows.length).toBeGreaterThanOrEqual(1);
  });
});

describe.each(DIALECTS)('the chronic-disease module in a PD-D application on $name', ({ url }) => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('lets a doctor see only his own patients, his organisation manager all of the organisation’s', async () => {
    t = await createTestApp(url, { APP_CODE: 'PD-D-WEB' });
    const [zhangwei, colleague, wangfang] = await Promise.all(
      ['zhangwei', 'wang001', 'wangfang'].map((u) => t.login(u)),
    );
    const add = await t.call({
      method: 'POST',
      url: `${API}/form/chr_patient`,
      token: zhangwei,
      payload: { name: '周德明', sex: '1', birthDate: '1962-05-01', idCard: '110101196205011235' },
    });
    expect(add.json(), add.body).toMatchObject({ success: true });
    const names = async (token: string) =>
      (
        (
          await t.call({ method: 'GET', url: `${API}/getData/chr_patient`, token, query: { name: '周德明' } })
        ).json().result.records as Row[]
      ).map((r) => [r.name, r.doctor]);
    // Left empty, the responsible doctor is the doctor who enrolled the patient.
    expect(await names(zhangwei)).toEqual([['周德明', 'zhangwei']]);
    // A colleague of the same department is another doctor: he does not see him.
    expect(await names(colleague)).toEqual([]);
    expect(await names(wangfang)).toEqual([['周德明', 'zhangwei']]);
    // Nor may a doctor hand the patient to someone else.
    const id = (
      await t.call({
        method: 'GET',
        url: `${API}/getData/chr_patient`,
        token: zhangwei,
        query: { name: '周德明' },
      })
    ).json().result.records[0].id as string;
    const moved = await t.call({
      method: 'PUT',
      url: `${API}/form/chr_patient`,
      token: zhangwei,
      payload: { id, doctor: 'wang001' },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('责任医生不在您的数据范围内');
  });
});

describe.each(DIALECTS)('the chronic-disease demo stories on $name', ({ url }) => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('enrol patients over several doctors, and the doctors handle most of the alerts their readings raised', async () => {
    t = await createTestApp(url, { SEED_STORIES: '40' });
    const db = t.ctx.db.kysely;
    const patients = (await db.selectFrom('chr_patient' as never).select(['doctor' as never]).execute()) as Array<{ doctor: string }>;
    expect(patients.length).toBeGreaterThanOrEqual(30);
    expect(new Set(patients.map((p) => p.doctor)).size).toBeGreaterThanOrEqual(3);
    const alerts = (await db.selectFrom('chr_alert' as never).select(['status' as never, 'result' as never]).execute()) as Array<{ status: string; result: string | null }>;
    const handled = alerts.filter((a) => a.status === '3');
    expect(alerts.length).toBeGreaterThan(0);
    expect(handled.length).toBeGreaterThan(0);
    // The comment of 处理完成 is the alert's 处理结果.
    expect(handled.every((a) => a.result === '已电话随访，调整用药并嘱一周后复测')).toBe(true);
    // Forty stories of every module's seed are played through the API: in-process PGlite takes its time.
  }, 120_000);
});
