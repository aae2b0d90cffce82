import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { multipartForm } from './multipart-form.js';

const API = '/online/cgform/api';

/** An .xlsx with the export layout: title row, exporter row, header row, data. */
async function sheet(headers: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('设备');
  ws.addRow(['设备台账报表']);
  ws.addRow(['导出人:测试']);
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// Issue 12 §6: every write is checked on the server — API, form and import alike.
describe.each(DIALECTS)('writes validated on the server on $name', ({ url }) => {
  let t: TestApp;
  let liuyang: string;

  const add = (payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: `${API}/form/erp_equipment`, token: liuyang, payload });
  const equipment = (over: Record<string, unknown> = {}) => ({
    name: '校验监护仪',
    serialNo: `SN-VAL-${Math.random().toString(36).slice(2, 10)}`,
    status: '1',
    ...over,
  });
  const importFile = (content: Buffer, validateStatus?: string) =>
    t.call({
      method: 'POST',
      url: `${API}/importXls/erp_equipment`,
      token: liuyang,
      ...multipartForm([
        ...(validateStatus === undefined ? [] : [{ name: 'validateStatus', value: validateStatus }]),
        { name: 'files[]', file: { name: '设备.xlsx', content } },
      ]),
    });

  beforeAll(async () => {
    t = await createTestApp(url);
    liuyang = await t.login('liuyang');
  });
  afterAll(async () => t?.close());

  it('refuses dates and times that are not on the calendar', async () => {
    for (const purchaseDate of ['2026-13-40', '2026-02-30', '2025-02-29']) {
      const res = await add(equipment({ purchaseDate }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('购置日期：日期不存在，请检查年月日');
    }
    expect((await add(equipment({ purchaseDate: '2024-02-29' }))).json()).toMatchObject({ success: true });
  });

  it('refuses dictionary values that do not exist, on add and on edit', async () => {
    const bad = await add(equipment({ category: '99' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('设备类别：所选值“99”不存在或无权使用');
    const noDepart = await add(equipment({ department: 'no-such-depart' }));
    expect(noDepart.statusCode).toBe(400);
    expect(noDepart.json().message).toContain('使用部门：所选值“no-such-depart”不存在或无权使用');

    const created = await add(equipment({ category: '2' }));
    const id = created.json().result as string;
    const edit = await t.call({
      method: 'PUT',
      url: `${API}/form/erp_equipment`,
      token: liuyang,
      payload: { id, status: '9' },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe('设备状态：所选值“9”不存在或无权使用');
    const good = await t.call({
      method: 'PUT',
      url: `${API}/form/erp_equipment`,
      token: liuyang,
      payload: { id, status: '2', category: '2' },
    });
    expect(good.json()).toMatchObject({ success: true });
  });

  it('validates imports by default and keeps unknown dictionary text and impossible dates out even when validation is off', async () => {
    const headers = ['设备名称', '设备序列号', '设备状态', '设备类别', '购置日期'];
    // No validateStatus: the entity's rules apply (a missing required name is an error).
    const byDefault = (await importFile(await sheet(headers, [['', 'SN-VAL-IMP-1', '在用', '影像设备', '2026-01-05']]))).json();
    expect(byDefault.result).toMatchObject({ totalCount: 1, errorCount: 1, successCount: 0 });

    const relaxed = (
      await importFile(
        await sheet(headers, [
          ['', 'SN-VAL-IMP-2', '在用', '影像设备', '2026-01-05'],
          ['乙', 'SN-VAL-IMP-3', '在用', '太空设备', '2026-01-05'],
          ['丙', 'SN-VAL-IMP-4', '在用', '影像设备', '2026-02-30'],
        ]),
        '0',
      )
    ).json();
    expect(relaxed.result).toMatchObject({ totalCount: 3, errorCount: 2, successCount: 1 });
    const report = (await t.call({ method: 'GET', url: relaxed.result.fileUrl, token: liuyang })).body;
    expect(report).toContain('设备类别：字典中没有“太空设备”');
    expect(report).toContain('购置日期：日期不存在，请检查年月日');
  });
});
