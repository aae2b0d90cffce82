import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, DIALECTS, type TestApp } from './harness.js';
import { multipartForm } from './multipart-form.js';
import { scopeSchemas } from './scope-fixtures.js';

const API = '/online/cgform/api';
type Row = Record<string, unknown>;

// scope.doctorField (患者 seen by the responsible doctor named in a field) and scope.via (读数 seen by
// whoever sees their 患者), in a PD-D application: doctors by doctor, org managers by organisation.
describe.each(DIALECTS)('doctorField and via scope on $name', ({ url }) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let p1: string; // zhangwei's patient
  let p2: string; // chenjing's patient
  let r1: string; // reading of p1
  let r2: string; // reading of p2

  const signIn = async (username: string) => {
    const res = await t.call({ method: 'POST', url: '/sys/login', headers: { 'x-app-code': 'PD-D-WEB' }, payload: { username, password: DEMO_PASSWORD } });
    return res.json().result.token as string;
  };
  const add = (who: string, code: string, payload: Row) =>
    t.call({ method: 'POST', url: `${API}/form/${code}`, token: tokens[who], payload });
  const added = async (who: string, code: string, payload: Row) => {
    const res = await add(who, code, payload);
    expect(res.json(), res.body).toMatchObject({ success: true });
    return res.json().result as string;
  };
  const list = async (who: string, code: string) => {
    const res = await t.call({ method: 'GET', url: `${API}/getData/${code}`, token: tokens[who], query: { pageSize: '100' } });
    return (res.json().result.records as Row[]).map((r) => r.id).sort();
  };
  const detail = async (who: string, code: string, id: string) =>
    (await t.call({ method: 'GET', url: `${API}/form/${code}/${id}`, token: tokens[who] })).json();
  const count = async (who: string) =>
    (await t.call({ method: 'GET', url: '/sys/stats/scp_reading_count', token: tokens[who] })).json().result.rows[0].count;

  beforeAll(async () => {
    t = await createTestApp(url, { APP_CODES: 'PD-D-WEB' }, { schemasDir: scopeSchemas() });
    for (const u of ['zhangwei', 'chenjing', 'wangfang', 'liuyang', 'lina']) tokens[u] = await signIn(u);
    p1 = await added('zhangwei', 'scp_patient', { name: '王一', cardNo: 'C001' });
    p2 = await added('chenjing', 'scp_patient', { name: '李二', cardNo: 'C002', doctor: 'chenjing' });
    r1 = await added('zhangwei', 'scp_reading', { patient: p1, sbp: 150 });
    r2 = await added('chenjing', 'scp_reading', { patient: p2, sbp: 120 });
  });
  afterAll(async () => t?.close());

  it('fills an empty responsible doctor with the doctor himself and lets him name nobody else', async () => {
    expect((await detail('zhangwei', 'scp_patient', p1)).result).toMatchObject({ doctor: 'zhangwei' });
    const other = await add('zhangwei', 'scp_patient', { name: '赵三', doctor: 'chenjing' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('责任医生不在您的数据范围内');
    const moved = await t.call({ method: 'PUT', url: `${API}/form/scp_patient`, token: tokens.zhangwei, payload: { id: p1, doctor: 'chenjing' } });
    expect(moved.statusCode).toBe(400);
  });

  it('shows each doctor only his patients and their readings: list, detail, export, stats, ref options', async () => {
    expect(await list('zhangwei', 'scp_patient')).toEqual([p1]);
    expect(await list('zhangwei', 'scp_reading')).toEqual([r1]);
    expect(await list('chenjing', 'scp_reading')).toEqual([r2]);
    expect((await detail('chenjing', 'scp_reading', r1)).success).toBe(false);
    expect((await detail('chenjing', 'scp_patient', p1)).success).toBe(false);
    expect(await count('zhangwei')).toBe(1);
    expect(await count('liuyang')).toBe(2);
    const options = await t.call({ method: 'GET', url: `${API}/refOptions/scp_reading/patient`, token: tokens.chenjing });
    expect((options.json().result.records as Row[]).map((r) => r.value)).toEqual([p2]);
    const exported = await t.call({ method: 'GET', url: `${API}/exportXls/scp_reading`, token: tokens.chenjing, query: { selections: `${r1},${r2}` } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].rowCount).toBe(4); // title, note, header, r2 only
  });

  it('refuses a reading for a patient outside the caller’s scope', async () => {
    const res = await add('zhangwei', 'scp_reading', { patient: p2, sbp: 130 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('所选数据不存在或无权访问');
  });

  it('lets a nurse or org manager assign within their scope only', async () => {
    expect((await add('lina', 'scp_patient', { name: '孙四', doctor: 'zhangwei' })).statusCode).toBe(400);
    await added('lina', 'scp_patient', { name: '孙四', doctor: 'lina' });
    const p4 = await added('wangfang', 'scp_patient', { name: '周五', doctor: 'zhangwei' });
    expect(await list('zhangwei', 'scp_patient')).toEqual([p1, p4].sort());
    // A staff member moved to the other organisation (仁和, A02) is outside hers.
    const db = t.ctx.db.kysely;
    const a02 = await db.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A02A01').executeTakeFirstOrThrow();
    const outside = await db.selectFrom('sysUser').select('id').where('username', '=', 'wang001').executeTakeFirstOrThrow();
    await db.updateTable('sysUserDepart').set({ depId: a02.id }).where('userId', '=', outside.id).execute();
    expect((await add('wangfang', 'scp_patient', { name: '吴六', doctor: 'wang001' })).statusCode).toBe(400);
  });

  it('makes an imported row naming a doctor outside the importer’s scope a row error', async () => {
    const exported = await t.call({ method: 'GET', url: `${API}/exportXls/scp_patient`, token: tokens.lina });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(3).values as unknown[]).slice(1);
    ws.spliceRows(4, ws.rowCount);
    const rows = [
      { 姓名: '导入一', 责任医生: 'zhangwei' },
      { 姓名: '导入二', 责任医生: 'lina' },
    ];
    ws.spliceRows(4, 0, ...rows.map((r) => header.map((h) => (r as Record<string, unknown>)[h as string] ?? null)));
    const res = await t.call({
      method: 'POST',
      url: `${API}/importXls/scp_patient`,
      token: tokens.lina,
      ...multipartForm([{ name: 'files[]', file: { name: '患者.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) } }]),
    });
    expect(res.json(), res.body).toMatchObject({ result: { successCount: 1, errorCount: 1 } });
  });

  it('shows an org manager his organisation’s patients and readings, a platform operator all', async () => {
    expect(await list('wangfang', 'scp_reading')).toEqual([r1, r2].sort());
    // p2 moves to the other organisation: gone for the org manager with its reading, still there for the operator.
    const a02 = await t.ctx.db.kysely.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A02').executeTakeFirstOrThrow();
    await t.ctx.db.kysely.updateTable('scp_patient' as never).set({ orgId: a02.id } as never).where('id' as never, '=', p2 as never).execute();
    expect(await list('wangfang', 'scp_reading')).toEqual([r1]);
    expect((await detail('wangfang', 'scp_reading', r2)).success).toBe(false);
    expect(await list('liuyang', 'scp_reading')).toEqual([r1, r2].sort());
  });
});
