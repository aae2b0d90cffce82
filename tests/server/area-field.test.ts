import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { multipartForm } from './multipart-form.js';
import { schemasWithFixture } from './track-fixtures.js';

const API = '/online/cgform/api';
const CODE = 'ara_contact';
/** The fixture module: 姓名, 身份证号 (rule preset idCard), 所在地区 (view area). */
const areaSchemas = () => schemasWithFixture('tests/fixtures/schemas/area', 'area');

// `view: "area"` stores a county code, shows 省/市/区 and refuses codes that are not counties of the data;
// the idCard rule preset refuses what the form refuses.
describe.each(DIALECTS)('area fields and the idCard rule on $name', ({ url }) => {
  let t: TestApp;
  let token: string;
  const add = (payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: `${API}/form/${CODE}`, token, payload });
  const list = async (query: Record<string, string> = {}) => {
    const res = await t.call({
      method: 'GET',
      url: `${API}/getData/${CODE}`,
      token,
      query: { pageSize: '100', ...query },
    });
    expect(res.json(), res.body).toMatchObject({ success: true });
    return res.json().result.records as Array<Record<string, unknown>>;
  };

  beforeAll(async () => {
    t = await createTestApp(url, {}, { schemasDir: areaSchemas() });
    token = await t.login('admin');
  });
  afterAll(async () => t?.close());

  it('stores a county code and shows 省/市/区 in the list and the detail', async () => {
    const res = await add({ name: '张三', region: '110101', idNo: '11010519491231002X' });
    expect(res.json(), res.body).toMatchObject({ success: true });
    const [row] = await list({ name: '张三' });
    expect(row).toMatchObject({ region: '110101', region_dictText: '北京市/北京市/东城区' });
    const detail = (
      await t.call({ method: 'GET', url: `${API}/form/${CODE}/${String(row.id)}`, token })
    ).json();
    expect(detail.result).toMatchObject({ region: '110101', region_dictText: '北京市/北京市/东城区' });
  });

  it('refuses a code that is not a county of the data (a province, a city, an unknown code) with 400', async () => {
    for (const region of ['110000', '110100', '999999', '北京市']) {
      const res = await add({ name: '李四', region });
      expect(res.statusCode, region).toBe(400);
      expect(res.json().message).toContain('所选地区不存在');
    }
    expect(await list({ name: '李四' })).toEqual([]);
  });

  it('refuses an ID number with a wrong check digit, a day not on the calendar or a future birth date', async () => {
    for (const idNo of ['320102198511153018', '110105199002300028', '110105209901010020', '1101051949']) {
      const res = await add({ name: '王五', idNo });
      expect(res.statusCode, idNo).toBe(400);
      expect(res.json().message).toBe('身份证号：身份证号码不正确');
    }
    expect((await add({ name: '王五', idNo: '320102198511153017' })).json()).toMatchObject({ success: true });
  });

  it('exports the area text and imports either the text or the code, refusing an unknown one', async () => {
    const exported = await t.call({
      method: 'GET',
      url: `${API}/exportXls/${CODE}`,
      token,
      query: { name: '张三' },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(3).values as unknown[]).slice(1);
    const exportedRow = (ws.getRow(4).values as unknown[]).slice(1);
    expect(exportedRow[header.indexOf('所在地区')]).toBe('北京市/北京市/东城区');

    ws.spliceRows(4, ws.rowCount);
    const rows = [
      { 姓名: '导入文本', 所在地区: '广东省/深圳市/南山区' },
      { 姓名: '导入代码', 所在地区: '440305' },
      { 姓名: '导入未知', 所在地区: '火星/某市/某区' },
    ];
    ws.spliceRows(
      4,
      0,
      ...rows.map((values) => header.map((h) => (values as Record<string, unknown>)[h as string] ?? null)),
    );
    const res = await t.call({
      method: 'POST',
      url: `${API}/importXls/${CODE}`,
      token,
      ...multipartForm([
        { name: 'files[]', file: { name: '联系人.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) } },
      ]),
    });
    const body = res.json();
    expect(body, res.body).toMatchObject({ result: { successCount: 2, errorCount: 1 } });
    const report = await t.call({ method: 'GET', url: body.result.fileUrl, token });
    expect(report.body).toContain('所选地区不存在');
    const imported = await list({ column: 'name', order: 'asc' });
    expect(
      imported
        .filter((r) => String(r.name).startsWith('导入'))
        .map((r) => [r.name, r.region, r.region_dictText]),
    ).toEqual(
      expect.arrayContaining([
        ['导入文本', '440305', '广东省/深圳市/南山区'],
        ['导入代码', '440305', '广东省/深圳市/南山区'],
      ]),
    );
    expect(imported.some((r) => r.name === '导入未知')).toBe(false);
  });
});
