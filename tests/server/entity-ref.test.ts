import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipmentRows } from '../../src/server/db/entity-seed-data.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { multipartForm } from './multipart-form.js';

const API = '/online/cgform/api';
const OPTIONS = `${API}/refOptions/erp_repair_order/equipment`;
const EQUIPMENT = equipmentRows();
const inTenant1 = EQUIPMENT.filter((e) => e.tenantId === 1);
const nursing = EQUIPMENT.filter((e) => e.sysOrgCode.startsWith('A01A01A04'));
const cardiology = EQUIPMENT.find((e) => e.sysOrgCode === 'A01A01A01') as (typeof EQUIPMENT)[number];
const otherTenant = EQUIPMENT.find((e) => e.tenantId === 2) as (typeof EQUIPMENT)[number];
const countOf = (name: string) => inTenant1.filter((e) => e.name === name).length;
const unique = inTenant1.find((e) => countOf(e.name) === 1) as (typeof EQUIPMENT)[number];
const shared = inTenant1.find((e) => countOf(e.name) > 1) as (typeof EQUIPMENT)[number];

/** An .xlsx with the export layout: title row, exporter row, header row, data. */
async function sheet(headers: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('维修单');
  ws.addRow(['设备维修单']);
  ws.addRow(['导出人:测试']);
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// Issue 12 §1 (many-to-one) and §6 (refs exist and are in scope): erp_repair_order.equipment → erp_equipment.
describe.each(DIALECTS)('ref fields on $name', ({ url }) => {
  let t: TestApp;
  let liuyang: string; // platform operator: all of tenant 1
  let lina: string; // nurse of 护理部 (A01A01A04): her department's rows only

  const order = (equipment: unknown, over: Record<string, unknown> = {}) => ({
    equipment,
    reportDate: '2026-03-02',
    fault: '开机自检报错',
    status: '1',
    ...over,
  });
  const add = (token: string, payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: `${API}/form/erp_repair_order`, token, payload });
  const get = async (token: string, path: string) => {
    const res = await t.call({ method: 'GET', url: path, token });
    return { status: res.statusCode, body: res.json() };
  };
  const options = async (token: string, query = '') => (await get(token, `${OPTIONS}${query}`)).body;

  beforeAll(async () => {
    t = await createTestApp(url);
    liuyang = await t.login('liuyang');
    lina = await t.login('lina');
  });
  afterAll(async () => t?.close());

  it('shows the display text in the list, the detail and the export, and filters by the ref', async () => {
    const created = await add(liuyang, order(cardiology.id, { fault: '显示文本' }));
    expect(created.json()).toMatchObject({ success: true });
    const id = created.json().result as string;
    await add(liuyang, order(unique.id, { fault: '另一台设备' }));

    const list = (await get(liuyang, `${API}/getData/erp_repair_order?pageSize=50`)).body.result;
    const row = list.records.find((r: { id: string }) => r.id === id);
    expect(row).toMatchObject({ equipment: cardiology.id, equipment_dictText: cardiology.name });
    expect(list.records.every((r: { equipment_dictText: unknown }) => typeof r.equipment_dictText === 'string')).toBe(true);

    const detail = (await get(liuyang, `${API}/form/erp_repair_order/${id}`)).body.result;
    expect(detail).toMatchObject({ equipment: cardiology.id, equipment_dictText: cardiology.name });

    const filtered = (await get(liuyang, `${API}/getData/erp_repair_order?equipment=${cardiology.id}`)).body.result;
    expect(filtered.records.map((r: { id: string }) => r.id)).toEqual([id]);
    const sq = encodeURIComponent(JSON.stringify([{ field: 'equipment', rule: 'eq', val: cardiology.id, type: 'string' }]));
    const superQuery = (await get(liuyang, `${API}/getData/erp_repair_order?superQueryParams=${sq}&superQueryMatchType=and`))
      .body.result;
    expect(superQuery.records.map((r: { id: string }) => r.id)).toEqual([id]);

    const exported = await t.call({ method: 'GET', url: `${API}/exportXls/erp_repair_order?selections=${id}`, token: liuyang });
    expect(exported.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const cells = wb.worksheets[0].getSheetValues().flat().map(String);
    expect(cells).toContain(cardiology.name);
    expect(cells).not.toContain(cardiology.id);
  });

  it('offers only target rows inside the caller’s scope on the target', async () => {
    const mine = await options(lina, '?pageSize=50');
    expect(mine.success).toBe(true);
    expect(mine.result.records.map((r: { value: string }) => r.value).sort()).toEqual(nursing.map((e) => e.id).sort());
    expect(mine.result.total).toBe(nursing.length);
    // Asking for a row of another department (or tenant) by id resolves nothing.
    expect((await options(lina, `?ids=${cardiology.id},${otherTenant.id}`)).result).toEqual({ records: [], total: 0 });
    expect((await options(lina, `?ids=${nursing[0].id}`)).result.records).toEqual([
      { value: nursing[0].id, text: nursing[0].name },
    ]);

    const all = await options(liuyang, '?pageSize=50');
    const values = all.result.records.map((r: { value: string }) => r.value);
    expect(values).not.toContain(otherTenant.id);
    expect(values).toContain(cardiology.id);
    expect(values.length).toBe(all.result.total);

    // The keyword searches the display and search fields (assetNo, serialNo) with bound values.
    const byAsset = await options(liuyang, `?keyword=${encodeURIComponent(unique.assetNo)}`);
    expect(byAsset.result.records).toEqual([{ value: unique.id, text: unique.name }]);
    const byName = await options(liuyang, `?keyword=${encodeURIComponent(shared.name)}&pageSize=1`);
    expect(byName.result.total).toBe(countOf(shared.name));
    expect(byName.result.records).toHaveLength(1);
    const page2 = await options(liuyang, `?keyword=${encodeURIComponent(shared.name)}&pageSize=1&pageNo=2`);
    expect(page2.result.records[0].value).not.toBe(byName.result.records[0].value);
    expect((await options(liuyang, `?keyword=${encodeURIComponent("%' or 1=1 --")}`)).result.total).toBe(0);

    expect((await get(liuyang, `${OPTIONS}?pageSize=51`)).status).toBe(400);
    expect((await get(liuyang, `${OPTIONS}?ids=${encodeURIComponent("x' or 1=1")}`)).status).toBe(400);
    // A doctor may read the orders (erp_repair_order:list) and so may pick; without a token nobody.
    expect((await get(await t.login('zhangwei'), OPTIONS)).body.success).toBe(true);
    expect((await t.call({ method: 'GET', url: OPTIONS })).statusCode).toBe(401);
  });

  it('refuses unknown and out-of-scope refs on add and edit', async () => {
    const message = '维修设备：所选数据不存在或无权访问';
    for (const [token, equipment] of [
      [lina, cardiology.id],
      [lina, 'no-such-equipment'],
      [liuyang, otherTenant.id],
    ]) {
      const res = await add(token, order(equipment));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const created = await add(lina, order(nursing[0].id));
    expect(created.json()).toMatchObject({ success: true });
    const id = created.json().result as string;
    const edit = (equipment: string) =>
      t.call({ method: 'PUT', url: `${API}/form/erp_repair_order`, token: lina, payload: { id, equipment } });
    const refused = await edit(cardiology.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(message);
    expect((await edit(nursing[1].id)).json()).toMatchObject({ success: true });
  });

  it('imports refs by display text or id within scope; unknown and ambiguous texts are row errors', async () => {
    const headers = ['维修设备', '报修日期', '故障描述', '维修状态'];
    const res = await t.call({
      method: 'POST',
      url: `${API}/importXls/erp_repair_order`,
      token: liuyang,
      ...multipartForm([
        {
          name: 'files[]',
          file: {
            name: '维修单.xlsx',
            content: await sheet(headers, [
              [unique.name, '2026-03-01', '按名称导入', '待维修'],
              [cardiology.id, '2026-03-01', '按ID导入', '待维修'],
              [shared.name, '2026-03-01', '名称重复', '待维修'],
              ['不存在的设备', '2026-03-01', '未知设备', '待维修'],
              [otherTenant.id, '2026-03-01', '其他租户', '待维修'],
            ]),
          },
        },
      ]),
    });
    const body = res.json();
    expect(body.result).toMatchObject({ totalCount: 5, errorCount: 3, successCount: 2 });
    const report = (await t.call({ method: 'GET', url: body.result.fileUrl, token: liuyang })).body;
    expect(report).toContain(`第 6 行：维修设备：“${shared.name}”对应 ${countOf(shared.name)} 条数据`);
    expect(report).toContain('第 7 行：维修设备：“不存在的设备”所选数据不存在或无权访问');
    expect(report).toContain(`第 8 行：维修设备：“${otherTenant.id}”所选数据不存在或无权访问`);

    const list = (await get(liuyang, `${API}/getData/erp_repair_order?pageSize=100`)).body
      .result.records as Array<{ fault: string; equipment: string; equipment_dictText: string }>;
    const byFault = Object.fromEntries(list.map((r) => [r.fault, r]));
    expect(byFault['按名称导入']).toMatchObject({ equipment: unique.id, equipment_dictText: unique.name });
    expect(byFault['按ID导入']).toMatchObject({ equipment: cardiology.id });
  });

  it('masks the display text when the target field is personal data the caller may not see whole', async () => {
    const created = await add(lina, order(nursing[0].id, { fault: '脱敏显示' }));
    const id = created.json().result as string;
    const name = t.ctx.defs.entities.find((e) => e.code === 'erp_equipment')?.fields.find((f) => f.name === 'name');
    if (!name) throw new Error('erp_equipment.name missing');
    name.sensitive = 'name';
    try {
      const masked = `${nursing[0].name[0]}${'*'.repeat([...nursing[0].name].length - 1)}`;
      const list = (await get(lina, `${API}/getData/erp_repair_order?pageSize=50`)).body.result.records;
      expect(list.find((r: { id: string }) => r.id === id).equipment_dictText).toBe(masked);
      expect((await get(lina, `${API}/form/erp_repair_order/${id}`)).body.result.equipment_dictText).toBe(masked);
      expect((await options(lina, `?ids=${nursing[0].id}`)).result.records).toEqual([{ value: nursing[0].id, text: masked }]);
      // A masked field is not searched: its hidden characters cannot be probed by keyword.
      expect((await options(lina, `?keyword=${encodeURIComponent(nursing[0].name)}`)).result.total).toBe(0);
      expect((await options(lina, `?keyword=${encodeURIComponent(nursing[0].serialNo)}`)).result.total).toBe(1);
      const admin = await t.login('admin');
      expect((await get(admin, `${API}/form/erp_repair_order/${id}`)).body.result.equipment_dictText).toBe(nursing[0].name);
    } finally {
      delete name.sensitive;
    }
  });
});
