import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { recordPageSchemas } from './record-page-fixtures.js';

const API = '/online/cgform/api';
type Row = Record<string, unknown>;
type Answer = { success: boolean; code: number; message: string; result: unknown };

// Issue 19 §2 (record pages): the fixture's 居民档案 is served by its component names, and what its tabs
// ask — the related list filtered by the ref, the stat filtered by its text parameter — answers only that
// record's rows, inside the caller's scope.
describe.each(DIALECTS)('record page on $name', ({ url }) => {
  let t: TestApp;
  let wangfang: string; // org manager of A01A01: its whole subtree
  let lina: string; // nurse of A01A01A04: her department's rows only
  let residentId: string;
  let otherId: string;

  const body = (res: { json(): unknown }) => res.json() as Answer;
  const add = async (token: string, code: string, payload: Row) => {
    const res = body(await t.call({ method: 'POST', url: `${API}/form/${code}`, token, payload }));
    expect(res).toMatchObject({ success: true });
    return res.result as string;
  };
  const get = async (token: string, path: string, query: Record<string, string> = {}) =>
    body(await t.call({ method: 'GET', url: path, token, query }));

  beforeAll(async () => {
    t = await createTestApp(url, {}, { schemasDir: recordPageSchemas() });
    [wangfang, lina] = await Promise.all(['wangfang', 'lina'].map((u) => t.login(u)));
    residentId = await add(wangfang, 'rec_resident', { name: '李建国', sex: '1', mobile: '13812345678', riskLevel: '3' });
    otherId = await add(wangfang, 'rec_resident', { name: '王秀英', sex: '2', riskLevel: '1' });
    for (const [sbp, dbp, day] of [
      [150, 96, '2026-09-03'],
      [140, 90, '2026-09-20'],
      [130, 84, '2026-10-05'],
    ] as const)
      await add(wangfang, 'rec_reading', { resident: residentId, readDate: day, sbp, dbp });
    await add(wangfang, 'rec_reading', { resident: otherId, readDate: '2026-09-10', sbp: 180, dbp: 110 });
  });
  afterAll(async () => t?.close());

  it('serves the record page complete by each component it lists', async () => {
    for (const component of ['chronic/modules/diseaseIntervene/healthInfo', 'rec/ResidentFile']) {
      const res = await get(wangfang, '/sys/schema/page', { component });
      expect(res.success).toBe(true);
      const page = res.result as Row & { record: { tabs: Row[] }; api: Row; detail: { fields: Row[] } };
      expect(page).toMatchObject({ code: 'rec-resident-file', kind: 'record', entity: 'rec_resident' });
      expect(page.api.queryById).toBe(`${API}/form/rec_resident/{id}`);
      expect(page.detail.fields.map((f) => f.name)).toContain('address');
      expect(page.record.tabs.map((tab) => tab.kind)).toEqual(['list', 'chart', 'list', 'detail', 'files', 'history']);
    }
  });

  it('reads the record masked, and lists only the rows whose ref names it', async () => {
    const rec = await get(wangfang, `${API}/form/rec_resident/${residentId}`);
    expect(rec.result).toMatchObject({ name: '李建国', mobile: '138****5678', riskLevel: '3' });
    const list = await get(wangfang, `${API}/getData/rec_reading`, { resident: residentId, column: 'readDate', order: 'desc' });
    const rows = (list.result as { records: Row[] }).records;
    expect(rows.map((r) => r.sbp)).toEqual([130, 140, 150]);
    expect(rows.every((r) => r.resident_dictText === '李建国')).toBe(true);
  });

  it('draws the stat of that record only: its text parameter is bound to the record id', async () => {
    const res = await get(wangfang, '/sys/stats/rec_bp_trend', { resident: residentId });
    expect(res.success).toBe(true);
    const rows = (res.result as { rows: Row[] }).rows.map((r) => [r.readDate, Number(r.sbp), Number(r.dbp)]);
    expect(rows).toEqual([
      ['2026-09', 145, 93],
      ['2026-10', 130, 84],
    ]);
    const injected = await get(wangfang, '/sys/stats/rec_bp_trend', { resident: `${residentId},${otherId}` });
    expect((injected.result as { rows: Row[] }).rows).toEqual([]);
    const missing = await t.call({ method: 'GET', url: '/sys/stats/rec_bp_trend', token: wangfang });
    expect(missing.statusCode).toBe(400);
  });

  it('shows someone outside the record’s scope nothing of it', async () => {
    const rec = await get(lina, `${API}/form/rec_resident/${residentId}`);
    expect(rec.success).toBe(false);
    const list = await get(lina, `${API}/getData/rec_reading`, { resident: residentId });
    expect((list.result as { records: Row[] }).records).toEqual([]);
    const stat = await get(lina, '/sys/stats/rec_bp_trend', { resident: residentId });
    expect((stat.result as { rows: Row[] }).rows).toEqual([]);
  });
});
