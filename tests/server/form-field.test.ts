import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/shared/ids.js';
import { formatDateTime } from '../../src/shared/time.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { multipartForm } from './multipart-form.js';
import { schemasWithFixture } from './track-fixtures.js';

const API = '/online/cgform/api';
const CODE = 'ffd_record';
/** The fixture module: entity ffd_record (formCode, formVersion, doc of type form; workflow locking 2) and file form ffd_visit v3. */
const formFieldSchemas = () => schemasWithFixture('tests/fixtures/schemas/form-field', 'form-field');

const VISIT = { visitDate: '2026-03-01', weight: 60, smoker: '0' };

// An entity field of type form: documents validated against the row's form version, stored as JSON,
// read back as objects, left out of lists, their fields in history; code and version fixed once stored.
describe.each(DIALECTS)('entity field of type form on $name', ({ url }) => {
  let t: TestApp;
  let token: string;
  const call = (method: 'POST' | 'PUT', payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.call({ method, url: `${API}/form/${CODE}`, token, payload, headers });
  const add = async (payload: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const res = await call('POST', payload, headers);
    expect(res.json(), res.body).toMatchObject({ success: true });
    return String(res.json().result);
  };
  const read = async (id: string, headers: Record<string, string> = {}) =>
    (await t.call({ method: 'GET', url: `${API}/form/${CODE}/${id}`, token, headers })).json();

  beforeAll(async () => {
    t = await createTestApp(url, {}, { schemasDir: formFieldSchemas() });
    token = await t.login('admin');
    // Tenant 1's stored form ffd_db, published twice; tenant 2 has none.
    const definition = (title: string) =>
      JSON.stringify({
        $schema: '../meta/form.schema.json',
        code: 'ffd_db',
        title,
        schema: { type: 'object', properties: { score: { type: 'number', title: '评分', required: true, 'x-component': 'NumberPicker' } } },
      });
    for (const version of [1, 2])
      await t.ctx.db.kysely
        .insertInto('sysForm')
        .values({
          id: newId(),
          tenantId: 1,
          code: 'ffd_db',
          version,
          status: 'published',
          title: `评分表${version}`,
          definition: definition(`评分表${version}`),
          createBy: 'admin',
          createTime: formatDateTime(),
          updateBy: null,
          updateTime: null,
          publishBy: 'admin',
          publishTime: formatDateTime(),
        })
        .execute();
  });
  afterAll(async () => t?.close());

  it('add fills the newest version, stores the cleaned document and reads it back as an object', async () => {
    const id = await add({ name: '甲', formCode: 'ffd_visit', doc: { ...VISIT, weight: '61.5', extra: 'x' } });
    const row = (await read(id)).result;
    expect(row.formVersion).toBe(3);
    expect(row.doc).toEqual({ visitDate: '2026-03-01', weight: 61.5, smoker: '0' });
    // Stored as canonical JSON text (keys sorted).
    const stored = await t.ctx.db.kysely
      .withoutPlugins()
      .selectFrom(CODE as never)
      .select('doc' as never)
      .where('id' as never, '=', id as never)
      .executeTakeFirstOrThrow();
    expect((stored as { doc: string }).doc).toBe('{"smoker":"0","visitDate":"2026-03-01","weight":61.5}');
  });

  it('refuses an invalid document with the form’s messages', async () => {
    const res = await call('POST', { name: '乙', formCode: 'ffd_visit', doc: { weight: 400 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('随访内容：随访日期：该字段是必填字段；体重：体重应在1-300之间');
    const missing = await call('POST', { name: '乙', formCode: 'no_such_form', doc: VISIT });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('表单不存在');
    const noCode = await call('POST', { name: '乙', doc: VISIT });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toBe('随访内容：未指定表单');
  });

  it('drops a field its linkage hides and requires one its linkage shows', async () => {
    const id = await add({ name: '丙', formCode: 'ffd_visit', doc: { ...VISIT, smoker: '0', packs: 2 } });
    expect((await read(id)).result.doc).not.toHaveProperty('packs');
    const res = await call('POST', { name: '丙', formCode: 'ffd_visit', doc: { ...VISIT, smoker: '1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('随访内容：每日包数：该字段是必填字段');
    const kept = await add({ name: '丙', formCode: 'ffd_visit', doc: { ...VISIT, smoker: '1', packs: 2 } });
    expect((await read(kept)).result.doc).toMatchObject({ packs: 2 });
  });

  it('checks each child-table row', async () => {
    const res = await call('POST', { name: '丁', formCode: 'ffd_visit', doc: { ...VISIT, drugs: [{ drug: '二甲双胍' }, {}] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('随访内容：用药第2行·药名：该字段是必填字段');
  });

  it('lists leave the document out; columns and query fields skip it', async () => {
    await add({ name: '戊', formCode: 'ffd_visit', doc: VISIT });
    const list = (await t.call({ method: 'GET', url: `${API}/getData/${CODE}`, token, query: { name: '戊' } })).json();
    expect(list.result.records).toHaveLength(1);
    expect(list.result.records[0]).not.toHaveProperty('doc');
    expect(list.result.records[0]).toMatchObject({ formCode: 'ffd_visit', formVersion: 3 });
    const columns = (await t.call({ method: 'GET', url: `${API}/getColumns/${CODE}`, token })).json();
    expect(columns.result.columns.map((c: { dataIndex: string }) => c.dataIndex)).not.toContain('doc');
    const page = (
      await t.call({ method: 'GET', url: '/sys/schema/page', token, query: { component: 'OnlineList', code: CODE } })
    ).json().result;
    expect(page.columns.map((c: { dataIndex: string }) => c.dataIndex)).toEqual(['name', 'formCode', 'formVersion', 'state']);
    expect(JSON.stringify(page.toolbar?.superQuery ?? {})).not.toContain('"doc"');
    // The form and the detail show the stored form itself.
    expect(page.form.schema.properties.doc).toMatchObject({
      type: 'object',
      'x-component': 'JFormDocument',
      'x-component-props': { codeField: 'formCode', versionField: 'formVersion' },
    });
    expect(page.detail.fields.find((f: { name: string }) => f.name === 'doc')).toMatchObject({
      form: { codeField: 'formCode', versionField: 'formVersion' },
    });
  });

  it('an edit keeps the version, refuses another version or code, and history shows the changed document fields', async () => {
    const id = await add({ name: '己', formCode: 'ffd_visit', doc: VISIT });
    const edited = await call('PUT', { id, name: '己', formCode: 'ffd_visit', formVersion: 3, doc: { ...VISIT, weight: 70 } });
    expect(edited.json(), edited.body).toMatchObject({ success: true });
    expect((await read(id)).result).toMatchObject({ formVersion: 3, doc: { weight: 70 } });
    for (const change of [{ formVersion: 2 }, { formCode: 'ffd_db' }]) {
      const res = await call('PUT', { id, name: '己', formCode: 'ffd_visit', formVersion: 3, doc: VISIT, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toContain('已填写的表单不能更换表单或版本');
    }
    // An edit without the document leaves it as stored.
    await call('PUT', { id, name: '己二' });
    expect((await read(id)).result.doc).toMatchObject({ weight: 70 });

    const history = (
      await t.call({ method: 'GET', url: '/sys/changeLog/list', token, query: { table: CODE, recordId: id } })
    ).json();
    const edit = history.result.records.find((r: { action: string; items: Array<{ field: string }> }) =>
      r.action === 'edit' && r.items.some((i) => i.field.startsWith('doc.')),
    );
    expect(edit.items).toContainEqual({ field: 'doc.weight', title: '随访内容·体重', before: '60', after: '70' });
    expect(edit.items.map((i: { field: string }) => i.field)).not.toContain('doc');
  });

  it('a locked row refuses an edit of its document', async () => {
    const id = await add({ name: '庚', formCode: 'ffd_visit', doc: VISIT });
    const submitted = await t.call({ method: 'POST', url: `${API}/transition/${CODE}/submit`, token, payload: { id } });
    expect(submitted.json(), submitted.body).toMatchObject({ success: true });
    const res = await call('PUT', { id, name: '庚', formCode: 'ffd_visit', formVersion: 3, doc: { ...VISIT, weight: 80 } });
    expect(res.json().success).toBe(false);
    expect(res.json().message).toContain('已锁定');
    expect((await read(id)).result.doc).toMatchObject({ weight: 60 });
  });

  it('an import checks each row’s document against its form', async () => {
    const exported = await t.call({ method: 'GET', url: `${API}/exportXls/${CODE}`, token, query: { name: '甲' } });
    expect(exported.statusCode, exported.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    // The export writes one column per form field (form-export.test.ts); an import takes the document as JSON.
    const header = [...((ws.getRow(3).values as unknown[]).slice(1) as string[]), '随访内容'];
    ws.getRow(3).getCell(header.length).value = '随访内容';
    ws.spliceRows(4, ws.rowCount);
    const rows = [
      { 名称: '导入好', 表单: 'ffd_visit', 随访内容: JSON.stringify({ visitDate: '2026-04-01', weight: 50 }) },
      { 名称: '导入坏', 表单: 'ffd_visit', 随访内容: JSON.stringify({ weight: 50 }) },
    ];
    ws.spliceRows(4, 0, ...rows.map((r) => header.map((h) => (r as Record<string, unknown>)[h] ?? null)));
    const res = await t.call({
      method: 'POST',
      url: `${API}/importXls/${CODE}`,
      token,
      ...multipartForm([{ name: 'files[]', file: { name: '记录.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) } }]),
    });
    const body = res.json();
    expect(body, res.body).toMatchObject({ result: { successCount: 1, errorCount: 1 } });
    const report = await t.call({ method: 'GET', url: body.result.fileUrl, token });
    expect(report.body).toContain('随访日期：该字段是必填字段');
    const list = (await t.call({ method: 'GET', url: `${API}/getData/${CODE}`, token, query: { name: '导入好' } })).json();
    const [row] = list.result.records as Array<{ id: string }>;
    expect((await read(row.id)).result).toMatchObject({ formVersion: 3, doc: { visitDate: '2026-04-01', weight: 50 } });
  });

  it('a stored form is the tenant’s: its newest published version in tenant 1, unknown in tenant 2', async () => {
    const id = await add({ name: '辛', formCode: 'ffd_db', doc: { score: 5 } });
    expect((await read(id)).result).toMatchObject({ formVersion: 2, doc: { score: 5 } });
    const older = await add({ name: '辛', formCode: 'ffd_db', formVersion: 1, doc: { score: 4 } });
    expect((await read(older)).result.formVersion).toBe(1);
    const refused = await call('POST', { name: '辛', formCode: 'ffd_db', doc: {} });
    expect(refused.json().message).toBe('随访内容：评分：该字段是必填字段');
    const other = await call('POST', { name: '壬', formCode: 'ffd_db', doc: { score: 5 } }, { 'x-tenant-id': '2' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toContain('表单不存在');
    // The tenant-1 row does not exist for tenant 2.
    expect((await read(id, { 'x-tenant-id': '2' })).success).toBe(false);
  });
});
