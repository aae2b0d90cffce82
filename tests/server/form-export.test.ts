import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/shared/ids.js';
import { formatDateTime } from '../../src/shared/time.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { schemasWithFixture } from './track-fixtures.js';

const API = '/online/cgform/api';
const CODE = 'ffd_record';
/** The fixture module: entity ffd_record (formCode, formVersion, doc of type form) and dictionary ffd_symptom. */
const formFieldSchemas = () => schemasWithFixture('tests/fixtures/schemas/form-field', 'form-field');

const field = (title: string, component: string, more: Record<string, unknown> = {}) => ({
  type: 'string',
  title,
  'x-decorator': 'FormItem',
  'x-component': component,
  ...more,
});

const SMOKER = {
  enum: [
    { label: '否', value: '0' },
    { label: '是', value: '1' },
  ],
};
const SYMPTOMS = { type: 'array', 'x-component-props': { dictCode: 'ffd_symptom' } };

/** Version 1: date, symptoms (JCheckbox), smoker (enum), a note only this version has. */
const VERSION_1 = {
  visitDate: field('随访日期', 'JDate'),
  symptoms: field('症状', 'JCheckbox', SYMPTOMS),
  smoker: field('是否吸烟', 'Radio.Group', SMOKER),
  note: field('备注', 'Input'),
};
/** Version 2: a layout grid, weight and main symptom added, a child table of drugs, the note dropped. */
const VERSION_2 = {
  grid: {
    type: 'void',
    'x-component': 'FormGrid',
    properties: {
      visitDate: field('随访日期', 'JDate'),
      weight: { ...field('体重', 'NumberPicker'), type: 'number' },
    },
  },
  main: field('主要症状', 'JDictSelectTag', { 'x-component-props': { dictCode: 'ffd_symptom' } }),
  symptoms: field('症状', 'JCheckbox', SYMPTOMS),
  drugs: {
    type: 'array',
    title: '用药',
    'x-decorator': 'FormItem',
    'x-component': 'ArrayTable',
    items: {
      type: 'object',
      properties: {
        drug: field('药名', 'Input'),
        dose: field('剂量', 'Input'),
        freq: field('频次', 'Select', {
          enum: [
            { label: '每日一次', value: 'qd' },
            { label: '每日三次', value: 'tid' },
          ],
        }),
      },
    },
  },
  smoker: field('是否吸烟', 'Radio.Group', SMOKER),
};

const cellText = (v: ExcelJS.CellValue) => (v === null || v === undefined ? null : v);

// Exports for analysis: a form field is one column per form field, for the version each row was entered with.
describe.each(DIALECTS)('export of form fields on $name', ({ url }) => {
  let t: TestApp;
  let token: string;
  const ids: string[] = [];

  /** The exported sheet as its header and its data rows keyed by header. */
  const exported = async (query: Record<string, string> = {}) => {
    const res = await t.call({
      method: 'GET',
      url: `${API}/exportXls/${CODE}`,
      token,
      query: { selections: ids.join(','), column: 'name', order: 'asc', ...query },
    });
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(3).values as ExcelJS.CellValue[]).slice(1).map(String);
    const rows: Array<Record<string, unknown>> = [];
    for (let n = 4; n <= ws.rowCount; n++)
      rows.push(Object.fromEntries(header.map((h, i) => [h, cellText(ws.getRow(n).getCell(i + 1).value)])));
    return { header, rows };
  };

  beforeAll(async () => {
    t = await createTestApp(url, {}, { schemasDir: formFieldSchemas() });
    token = await t.login('admin');
    // Tenant 1's stored form ffx_visit, published in two versions.
    for (const [version, properties] of [
      [1, VERSION_1],
      [2, VERSION_2],
    ] as const)
      await t.ctx.db.kysely
        .insertInto('sysForm')
        .values({
          id: newId(),
          tenantId: 1,
          code: 'ffx_visit',
          version,
          status: 'published',
          title: '导出随访表',
          definition: JSON.stringify({
            $schema: '../meta/form.schema.json',
            code: 'ffx_visit',
            title: '导出随访表',
            schema: { type: 'object', properties },
          }),
          createBy: 'admin',
          createTime: formatDateTime(),
          updateBy: null,
          updateTime: null,
          publishBy: 'admin',
          publishTime: formatDateTime(),
        })
        .execute();
    const records = [
      {
        name: '甲',
        formVersion: 1,
        doc: { visitDate: '2026-03-01', symptoms: ['1', '2'], smoker: '1', note: '首次随访' },
      },
      {
        name: '乙',
        doc: {
          visitDate: '2026-04-01',
          weight: 61.5,
          main: '2',
          symptoms: ['2'],
          smoker: '0',
          drugs: [
            { drug: '恩替卡韦', dose: '0.5mg', freq: 'qd' },
            { drug: '阿司匹林', dose: '100mg', freq: 'tid' },
          ],
        },
      },
      { name: '丙', formVersion: 2, doc: { visitDate: '2026-05-01' } },
    ];
    for (const r of records) {
      const res = await t.call({
        method: 'POST',
        url: `${API}/form/${CODE}`,
        token,
        payload: { formCode: 'ffx_visit', ...r },
      });
      expect(res.json(), res.body).toMatchObject({ success: true });
      ids.push(String(res.json().result));
    }
  });
  afterAll(async () => t?.close());

  it('writes one column per form field: the newest version’s order, then fields only older versions have', async () => {
    const { header, rows } = await exported();
    expect(header).toEqual([
      '名称',
      '表单',
      '表单版本',
      '随访日期',
      '体重',
      '主要症状',
      '症状',
      '用药',
      '是否吸烟',
      '备注',
      '状态',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows).toEqual([
      {
        名称: '丙',
        表单: 'ffx_visit',
        表单版本: 2,
        随访日期: '2026-05-01',
        体重: null,
        主要症状: null,
        症状: null,
        用药: null,
        是否吸烟: null,
        备注: null,
        状态: '填写中',
      },
      {
        名称: '乙',
        表单: 'ffx_visit',
        表单版本: 2,
        随访日期: '2026-04-01',
        体重: 61.5,
        主要症状: '腹胀',
        症状: '腹胀',
        用药: '恩替卡韦 0.5mg 每日一次；阿司匹林 100mg 每日三次',
        是否吸烟: '否',
        备注: null,
        状态: '填写中',
      },
      {
        名称: '甲',
        表单: 'ffx_visit',
        表单版本: 1,
        随访日期: '2026-03-01',
        体重: null,
        主要症状: null,
        症状: '乏力,腹胀',
        用药: null,
        是否吸烟: '是',
        备注: '首次随访',
        状态: '填写中',
      },
    ]);
  });

  it('formValues=code writes the stored codes of option fields, through both export routes', async () => {
    const { rows } = await exported({ formValues: 'code' });
    const [, second, third] = rows;
    expect(second).toMatchObject({
      主要症状: '2',
      症状: '2',
      是否吸烟: '0',
      用药: '恩替卡韦 0.5mg qd；阿司匹林 100mg tid',
    });
    expect(third).toMatchObject({ 症状: '1,2', 是否吸烟: '1', 备注: '首次随访', 状态: '填写中' });

    const general = await t.call({
      method: 'POST',
      url: '/api/sys/export/generalExport',
      token,
      payload: { bizCode: CODE, param: { selections: ids[0], formValues: 'code' } },
    });
    expect(general.statusCode, general.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(general.rawPayload as unknown as ArrayBuffer);
    // Only a version-1 row: only version 1's fields.
    const ws = wb.worksheets[0];
    expect((ws.getRow(3).values as ExcelJS.CellValue[]).slice(1)).toEqual([
      '名称',
      '表单',
      '表单版本',
      '随访日期',
      '症状',
      '是否吸烟',
      '备注',
      '状态',
    ]);
    expect((ws.getRow(4).values as ExcelJS.CellValue[]).slice(1)).toEqual([
      '甲',
      'ffx_visit',
      1,
      '2026-03-01',
      '1,2',
      '1',
      '首次随访',
      '填写中',
    ]);
  });

  it('format=csv writes the same columns as CSV; bad options are refused', async () => {
    const res = await t.call({
      method: 'GET',
      url: `${API}/exportXls/${CODE}`,
      token,
      query: { selections: ids[1], format: 'csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      '名称,表单,表单版本,随访日期,体重,主要症状,症状,用药,是否吸烟,状态',
      '乙,ffx_visit,2,2026-04-01,61.5,腹胀,腹胀,恩替卡韦 0.5mg 每日一次；阿司匹林 100mg 每日三次,否,填写中',
    ]);
    for (const query of [{ formValues: 'label' }, { format: 'pdf' }] as Array<Record<string, string>>) {
      const bad = await t.call({ method: 'GET', url: `${API}/exportXls/${CODE}`, token, query });
      expect(bad.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});
