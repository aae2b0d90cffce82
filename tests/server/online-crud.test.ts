import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerRows, equipmentRows } from '../../src/server/db/entity-seed-data.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { multipartForm } from './multipart-form.js';
import { unlockCustomers } from './unlocked-customers.js';

const API = '/online/cgform/api';
const tenant1Customers = customerRows().filter((r) => r.tenantId === 1);

interface Row {
  id: string;
  [k: string]: unknown;
}

/** An .xlsx with the export layout: title row, exporter row, header row, data. */
async function sheet(headers: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('客户');
  ws.addRow(['客户信息报表']);
  ws.addRow(['导出人:测试']);
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * A legacy Excel 97-2003 (.xls, BIFF8) workbook in the same layout, written by SheetJS. A cell given as
 * a number with a format is a date cell (the number is Excel's day serial).
 */
function legacySheet(headers: string[], rows: unknown[][]): Buffer {
  const ws = XLSX.utils.aoa_to_sheet([['客户信息报表'], ['导出人:测试'], headers, ...rows]);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, '客户');
  return XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

async function readXlsx(content: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(content as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe.each(DIALECTS)('online entity API on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let wangfang: string;
  let lina: string;
  let zhangwei: string;
  let liuyang: string;

  const list = async (
    token: string,
    query: Record<string, string> = {},
    code = 'erp_customer',
    headers: Record<string, string> = {},
  ) =>
    t.call({
      method: 'GET',
      url: `${API}/getData/${code}`,
      token,
      query: { pageSize: '100', ...query },
      headers,
    });
  const records = async (token: string, query: Record<string, string> = {}, code = 'erp_customer') => {
    const res = await list(token, query, code);
    expect(res.json()).toMatchObject({ success: true, code: 200 });
    return res.json().result.records as Row[];
  };
  const count = async (code: string) =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from ${sql.table(code)}`.execute(t.ctx.db.kysely))
        .rows[0].n,
    );

  beforeAll(async () => {
    t = await createTestApp(url);
    [admin, wangfang, lina, zhangwei, liuyang] = await Promise.all(
      ['admin', 'wangfang', 'lina', 'zhangwei', 'liuyang'].map((u) => t.login(u)),
    );
  });
  afterAll(async () => t?.close());

  describe('lists', () => {
    it('pages the seeded rows of the caller tenant with dictionary text', async () => {
      const res = await list(admin, { pageNo: '2', pageSize: '10' });
      const body = res.json();
      expect(body.result).toMatchObject({ total: tenant1Customers.length, size: 10, current: 2, pages: 3 });
      expect(body.result.records).toHaveLength(10);
      const first = (await records(admin, { customerNo: 'KH001001' }))[0];
      expect(first).toMatchObject({
        name: '江南市第一人民医院',
        level: 'A',
        level_dictText: '重点客户',
        customerType_dictText: '医院',
      });
      expect(first.sysOrgCode_dictText).toBe('采购与订单部');
      // Default sort: newest first.
      const times = body.result.records.map((r: Row) => r.createTime as string);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it('applies the query rules: like, in, not-equal, ranges and comparison operators', async () => {
      const like = await records(admin, { name: '*医院*' });
      expect(like.map((r) => r.name).sort()).toEqual(
        tenant1Customers
          .filter((r) => r.name.includes('医院'))
          .map((r) => r.name)
          .sort(),
      );
      const inList = await records(admin, { customerType: '3,4' });
      expect(inList).toHaveLength(tenant1Customers.filter((r) => ['3', '4'].includes(r.customerType)).length);
      const ne = await records(admin, { level: '!A' });
      expect(ne.every((r) => r.level !== 'A')).toBe(true);
      expect(ne).toHaveLength(tenant1Customers.filter((r) => r.level !== 'A').length);
      const range = await records(admin, { creditLimit_begin: '100000', creditLimit_end: '310000' });
      expect(range.map((r) => r.customerNo).sort()).toEqual(
        tenant1Customers
          .filter((r) => r.creditLimit >= 100000 && r.creditLimit <= 310000)
          .map((r) => r.customerNo)
          .sort(),
      );
      const ge = await records(admin, { creditLimit: '>= 800000' });
      expect(ge).toHaveLength(tenant1Customers.filter((r) => r.creditLimit >= 800000).length);
      const starts = await records(admin, { customerNo: 'KH00102*' });
      expect(starts.map((r) => r.customerNo).sort()).toEqual([
        'KH001020',
        'KH001021',
        'KH001022',
        'KH001023',
        'KH001024',
        'KH001025',
        'KH001026',
      ]);
    });

    it('sorts only on entity fields, ascending or descending', async () => {
      const asc = await records(admin, { column: 'creditLimit', order: 'asc' });
      const limits = asc.map((r) => r.creditLimit as number);
      expect(limits).toEqual([...limits].sort((a, b) => a - b));
      const byText = await records(admin, { column: 'level_dictText', order: 'desc' });
      expect(byText[0].level).toBe('C');
    });

    it('applies the advanced query, encoded once or twice, with and/or', async () => {
      const conditions = [
        { field: 'level', rule: 'eq', val: 'A' },
        { field: 'customerType', rule: 'in', val: '1,2' },
      ];
      const once = encodeURIComponent(JSON.stringify(conditions));
      const and = await records(admin, { superQueryParams: once, superQueryMatchType: 'and' });
      expect(and.map((r) => r.customerNo).sort()).toEqual(
        tenant1Customers
          .filter((r) => r.level === 'A' && ['1', '2'].includes(r.customerType))
          .map((r) => r.customerNo)
          .sort(),
      );
      const or = await records(admin, {
        superQueryParams: encodeURIComponent(once),
        superQueryMatchType: 'or',
      });
      expect(or).toHaveLength(
        tenant1Customers.filter((r) => r.level === 'A' || ['1', '2'].includes(r.customerType)).length,
      );
    });

    it('refuses sort and advanced-query injection with 400 and returns no rows (SQL-05, SQL-06)', async () => {
      const attacks: Array<Record<string, string>> = [
        { column: 'extractvalue(1,concat(0x7e,user()))' },
        { column: 'create_time' },
        { superQueryParams: JSON.stringify([{ field: 'id) or (1=1', rule: 'eq', val: '1' }]) },
        { superQueryParams: JSON.stringify([{ field: 'name', rule: 'eq) or (1=1', val: '1' }]) },
        {
          superQueryParams: JSON.stringify([{ field: 'name', rule: 'eq', val: 'x' }]),
          superQueryMatchType: 'or 1=1',
        },
        { superQueryParams: JSON.stringify([{ field: 'tenantId', rule: 'eq', val: '2' }]) },
      ];
      for (const query of attacks) {
        const res = await list(admin, query);
        expect(res.statusCode, JSON.stringify(query)).toBe(400);
        expect(res.json().success).toBe(false);
        expect(res.json().result).toBeNull();
      }
      const sortBody = (await list(admin, { column: 'extractvalue(1,concat(0x7e,user()))' })).json();
      expect(sortBody.message).toContain('请注意，将要排序的列字段不存在');
      // The direction is strictly asc or desc (SQL-05): anything else is refused.
      const odd = await list(admin, {
        column: 'creditLimit',
        order: 'desc,(case when 1=1 then id else name end)',
      });
      expect(odd.statusCode).toBe(400);
      expect(odd.json()).toMatchObject({
        success: false,
        message: '参数 order 只能是 asc 或 desc',
        result: null,
      });
      // A literal value with SQL in it is only ever a bound value.
      expect(await records(admin, { name: "' or '1'='1" })).toEqual([]);
    });

    it('limits rows to the department subtree, and an "or" advanced query cannot widen it (AC-04/06)', async () => {
      const mine = await records(wangfang);
      const expected = tenant1Customers.filter((r) => r.sysOrgCode.startsWith('A01A01'));
      expect(mine.map((r) => r.customerNo).sort()).toEqual(expected.map((r) => r.customerNo).sort());
      const widened = await records(wangfang, {
        superQueryParams: JSON.stringify([
          { field: 'name', rule: 'like', val: '医' },
          { field: 'level', rule: 'ne', val: 'zzz' },
        ]),
        superQueryMatchType: 'or',
      });
      expect(widened.every((r) => String(r.sysOrgCode).startsWith('A01A01'))).toBe(true);
      expect(widened.length).toBeLessThanOrEqual(expected.length);
    });

    it('shows another tenant only through a tenant the session holds, and refuses a foreign one (TOK-07)', async () => {
      const other = (await list(admin, {}, 'erp_customer', { 'x-tenant-id': '2' })).json();
      expect(other.result.total).toBe(customerRows().filter((r) => r.tenantId === 2).length);
      expect(other.result.records.every((r: Row) => r.tenantId === 2)).toBe(true);
      const foreign = await list(wangfang, {}, 'erp_customer', { 'x-tenant-id': '2' });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().result).toBeNull();
    });

    it('answers 510 to a user without the entity read code and 401 without a token', async () => {
      const res = await list(lina);
      expect(res.json()).toMatchObject({ success: false, code: 510 });
      expect(res.json().result).toBeNull();
      const anon = await t.call({ method: 'GET', url: `${API}/getData/erp_customer` });
      expect(anon.statusCode).toBe(401);
      // The doctor reads the equipment of his own department only.
      const equipment = (await list(zhangwei, {}, 'erp_equipment')).json();
      expect(equipment.success).toBe(true);
      const own = equipmentRows().filter((r) => r.sysOrgCode.startsWith('A01A01A01'));
      expect(equipment.result.total).toBe(own.length);
      expect(equipment.result.records[0].responsible_dictText).toBe('张伟');
    });

    it('refuses path tricks without leaking data (AUTH-01/02)', async () => {
      for (const path of [
        `${API}/getData/erp_customer.js`,
        `${API}/getData/erp_customer;.js`,
        `${API}/getData/%2e%2e/erp_customer`,
        `${API}//getData/erp_customer`,
        `${API}/getData/ERP_CUSTOMER`,
      ]) {
        const res = await t.call({ method: 'GET', url: path });
        expect([400, 401, 404], path).toContain(res.statusCode);
        expect(res.body).not.toContain('KH0010');
      }
    });

    it('describes the columns and the query form', async () => {
      const cols = (
        await t.call({ method: 'GET', url: `${API}/getColumns/erp_customer`, token: admin })
      ).json().result;
      expect(cols).toMatchObject({ code: 'erp_customer', description: '客户信息' });
      expect(cols.columns.map((c: { dataIndex: string }) => c.dataIndex)).not.toContain('remark');
      expect(cols.columns.find((c: { dataIndex: string }) => c.dataIndex === 'level')).toMatchObject({
        title: '客户等级',
        customRender: 'level',
      });
      expect(cols.dictOptions.level.map((o: { text: string }) => o.text)).toEqual([
        '重点客户',
        '普通客户',
        '潜在客户',
      ]);
      const query = (
        await t.call({ method: 'GET', url: `${API}/getQueryInfo/erp_customer`, token: admin })
      ).json().result;
      expect(query).toContainEqual(
        expect.objectContaining({
          field: 'creditLimit',
          label: '信用额度（元）',
          mode: 'group',
          view: 'number',
        }),
      );
      expect(query).toContainEqual(
        expect.objectContaining({
          field: 'level',
          view: 'list',
          dictCode: 'erp_customer_level',
          mode: 'single',
        }),
      );
      const noCode = await t.call({ method: 'GET', url: `${API}/getColumns/erp_customer`, token: lina });
      expect(noCode.json().code).toBe(510);
    });
  });

  describe('form', () => {
    const customer = (over: Record<string, unknown> = {}) => ({
      name: '测试客户医院',
      customerNo: 'KH900001',
      customerType: '1',
      contact: '测试人',
      phone: '13800000001',
      creditLimit: '12345.5',
      ...over,
    });

    it('adds a record with the session scope and defaults, ignoring audit, id and scope fields in the body', async () => {
      const res = await t.call({
        method: 'POST',
        url: `${API}/form/erp_customer`,
        token: wangfang,
        payload: customer({
          id: 'forged',
          tenantId: 2,
          sysOrgCode: 'A02',
          createBy: 'hacker',
          remark: '${7*7} <#assign x=1> =1+1',
        }),
      });
      expect(res.json()).toMatchObject({ success: true, code: 200, message: '添加成功！' });
      const id = res.json().result as string;
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      const row = (
        await t.call({ method: 'GET', url: `${API}/form/erp_customer/${id}`, token: wangfang })
      ).json().result;
      expect(row).toMatchObject({
        id,
        tenantId: 1,
        sysOrgCode: 'A01A01',
        createBy: 'wangfang',
        level: 'C',
        status: '1',
        creditLimit: 12345.5,
        remark: '${7*7} <#assign x=1> =1+1',
      });
    });

    it('refuses values against the entity rules with 400 naming each field', async () => {
      const missing = await t.call({
        method: 'POST',
        url: `${API}/form/erp_customer`,
        token: admin,
        payload: customer({ name: '', customerNo: 'KH900002' }),
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('客户名称：该字段是必填字段');
      const bad = await t.call({
        method: 'POST',
        url: `${API}/form/erp_customer`,
        token: admin,
        payload: customer({ customerNo: 'X1', phone: '12345', creditLimit: '-5', level: 'x'.repeat(20) }),
      });
      expect(bad.statusCode).toBe(400);
      const msg = bad.json().message as string;
      expect(msg).toContain('客户编号：客户编号应为 KH 加 4-8 位数字');
      expect(msg).toContain('联系电话：请输入正确的手机号码');
      expect(msg).toContain('信用额度（元）：不能小于0');
      expect(msg).toContain('客户等级：最大长度10位字符');
      // An object is a form document's shape: for any other field it is refused, never stored as JSON text.
      const object = await t.call({
        method: 'POST',
        url: `${API}/form/erp_customer`,
        token: admin,
        payload: customer({ customerNo: 'KH900003', name: { $ne: '' } }),
      });
      expect(object.statusCode).toBe(400);
      expect(object.json().message).toBe('客户名称：格式不正确');
      const dup = await t.call({
        method: 'POST',
        url: `${API}/form/erp_customer`,
        token: admin,
        payload: customer(),
      });
      expect(dup.json()).toMatchObject({
        success: false,
        code: 500,
        message: '客户编号：该值不可用，系统中已存在！',
      });
    });

    it('answers 510 for add without the code', async () => {
      const res = await t.call({
        method: 'POST',
        url: `${API}/form/erp_equipment`,
        token: zhangwei,
        payload: { name: 'x', serialNo: 'Y1' },
      });
      expect(res.json()).toMatchObject({ success: false, code: 510 });
      expect(await count('erp_equipment')).toBe(equipmentRows().length);
    });

    it('edits inside the scope only; outside it the row does not exist and stays unchanged (AC-04)', async () => {
      const inside = tenant1Customers.find((r) => r.sysOrgCode === 'A01A01') as { id: string };
      const outside = tenant1Customers.find((r) => r.sysOrgCode === 'A01A03A02') as {
        id: string;
        name: string;
      };
      await unlockCustomers(t, [inside.id, outside.id]);
      const ok = await t.call({
        method: 'PUT',
        url: `${API}/form/erp_customer`,
        token: wangfang,
        payload: { id: inside.id, name: '已改名医院', tenantId: 2 },
      });
      expect(ok.json()).toMatchObject({ success: true, message: '编辑成功!' });
      const row = (
        await t.call({ method: 'GET', url: `${API}/form/erp_customer/${inside.id}`, token: wangfang })
      ).json().result;
      expect(row).toMatchObject({ name: '已改名医院', updateBy: 'wangfang', tenantId: 1 });
      expect(row.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

      const denied = await t.call({
        method: 'PUT',
        url: `${API}/form/erp_customer`,
        token: wangfang,
        payload: { id: outside.id, name: '越权修改' },
      });
      expect(denied.json()).toMatchObject({ success: false, message: '未找到对应数据' });
      const read = await t.call({
        method: 'GET',
        url: `${API}/form/erp_customer/${outside.id}`,
        token: wangfang,
      });
      expect(read.json()).toMatchObject({ success: false, result: null });
      const stored = (
        await t.call({ method: 'GET', url: `${API}/form/erp_customer/${outside.id}`, token: admin })
      ).json().result;
      expect(stored.name).toBe(outside.name);

      const cleared = await t.call({
        method: 'PUT',
        url: `${API}/form/erp_customer`,
        token: admin,
        payload: { id: outside.id, name: null },
      });
      expect(cleared.statusCode).toBe(400);
      expect(cleared.json().message).toBe('客户名称：该字段是必填字段');
    });

    it('deletes one row, a batch only with the batch code, never across tenants or with injected ids', async () => {
      const [a, b, c] = tenant1Customers.slice(10, 13);
      const foreign = customerRows().find((r) => r.tenantId === 2) as { id: string };
      await unlockCustomers(t, [a.id, b.id, c.id, foreign.id]);
      const del = (token: string, ids: string) =>
        t.call({ method: 'DELETE', url: `${API}/form/erp_customer/${ids}`, token });

      expect((await del(wangfang, a.id)).json().code).toBe(510);
      const crossTenant = await del(admin, `${b.id},${foreign.id}`);
      expect(crossTenant.json()).toMatchObject({ success: false, message: '未找到对应数据' });
      const injected = await del(admin, `${b.id}') or ('1'='1`);
      expect(injected.statusCode).toBe(400);
      expect(await count('erp_customer')).toBeGreaterThanOrEqual(customerRows().length);

      expect((await del(liuyang, a.id)).json()).toMatchObject({ success: true, message: '删除成功!' });
      expect((await del(liuyang, `${b.id},${c.id}`)).json()).toMatchObject({
        success: true,
        message: '批量删除成功!',
      });
      const gone = await t.call({ method: 'GET', url: `${API}/form/erp_customer/${b.id}`, token: admin });
      expect(gone.json().success).toBe(false);
      const still = (
        await t.call({
          method: 'GET',
          url: `${API}/form/erp_customer/${foreign.id}`,
          token: admin,
          headers: { 'x-tenant-id': '2' },
        })
      ).json();
      expect(still.success).toBe(true);
    });
  });

  describe('excel', () => {
    it('exports the current query as a real workbook with Chinese headers and dictionary text', async () => {
      const res = await t.call({
        method: 'GET',
        url: `${API}/exportXls/erp_customer`,
        token: admin,
        query: { level: 'A', column: 'customerNo', order: 'asc' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
      expect(String(res.headers['content-disposition'])).toContain('attachment');
      const rows = await readXlsx(res.rawPayload);
      expect(rows[0][0]).toBe('客户信息报表');
      expect(rows[1][0]).toBe('导出人:管理员');
      expect(rows[2]).toEqual([
        '客户名称',
        '客户编号',
        '客户类型',
        '客户等级',
        '联系人',
        '联系电话',
        '所在地区',
        '信用额度（元）',
        '合作状态',
        '审核状态',
      ]);
      const listed = await records(admin, { level: 'A', column: 'customerNo', order: 'asc' });
      const data = rows.slice(3);
      expect(data).toHaveLength(listed.length);
      expect(data.map((r) => r[1])).toEqual(listed.map((r) => r.customerNo));
      expect(data.every((r) => r[3] === '重点客户')).toBe(true);
      expect(data[0][2]).toBe(listed[0].customerType_dictText);
    });

    it('exports exactly the selected rows inside the scope, and refuses without the export code', async () => {
      const [a, b] = tenant1Customers.filter((r) => r.sysOrgCode === 'A01A01');
      const outside = tenant1Customers.find((r) => r.sysOrgCode === 'A01A03A02') as {
        id: string;
        name: string;
      };
      const res = await t.call({
        method: 'GET',
        url: `${API}/exportXls/erp_customer`,
        token: wangfang,
        query: { selections: `${a.id},${b.id},${outside.id}` },
      });
      const data = (await readXlsx(res.rawPayload)).slice(3);
      expect(data.map((r) => r[1]).sort()).toEqual([a.customerNo, b.customerNo].sort());
      const denied = await t.call({ method: 'GET', url: `${API}/exportXls/erp_customer`, token: lina });
      expect(denied.json().code).toBe(510);
    });

    it('exports through generalExport by bizCode, checking that code', async () => {
      const res = await t.call({
        method: 'POST',
        url: '/api/sys/export/generalExport',
        token: admin,
        payload: { bizCode: 'erp_equipment', param: { status: '2' } },
      });
      expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
      const rows = await readXlsx(res.rawPayload);
      expect(rows[0][0]).toBe('设备台账报表');
      expect(rows.slice(3).every((r) => r.includes('维修中'))).toBe(true);
      expect(rows.slice(3)).toHaveLength(
        equipmentRows().filter((r) => r.status === '2' && r.tenantId === 1).length,
      );
      const users = await t.call({
        method: 'POST',
        url: '/api/sys/export/generalExport',
        token: admin,
        payload: { bizCode: 'sys_user', param: '{"username":"zhangwei"}' },
      });
      const userRows = await readXlsx(users.rawPayload);
      expect(userRows[0][0]).toBe('用户信息报表');
      expect(userRows.slice(3)).toHaveLength(1);
      expect(userRows[3]).toContain('张伟');
      const unknown = await t.call({
        method: 'POST',
        url: '/api/sys/export/generalExport',
        token: admin,
        payload: { bizCode: 'sys_role', param: {} },
      });
      expect(unknown.statusCode).toBe(400);
      const denied = await t.call({
        method: 'POST',
        url: '/api/sys/export/generalExport',
        token: lina,
        payload: { bizCode: 'erp_customer', param: {} },
      });
      expect(denied.json().code).toBe(510);
    });

    const importFile = (
      token: string,
      content: Buffer,
      name = 'customers.xlsx',
      validateStatus = '1',
      code = 'erp_customer',
    ) =>
      t.call({
        method: 'POST',
        url: `${API}/importXls/${code}`,
        token,
        ...multipartForm([
          { name: 'validateStatus', value: validateStatus },
          { name: 'files[]', file: { name, content } },
        ]),
      });
    const HEADERS = ['客户名称', '客户编号', '客户类型', '客户等级', '联系电话', '信用额度（元）'];

    it('imports a valid sheet with dictionary text converted to values', async () => {
      const file = await sheet(HEADERS, [
        ['导入医院甲', 'KH800001', '医院', '重点客户', '13900000001', 1000],
        ['导入诊所乙', 'KH800002', '诊所', 'B', '13900000002', '2000.5'],
      ]);
      const res = await importFile(liuyang, file);
      expect(res.json()).toMatchObject({ success: true, code: 200, message: '文件导入成功！数据行数：2' });
      const rows = await records(liuyang, { customerNo: 'KH80000*', column: 'customerNo', order: 'asc' });
      expect(rows.map((r) => [r.name, r.customerType, r.level, r.creditLimit, r.createBy])).toEqual([
        ['导入医院甲', '1', 'A', 1000, 'liuyang'],
        ['导入诊所乙', '2', 'B', 2000.5, 'liuyang'],
      ]);
    });

    it('imports the good rows of a sheet with a bad one and gives only the importer its error report', async () => {
      const file = await sheet(HEADERS, [
        ['导入医院丙', 'KH800003', '医院', '重点客户', '13900000003', 10],
        ['', 'KH800004', '医院', '重点客户', '13900000004', 10],
        ['导入药店丁', 'KH800005', '宠物店', '重点客户', '1234', 10],
        ['导入药店戊', 'KH800001', '药店', '普通客户', '13900000006', 10],
      ]);
      const res = await importFile(liuyang, file);
      const body = res.json();
      expect(body).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
      expect(body.result).toMatchObject({
        totalCount: 4,
        errorCount: 3,
        successCount: 1,
        msg: '总上传行数：4，已导入行数：1，错误行数：3',
      });
      expect(await records(liuyang, { customerNo: 'KH800003' })).toHaveLength(1);
      expect(await records(liuyang, { customerNo: 'KH800004,KH800005' })).toHaveLength(0);

      const report = await t.call({ method: 'GET', url: body.result.fileUrl, token: liuyang });
      expect(report.statusCode).toBe(200);
      expect(String(report.headers['content-disposition'])).toContain('attachment');
      expect(report.body).toContain('第 5 行：客户名称：该字段是必填字段');
      expect(report.body).toContain('第 6 行：客户类型：字典中没有“宠物店”');
      expect(report.body).toContain('联系电话：请输入正确的手机号码');
      expect(report.body).toContain('第 7 行：客户编号：“KH800001”已存在');
      const other = await t.call({ method: 'GET', url: body.result.fileUrl, token: admin });
      expect(other.statusCode).toBe(404);
      expect(other.body).not.toContain('第 5 行');
      const traversal = await t.call({
        method: 'GET',
        url: '/sys/excel/importError/..%2f..%2fconsole.sqlite',
        token: liuyang,
      });
      expect([400, 404]).toContain(traversal.statusCode);
    });

    it('imports nothing from a file whose insert fails part-way (one transaction per file)', async () => {
      // A database rule the definition does not know about makes the 101st insert fail.
      await sql`create unique index tmp_email_unique on erp_customer (email)`.execute(t.ctx.db.kysely);
      try {
        const rows = Array.from({ length: 120 }, (_, i) => [
          '批量客户',
          `KH7${String(i).padStart(5, '0')}`,
          '医院',
          '重点客户',
          '13900000009',
          i,
          `u${i === 110 ? 5 : i}@batch.cn`,
        ]);
        const before = await count('erp_customer');
        const res = await importFile(liuyang, await sheet([...HEADERS, '电子邮件'], rows));
        expect(res.json()).toMatchObject({
          success: false,
          code: 500,
          message: '文件导入失败:数据保存失败，请检查数据后重试',
        });
        expect(await count('erp_customer')).toBe(before);
      } finally {
        await sql`drop index tmp_email_unique`.execute(t.ctx.db.kysely);
      }
    });

    it('imports legacy Excel 97-2003 (.xls) sheets through the same validation and error report', async () => {
      const file = legacySheet(HEADERS, [
        ['旧版医院甲', 'KH810001', '医院', '重点客户', '13900000011', 1500],
        ['旧版药店乙', 'KH810002', '宠物店', '普通客户', '13900000012', '20.5'],
      ]);
      expect(file.subarray(0, 4)).toEqual(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));
      const res = await importFile(liuyang, file, '客户导入.xls');
      const body = res.json();
      expect(body).toMatchObject({ code: 201, result: { totalCount: 2, successCount: 1, errorCount: 1 } });
      const report = (await t.call({ method: 'GET', url: body.result.fileUrl, token: liuyang })).body;
      expect(report).toContain('第 5 行：客户类型：字典中没有“宠物店”');
      const rows = await records(liuyang, { customerNo: 'KH81000*' });
      expect(rows.map((r) => [r.name, r.customerType, r.level, r.creditLimit])).toEqual([
        ['旧版医院甲', '1', 'A', 1500],
      ]);

      // Date cells (a day serial with a date format) arrive as the shown date.
      const equipment = legacySheet(
        ['设备名称', '设备序列号', '设备状态', '购置日期'],
        [['旧版监护仪', 'SN-XLS-0001', '在用', { t: 'n', v: 45366, z: 'yyyy-mm-dd' }]],
      );
      const eq = await importFile(liuyang, equipment, '设备.xls', '1', 'erp_equipment');
      expect(eq.json()).toMatchObject({ code: 200, message: '文件导入成功！数据行数：1' });
      const saved = await records(liuyang, { serialNo: 'SN-XLS-0001' }, 'erp_equipment');
      expect(saved[0]).toMatchObject({ name: '旧版监护仪', status: '1', purchaseDate: '2024-03-15' });
    });

    it('refuses unreadable files, oversized sheets and sheets without a header, importing nothing', async () => {
      const before = await count('erp_customer');
      const ole = Buffer.concat([
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        Buffer.alloc(512),
      ]);
      const broken = (await importFile(liuyang, ole, 'old.xls')).json();
      expect(broken).toMatchObject({ success: false, code: 500 });
      expect(broken.message).toBe('文件导入失败:无法读取文件，请上传 Excel (.xls 或 .xlsx) 文件');
      const html = (
        await importFile(liuyang, Buffer.from('<table><tr><td>客户名称</td></tr></table>'), 'a.xls')
      ).json();
      expect(html.message).toBe('文件导入失败:无法读取文件，请上传 Excel (.xls 或 .xlsx) 文件');
      const big = legacySheet(
        HEADERS,
        Array.from({ length: 5001 }, (_, i) => ['大文件', `KH9${String(i).padStart(5, '0')}`]),
      );
      expect((await importFile(liuyang, big, 'big.xls')).json().message).toBe(
        '文件导入失败:单个文件最多导入 5000 行数据',
      );
      const junk = (await importFile(liuyang, Buffer.from('not a zip'), 'x.xlsx')).json();
      expect(junk.message).toBe('文件导入失败:无法读取文件，请上传 Excel (.xls 或 .xlsx) 文件');
      const noHeader = (await importFile(liuyang, await sheet(['甲', '乙'], [['1', '2']]))).json();
      expect(noHeader.message).toContain('文件导入失败:没有找到表头');
      const denied = await importFile(
        wangfang,
        await sheet(HEADERS, [['x', 'KH800099', '医院', 'A', '13900000001', 1]]),
      );
      expect(denied.json().code).toBe(510);
      expect(await count('erp_customer')).toBe(before);
    });

    it('without validation imports what the columns can store, but never an unknown dictionary value', async () => {
      const file = await sheet(HEADERS, [
        ['', 'free-no-1', '药店', 'C', '123', 1],
        ['宠物店甲', 'free-no-2', '宠物店', 'C', '13900000001', 1],
      ]);
      const res = await importFile(liuyang, file, 'loose.xlsx', '0');
      expect(res.json().result).toMatchObject({ totalCount: 2, successCount: 1, errorCount: 1 });
      // The administrator holds sensitive:phone; liuyang sees the phone masked (issue 11 §6).
      const row = (await records(admin, { customerNo: 'free-no-1' }))[0];
      expect(row).toMatchObject({ name: null, customerType: '3', phone: '123' });
      expect(await records(admin, { customerNo: 'free-no-2' })).toHaveLength(0);
      expect((await records(liuyang, { customerNo: 'free-no-1' }))[0].phone).toBe('1**');
    });

    it('exports users with dictionary text and no password column', async () => {
      const res = await t.call({
        method: 'GET',
        url: '/sys/user/exportXls',
        token: admin,
        query: { username: 'lina' },
      });
      const rows = await readXlsx(res.rawPayload);
      expect(rows[2]).toContain('登录账号');
      expect(rows.flat().join('|')).not.toMatch(/argon2|password/i);
      expect(rows[3].slice(0, 3)).toEqual(['lina', '李娜', '女']);
      expect((await t.call({ method: 'GET', url: '/sys/user/exportXls', token: lina })).json().code).toBe(
        510,
      );
    });

    it('imports users without a usable password, in the importer scope and tenant', async () => {
      const file = await sheet(
        ['登录账号', '用户姓名', '性别', '手机号码', '所属部门编码'],
        [
          ['import_user1', '导入用户一', '男', '13700000001', 'A01A01A03'],
          ['import_user2', '导入用户二', '女', '', ''],
          ['admin', '重名用户', '男', '', ''],
          ['import_user3', '手机号错误', '男', '123', ''],
          ['import_user4', '部门不存在', '男', '', 'Z99'],
        ],
      );
      const res = await t.call({
        method: 'POST',
        url: '/sys/user/importExcel',
        token: admin,
        ...multipartForm([{ name: 'file', file: { name: 'users.xlsx', content: file } }]),
      });
      const body = res.json();
      expect(body).toMatchObject({ code: 201, result: { totalCount: 5, successCount: 2, errorCount: 3 } });
      const report = (await t.call({ method: 'GET', url: body.result.fileUrl, token: admin })).body;
      expect(report).toContain('第 6 行：登录账号：“admin”已存在');
      expect(report).toContain('第 7 行：手机号码：请输入正确手机号');
      expect(report).toContain('第 8 行：所属部门编码：部门“Z99”不存在或不在您的管理范围内');
      const users = (
        await t.call({
          method: 'GET',
          url: '/sys/user/list',
          token: admin,
          query: { username: 'import_user*' },
        })
      ).json().result.records;
      expect(users.map((u: { username: string }) => u.username).sort()).toEqual([
        'import_user1',
        'import_user2',
      ]);
      expect(users.find((u: { username: string }) => u.username === 'import_user1')).toMatchObject({
        orgCode: 'A01A01A03',
        sex: 1,
        phone: '13700000001',
      });
      const legacy = await t.call({
        method: 'POST',
        url: '/sys/user/importExcel',
        token: admin,
        ...multipartForm([
          {
            name: 'file',
            file: {
              name: 'users.xls',
              content: legacySheet(['登录账号', '用户姓名', '性别'], [['import_user5', '旧版用户', '女']]),
            },
          },
        ]),
      });
      expect(legacy.json()).toMatchObject({ code: 200, message: '文件导入成功！数据行数：1' });
      const legacyUser = (
        await t.call({
          method: 'GET',
          url: '/sys/user/list',
          token: admin,
          query: { username: 'import_user5' },
        })
      ).json().result.records[0];
      expect(legacyUser).toMatchObject({ realname: '旧版用户', sex: 2 });
      const login = await t.call({
        method: 'POST',
        url: '/sys/login',
        payload: { username: 'import_user1', password: '!imported-reset-required' },
      });
      expect(login.json().success).toBe(false);
      const denied = await t.call({
        method: 'POST',
        url: '/sys/user/importExcel',
        token: lina,
        ...multipartForm([{ name: 'file', file: { name: 'u.xlsx', content: file } }]),
      });
      expect(denied.json().code).toBe(510);
    });
  });
});
