import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { multipartForm } from './multipart-form.js';
import { schemasWithFixture } from './track-fixtures.js';

const API = '/online/cgform/api';
type Row = Record<string, unknown>;

/** The fixture module: 读数 (triggers highBp) → 预警 (numbered, checked; triggers logged) → 留痕 (triggers itself). */
const triggerSchemas = () => schemasWithFixture('tests/fixtures/schemas/trigger', 'trigger');

/** An .xlsx in the export layout: title row, exporter row, header row, data. */
async function sheet(headers: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('读数');
  ws.addRow(['触发测试读数']);
  ws.addRow(['导出人:测试']);
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// Issue 19 §4: entity triggers (触发规则) — an abnormal reading raises an alert and tells its doctor.
describe.each(DIALECTS)('entity triggers on $name', ({ url }) => {
  let t: TestApp;
  let lina: string; // nurse of A01A01A04: enters the readings
  let wangfang: string; // org manager of A01A01: holds the notified role, sees A01A01A04's rows
  let patientId: string;

  const body = (res: { json(): unknown }) =>
    res.json() as { success: boolean; code: number; message: string; result: unknown };
  const post = (code: string, payload: Row) =>
    t.call({ method: 'POST', url: `${API}/form/${code}`, token: lina, payload });
  const add = async (code: string, payload: Row) => {
    const res = body(await post(code, payload));
    expect(res).toMatchObject({ success: true });
    return res.result as string;
  };
  const edit = async (payload: Row) =>
    body(await t.call({ method: 'PUT', url: `${API}/form/trg_reading`, token: lina, payload }));
  const rows = (table: string) =>
    t.ctx.db.kysely
      .selectFrom(table as 'sysUser')
      .selectAll()
      .execute() as Promise<Row[]>;
  const alertsOf = async (reading: string) => (await rows('trg_alert')).filter((r) => r.reading === reading);
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
      .where('classify', '=', 'trigger')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(url, {}, { schemasDir: triggerSchemas() });
    [lina, wangfang] = await Promise.all(['lina', 'wangfang'].map((u) => t.login(u)));
    patientId = await add('trg_patient', { name: '赵患者', doctor: 'zhangwei' });
  });
  afterAll(async () => t?.close());

  it('adds the alert on an abnormal add, with values from the reading, its number, and history as 规则触发', async () => {
    const reading = await add('trg_reading', { patientId, sbp: 185, dbp: 90 });
    const [alert] = await alertsOf(reading);
    expect(alert).toMatchObject({
      patientId,
      reading,
      value: 185,
      level: '2',
      rule: '血压过高',
      state: '0',
      createBy: 'lina',
    });
    expect(String(alert.alertNo)).toMatch(/^YJ\d{4}\d{4}$/);
    expect(String(alert.raisedOn)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(alert.sysOrgCode).toBe('A01A01A04');
    const history = await t.ctx.db.kysely
      .selectFrom('sysChangeLog')
      .selectAll()
      .where('tableName', '=', 'trg_alert')
      .where('recordId', '=', String(alert.id))
      .execute();
    expect(history.map((h) => [h.action, h.comment, h.createBy])).toEqual([
      ['trigger', '触发测试读数：收缩压≥160 或舒张压≥100（highBp）', 'lina'],
    ]);
  });

  it('tells the doctor the ref names and the role holders who see the alert, no one else', async () => {
    const reading = await add('trg_reading', { patientId, sbp: 120, dbp: 105 });
    const [alert] = await alertsOf(reading);
    expect(alert.level).toBe('1');
    for (const who of ['zhangwei', 'wangfang']) {
      const mine = (await messagesOf(who)).filter((m) => String(m.redirect).includes(String(alert.id)));
      expect(mine).toHaveLength(1);
      // {patientId} as the list shows it (the patient's name), {level} as its dictionary text.
      expect(mine[0].title).toBe('赵患者血压异常（关注）');
      expect(JSON.parse(String(mine[0].redirect))).toEqual({
        type: 'patientAbnormal',
        param: { detailId: alert.id },
      });
    }
    for (const who of ['lina', 'liuyang', 'chenjing', 'admin'])
      expect((await messagesOf(who)).filter((m) => String(m.redirect).includes(String(alert.id)))).toEqual(
        [],
      );
    // The doctor's bell lists it like any message.
    const zhangwei = await t.login('zhangwei');
    const listed = body(
      await t.call({ method: 'GET', url: '/api/sys/msg/rec/getUnreadListWithMsg', token: zhangwei }),
    );
    expect(JSON.stringify(listed.result)).toContain('赵患者血压异常（关注）');
    // The role holder sees the alert the notice opens (the list filtered by ?id=).
    const opened = body(
      await t.call({
        method: 'GET',
        url: `${API}/getData/trg_alert`,
        token: wangfang,
        query: { id: String(alert.id) },
      }),
    );
    expect((opened.result as { records: Row[] }).records.map((r) => r.id)).toEqual([alert.id]);
  });

  it('raises nothing for a normal reading, and on an edit only when the condition becomes true', async () => {
    const reading = await add('trg_reading', { patientId, sbp: 130, dbp: 80 });
    expect(await alertsOf(reading)).toEqual([]);
    expect(await edit({ id: reading, patientId, sbp: 140, dbp: 85 })).toMatchObject({ success: true });
    expect(await alertsOf(reading)).toEqual([]);
    expect(await edit({ id: reading, patientId, sbp: 170, dbp: 85 })).toMatchObject({ success: true });
    expect(await alertsOf(reading)).toHaveLength(1);
    // Still true after a further edit: not raised again.
    expect(await edit({ id: reading, patientId, sbp: 175, dbp: 88 })).toMatchObject({ success: true });
    expect(await alertsOf(reading)).toHaveLength(1);
  });

  it('fires on a transition that makes the condition true', async () => {
    const reading = await add('trg_reading', { patientId, sbp: 150, dbp: 90 });
    expect(await alertsOf(reading)).toEqual([]);
    const res = body(
      await t.call({
        method: 'POST',
        url: `${API}/transition/trg_reading/confirm`,
        token: lina,
        payload: { id: reading },
      }),
    );
    expect(res).toMatchObject({ success: true });
    expect((await alertsOf(reading)).map((a) => [a.rule, a.level, a.value])).toEqual([
      ['复核偏高', '1', 150],
    ]);
  });

  it('fires when an approved application changes the record', async () => {
    const reading = await add('trg_reading', { patientId, sbp: 125, dbp: 80 });
    const applied = body(
      await t.call({
        method: 'POST',
        url: `${API}/apply/trg_reading`,
        token: lina,
        payload: { kind: 'edit', id: reading, record: { patientId, sbp: 190, dbp: 80 }, reason: '复测更正' },
      }),
    );
    expect(applied).toMatchObject({ success: true });
    expect(await alertsOf(reading)).toEqual([]);
    const approved = body(
      await t.call({
        method: 'POST',
        url: `/sys/dataApply/${String(applied.result)}/approve`,
        token: wangfang,
        payload: {},
      }),
    );
    expect(approved).toMatchObject({ success: true });
    expect((await alertsOf(reading)).map((a) => [a.value, a.level])).toEqual([[190, '2']]);
  });

  it('runs the created record’s own triggers one level down, and no deeper', async () => {
    const reading = await add('trg_reading', { patientId, sbp: 200, dbp: 90 });
    const [alert] = await alertsOf(reading);
    // 预警 (level 2) → 留痕; 留痕's own trigger (which adds 留痕 again) is two levels down: not run.
    expect((await rows('trg_log')).filter((r) => r.alert === alert.id)).toHaveLength(1);
  });

  it('fires for imported rows', async () => {
    const file = await sheet(
      ['患者', '收缩压', '舒张压'],
      [
        ['赵患者', 165, 95],
        ['赵患者', 118, 76],
      ],
    );
    const res = await t.call({
      method: 'POST',
      url: `${API}/importXls/trg_reading`,
      token: lina,
      ...multipartForm([
        { name: 'validateStatus', value: '1' },
        { name: 'files[]', file: { name: 'readings.xlsx', content: file } },
      ]),
    });
    expect(body(res)).toMatchObject({ success: true, code: 200 });
    const imported = (await rows('trg_reading')).filter((r) => r.sbp === 165 || r.sbp === 118);
    expect(imported).toHaveLength(2);
    const high = imported.find((r) => r.sbp === 165) as Row;
    const low = imported.find((r) => r.sbp === 118) as Row;
    expect(await alertsOf(String(high.id))).toHaveLength(1);
    expect(await alertsOf(String(low.id))).toEqual([]);
  });

  it('rolls the whole write back with the created record’s refusal', async () => {
    const before = (await rows('trg_reading')).length;
    const alerts = (await rows('trg_alert')).length;
    const res = await post('trg_reading', { patientId, sbp: 320, dbp: 90 });
    expect(res.statusCode).toBeLessThan(500);
    expect(body(res)).toMatchObject({ success: false, message: '读数超出可能范围，请核对' });
    expect((await rows('trg_reading')).length).toBe(before);
    expect((await rows('trg_alert')).length).toBe(alerts);
  });

  it('adds one record per matching row with `each`, dates from addDays, only the tenant’s matching rows', async () => {
    for (const [kind, visitName, dayOffset] of [
      ['A', '基线', 0],
      ['A', '第一次随访', 30],
      ['B', '其他方案', 7],
    ] as const)
      await add('trg_schedule', { kind, visitName, dayOffset });
    const enrol = await add('trg_enrol', { patientId, kind: 'A', enrolDate: '2026-01-30' });
    const visits = (await rows('trg_visit')).filter((r) => r.enrolId === enrol);
    expect(visits.map((v) => [v.visitName, v.planDate, v.windowEnd])).toEqual(
      expect.arrayContaining([
        ['基线', '2026-01-30', '2026-02-02'],
        ['第一次随访', '2026-03-01', '2026-03-04'],
      ]),
    );
    expect(visits).toHaveLength(2);
    // A scheme without scheduled visits adds nothing.
    const none = await add('trg_enrol', { patientId, kind: 'C', enrolDate: '2026-01-30' });
    expect((await rows('trg_visit')).filter((r) => r.enrolId === none)).toHaveLength(0);
  });
});
