import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

/**
 * The online pages of the real Vue2 client (ant-design-vue-jeecg 3.4.3 with @jeecg/antd-online-mini
 * 3.4.3-beta2): what OnlCgformAutoList, OnlCgformAutoModal/OnlineForm and OnlCgreportAutoList read of
 * getColumns, getQueryInfo, getData, getFormItem, form/<code>, getParamsInfo and getColumnsAndData, and
 * the requests they make, replayed as the client sends them.
 */
const API = '/online/cgform/api';
const REPORT = '/online/cgreport/api';
type Row = Record<string, unknown>;
interface Column {
  title: string;
  dataIndex: string;
  customRender?: string;
  scopedSlots?: { customRender: string };
  [k: string]: unknown;
}
interface Property {
  title: string;
  view: string;
  type: string;
  order: number;
  enum?: Array<{ value: string; text: string }>;
  ui?: { widgetattrs?: Record<string, unknown> };
  [k: string]: unknown;
}

/** The client's filterObj: null, undefined and '' parameters are left out of a request. */
const filterObj = (o: Row): Record<string, string> =>
  Object.fromEntries(
    Object.entries(o)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

/** OnlineForm.doApplyRequest: every empty array is sent as ''. */
const blankEmptyArrays = (o: Row): Row =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Array.isArray(v) && v.length === 0 ? '' : v]));

/** handleColumnHrefAndDict: the text a column shows for a record. */
function cellText(column: Column, record: Row, dictOptions: Record<string, Array<{ value: string; text: string }>>) {
  const render = column.customRender;
  const value = record[column.dataIndex];
  if (!render) return value;
  if (render.startsWith('_replace_text_')) return record[render.replace('_replace_text_', '')];
  return String(value ?? '')
    .split(',')
    .map((v) => dictOptions[render]?.find((o) => o.value === v)?.text ?? '')
    .join(',');
}

describe.each(DIALECTS)('the Vue2 online pages on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let liuyang: string;
  let zhangwei: string;
  let lina: string;

  const get = (path: string, token: string | undefined, query?: Record<string, string>) =>
    t.call({ method: 'GET', url: path, token, query });
  const result = async (path: string, token: string, query?: Record<string, string>) => {
    const res = await get(path, token, query);
    const body = res.json();
    expect(body, res.body).toMatchObject({ success: true, code: 200 });
    return body.result;
  };
  /** The list's first request: OnlCgformAutoList.getQueryParams with its default sorter (id desc). */
  const listQuery = (over: Row = {}) =>
    filterObj({ column: 'id', order: 'desc', pageNo: 1, pageSize: 10, superQueryMatchType: 'and', superQueryParams: '', ...over });

  beforeAll(async () => {
    t = await createTestApp(url);
    [admin, liuyang, zhangwei, lina] = await Promise.all(['admin', 'liuyang', 'zhangwei', 'lina'].map((u) => t.login(u)));
  });
  afterAll(async () => t?.close());

  describe('the online list (OnlCgformAutoList)', () => {
    it('describes the columns with everything the list reads', async () => {
      const cols = await result(`${API}/getColumns/erp_equipment`, admin);
      expect(cols).toMatchObject({
        code: 'erp_equipment',
        description: '设备台账',
        currentTableName: 'erp_equipment',
        tableType: 1,
        formTemplate: '1',
        fieldHrefSlots: [],
        cgButtonList: [],
        enhanceJs: '',
        isDesForm: 'N',
        checkboxFlag: 'Y',
        paginationFlag: 'Y',
      });
      // Every button for the administrator; there is no process engine.
      expect(cols.hideColumns).toEqual(['bpm']);
      const byField = new Map<string, Column>(cols.columns.map((c: Column) => [c.dataIndex, c]));
      // A plain dictionary renders through dictOptions.
      expect(byField.get('category')).toMatchObject({ title: '设备类别', customRender: 'category' });
      expect(cols.dictOptions.category.map((o: { text: string }) => o.text)).toContain('影像设备');
      // A table dictionary, a user picker and a ref render the <field>_dictText of their rows.
      expect(byField.get('department')?.customRender).toBe('_replace_text_department_dictText');
      expect(byField.get('responsible')?.customRender).toBe('_replace_text_responsible_dictText');
      expect(byField.get('customerId')?.customRender).toBe('_replace_text_customerId_dictText');
      expect(byField.get('orderId')?.customRender).toBe('_replace_text_orderId_dictText');
      expect(byField.get('name')?.customRender).toBeUndefined();
      expect(cols.dictOptions.department).toBeUndefined();
    });

    it('lists rows keyed by jeecg_row_key, newest order by default, showing text for every text column', async () => {
      const cols = await result(`${API}/getColumns/erp_equipment`, admin);
      const page = await result(`${API}/getData/erp_equipment`, admin, listQuery({ pageSize: 30 }));
      expect(page.total).toBeGreaterThan(0);
      for (const r of page.records as Row[]) expect(r.jeecg_row_key).toBe(r.id);
      // column=id is the entity's default order, not the random order of ids.
      const plain = await result(`${API}/getData/erp_equipment`, admin, { pageSize: '30' });
      expect((page.records as Row[]).map((r) => r.id)).toEqual((plain.records as Row[]).map((r) => r.id));
      const withDepartment = (page.records as Row[]).find((r) => r.department && r.responsible);
      expect(withDepartment).toBeTruthy();
      const row = withDepartment as Row;
      const shown = (field: string) =>
        cellText(cols.columns.find((c: Column) => c.dataIndex === field), row, cols.dictOptions);
      expect(shown('department')).toBe(row.department_dictText);
      expect(String(shown('department'))).not.toMatch(/^[0-9a-f]{32}$/);
      expect(shown('responsible')).toBe(row.responsible_dictText);
      expect(shown('responsible')).not.toBe(row.responsible);
      expect(shown('category')).toBe(row.category_dictText);
      expect(shown('status')).toBe(row.status_dictText);
      // The super query as handleSuperQuery sends it (encodeURIComponent, then the request encodes it again).
      const conditions = [{ field: 'name', rule: 'eq', val: row.name, type: 'text', dbType: 'string' }];
      const found = await result(
        `${API}/getData/erp_equipment`,
        admin,
        listQuery({ superQueryParams: encodeURIComponent(JSON.stringify(conditions)) }),
      );
      expect((found.records as Row[]).map((r) => r.name)).toEqual(
        (found.records as Row[]).map(() => row.name),
      );
      expect(found.total).toBeGreaterThan(0);
    });

    it('hides the buttons a caller may not use', async () => {
      // A doctor reads the equipment list and may do nothing else with it.
      const doctor = await result(`${API}/getColumns/erp_equipment`, zhangwei);
      expect([...doctor.hideColumns].sort()).toEqual(
        // edit is the Vue 3 client's code of update.
        ['add', 'batch_delete', 'bpm', 'delete', 'edit', 'export', 'import', 'update'].sort(),
      );
      // A nurse may edit but not add.
      const nurse = await result(`${API}/getColumns/erp_equipment`, lina);
      expect(nurse.hideColumns).toContain('add');
      expect(nurse.hideColumns).not.toContain('update');
      expect(nurse.hideColumns).not.toContain('detail');
      expect(nurse.hideColumns).not.toContain('super_query');
      // What a hidden button would do is refused by the server anyway.
      const refused = await t.call({ method: 'POST', url: `${API}/form/erp_equipment?tabletype=1`, token: zhangwei, payload: { name: 'x' } });
      expect(refused.json().code).toBe(510);
    });

    it('gives query items the client can fill: a ref picks from its dictOptions', async () => {
      const cols = await result(`${API}/getColumns/erp_sales_order`, liuyang);
      expect(cols.tableType).toBe(2);
      expect(cols.columns.find((c: Column) => c.dataIndex === 'customerId').customRender).toBe(
        '_replace_text_customerId_dictText',
      );
      const query = await result(`${API}/getQueryInfo/erp_sales_order`, liuyang);
      const customer = query.find((q: Row) => q.field === 'customerId');
      expect(customer).toMatchObject({ view: 'list', mode: 'single', config: '0' });
      const options = cols.dictOptions.customerId as Array<{ value: string; text: string }>;
      expect(options.length).toBeGreaterThan(0);
      const one = options[0];
      const filtered = await result(`${API}/getData/erp_sales_order`, liuyang, listQuery({ customerId: one.value }));
      for (const r of filtered.records as Row[]) expect(r.customerId_dictText).toBe(one.text);
      expect(query.find((q: Row) => q.field === 'orderDate')).toMatchObject({ view: 'date', mode: 'group' });
      expect(query.find((q: Row) => q.field === 'status')).toMatchObject({
        view: 'list',
        config: '1',
        dictCode: 'erp_order_status',
      });
      const equipment = await result(`${API}/getQueryInfo/erp_equipment`, admin);
      expect(equipment.find((q: Row) => q.field === 'department')).toMatchObject({
        view: 'sel_depart',
        dictTable: 'sys_depart',
        dictText: 'depart_name',
        dictCode: 'id',
        config: '1',
      });
      expect(JSON.parse(equipment.find((q: Row) => q.field === 'department').fieldExtendJson)).toMatchObject({
        store: 'id',
      });
    });

    it('refuses the description to a caller without the list permission', async () => {
      for (const path of ['getColumns', 'getQueryInfo', 'getFormItem']) {
        const res = await get(`${API}/${path}/erp_customer`, lina);
        expect(res.json(), path).toMatchObject({ success: false, code: 510 });
        expect(res.body).not.toContain('customerNo');
        expect((await get(`${API}/${path}/erp_customer`, undefined)).statusCode).toBe(401);
      }
    });
  });
  describe('the online form (OnlCgformAutoModal, OnlineForm)', () => {
    /** What getFormItem says of a property and the list of required fields. */
    const formItems = async (code: string, token: string) => {
      const items = await result(`${API}/getFormItem/${code}`, token);
      return {
        items,
        props: items.schema.properties as Record<string, Property>,
        required: items.schema.required as string[],
      };
    };
    /** OnlineForm.doApplyRequest: the record to POST (add) or PUT (edit) with ?tabletype=1. */
    const submit = (token: string, method: 'POST' | 'PUT', code: string, record: Row) =>
      t.call({ method, url: `${API}/form/${code}?tabletype=1`, token, payload: blankEmptyArrays(record) });

    it('describes a single table: widgets, options, required fields, server-filled fields', async () => {
      const { items, props, required } = await formItems('erp_equipment', admin);
      expect(items.head).toMatchObject({ tableType: 1, isTree: 'N', tableName: 'erp_equipment' });
      expect(JSON.parse(items.head.extConfigJson)).toMatchObject({ modelFullscreen: 0 });
      expect(items).toMatchObject({ cgButtonList: [], enhanceJs: '' });
      expect(items.schema.table).toBe('erp_equipment');
      expect(required.sort()).toEqual(['name', 'serialNo', 'status']);
      // Every property has a string view (the client calls view.indexOf), in the entity's order.
      const orders = Object.values(props).map((p) => p.order);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      for (const p of Object.values(props)) expect(typeof p.view).toBe('string');
      expect(props.name).toMatchObject({ title: '设备名称', view: 'text', type: 'string', ui: { widgetattrs: { maxLength: 100 } } });
      expect(props.category.view).toBe('list');
      expect(props.category.enum?.map((o) => o.text)).toContain('影像设备');
      expect(props.status).toMatchObject({ view: 'list', defVal: '1' });
      expect(props.price).toMatchObject({ view: 'number', type: 'number', dbPointLength: 2 });
      expect(props.purchaseDate.view).toBe('date');
      expect(props.remark.view).toBe('textarea');
      expect(props.department).toMatchObject({ view: 'sel_depart' });
      expect(JSON.parse(String(props.department.fieldExtendJson))).toEqual({ store: 'id', text: 'departName' });
      expect(props.responsible).toMatchObject({ view: 'sel_user' });
      expect(JSON.parse(String(props.responsible.fieldExtendJson))).toEqual({ store: 'username', text: 'realname' });
      // A ref chooses among its target's rows: value the id, text the display field.
      expect(props.customerId.view).toBe('list');
      const customers = (await result(`${API}/getData/erp_customer`, admin, { pageSize: '100' })).records as Row[];
      const first = customers[0];
      expect(props.customerId.enum).toContainEqual(expect.objectContaining({ value: first.id, text: first.name }));
      // The asset number is the server's: shown disabled, never required.
      expect(props.assetNo.ui?.widgetattrs).toMatchObject({ disabled: true });
      // A pattern rule is checked by the client with its message.
      const customer = await formItems('erp_customer', admin);
      expect(customer.props.customerNo).toMatchObject({ pattern: '^KH\\d{4,8}$', errorInfo: '客户编号应为 KH 加 4-8 位数字' });
      // A masked personal value is shown as it is: its pattern is not re-checked on save.
      expect(customer.props.phone.pattern).toBeUndefined();
    });

    it('describes a main table with its child table as a tab', async () => {
      const { items, props, required } = await formItems('erp_sales_order', liuyang);
      expect(items.head.tableType).toBe(2);
      expect(required.sort()).toEqual(['customerId', 'orderDate']);
      // The number, the state and the roll-ups are the server's.
      for (const f of ['orderNo', 'status', 'totalAmount', 'outstanding'])
        expect(props[f].ui?.widgetattrs, f).toMatchObject({ disabled: true });
      expect(props.status.defVal).toBe('1');
      const tab = props.erp_order_line;
      expect(tab).toMatchObject({ view: 'tab', relationType: 0, describe: '订单明细', key: 'erp_order_line' });
      expect(tab.order).toBeGreaterThan(props.remark.order);
      const columns = tab.columns as Array<Row & { key: string; validateRules: Row[] }>;
      const byKey = new Map(columns.map((c) => [c.key, c]));
      // The link to the order is set by the save, not edited.
      expect(byKey.has('orderId')).toBe(false);
      expect(byKey.get('productId')).toMatchObject({ type: 'select' });
      expect((byKey.get('productId')?.options as Row[]).length).toBeGreaterThan(0);
      expect(byKey.get('qty')).toMatchObject({ type: 'inputNumber', validateRules: [{ required: true, message: '数量不能为空' }] });
      expect(byKey.get('taxRate')).toMatchObject({ defaultValue: 13 });
      expect(byKey.get('amount')).toMatchObject({ disabled: true, validateRules: [] });
    });

    it('adds and edits a single-table record as the modal sends it', async () => {
      const { props } = await formItems('erp_equipment', admin);
      const category = String(props.category.enum?.[0].value);
      const customer = String(props.customerId.enum?.[0].value);
      // The form's values (a disabled field the user cannot fill stays undefined) over an empty model.
      const added = await submit(admin, 'POST', 'erp_equipment', {
        name: '便携彩超',
        assetNo: undefined,
        serialNo: 'VUE2-0001',
        category,
        status: props.status.defVal,
        price: 12000.5,
        purchaseDate: '2026-01-05',
        customerId: customer,
        responsible: 'zhangwei',
        model: '',
      });
      expect(added.json(), added.body).toMatchObject({ success: true, message: '添加成功！' });
      const [row] = (await result(`${API}/getData/erp_equipment`, admin, listQuery({ serialNo: 'VUE2-0001' }))).records as Row[];
      expect(row).toMatchObject({ name: '便携彩超', customerId: customer, responsible_dictText: '张伟' });
      expect(String(row.assetNo)).toMatch(/^ZC\d{6}\d{4}$/);
      // Edit: the record from form/<code>/<id> is the model; the form's values go over it; PUT.
      const model = await result(`${API}/form/erp_equipment/${row.id}`, admin);
      const edited = await submit(admin, 'PUT', 'erp_equipment', { ...model, name: '便携彩超二代', price: 13000 });
      expect(edited.json(), edited.body).toMatchObject({ success: true });
      const after = await result(`${API}/form/erp_equipment/${row.id}`, admin);
      expect(after).toMatchObject({ name: '便携彩超二代', assetNo: row.assetNo, customerId: customer });
      expect(Number(after.price)).toBe(13000);
      // Delete one row, as the list's 删除 does; then a batch, as 批量删除 joins the selected row keys.
      const removed = await t.call({ method: 'DELETE', url: `${API}/form/erp_equipment/${row.id}`, token: admin });
      expect(removed.json()).toMatchObject({ success: true, message: '删除成功!' });
      const ids: string[] = [];
      for (const serialNo of ['VUE2-0002', 'VUE2-0003']) {
        expect((await submit(liuyang, 'POST', 'erp_equipment', { name: '监护仪', serialNo, status: '1' })).json()).toMatchObject({ success: true });
        const [r] = (await result(`${API}/getData/erp_equipment`, liuyang, listQuery({ serialNo }))).records as Row[];
        ids.push(String(r.jeecg_row_key));
      }
      const batch = await t.call({ method: 'DELETE', url: `${API}/form/erp_equipment/${ids.join(',')},`, token: liuyang });
      expect(batch.json(), batch.body).toMatchObject({ success: true, message: '批量删除成功!' });
      expect((await result(`${API}/getData/erp_equipment`, liuyang, listQuery({ serialNo: 'VUE2-000*' }))).total).toBe(0);
    });

    it('adds and edits a record with child rows, and empties a table as the client sends it', async () => {
      const { props } = await formItems('erp_sales_order', liuyang);
      const tab = props.erp_order_line.columns as Array<Row & { key: string; options?: Array<{ value: string }> }>;
      const products = tab.find((c) => c.key === 'productId')?.options ?? [];
      const customer = String(props.customerId.enum?.[0].value);
      const added = await submit(liuyang, 'POST', 'erp_sales_order', {
        customerId: customer,
        orderDate: '2026-03-02',
        status: props.status.defVal,
        erp_order_line: [
          { productId: products[0].value, qty: 2, unitPrice: 100, discount: 0, taxRate: 13 },
          { productId: products[1].value, qty: 1, unitPrice: 50, discount: 0, taxRate: 13 },
        ],
      });
      expect(added.json(), added.body).toMatchObject({ success: true });
      const list = await result(`${API}/getData/erp_sales_order`, liuyang, listQuery({ customerId: customer }));
      const order = (list.records as Row[])[0];
      expect(Number(order.totalAmount)).toBe(250);
      const model = await result(`${API}/form/erp_sales_order/${order.id}`, liuyang);
      const lines = model.erp_order_line as Row[];
      expect(lines).toHaveLength(2);
      // The tables' rows as JVxeTable gives them back: stored rows whole, a new row without id.
      const edited = await submit(liuyang, 'PUT', 'erp_sales_order', {
        ...model,
        deliveryDate: '2026-04-01',
        erp_order_line: [{ ...lines[0], qty: 3 }, { productId: products[2].value, qty: 1, unitPrice: 20, discount: 0, taxRate: 13 }],
      });
      expect(edited.json(), edited.body).toMatchObject({ success: true });
      const after = await result(`${API}/form/erp_sales_order/${order.id}`, liuyang);
      expect((after.erp_order_line as Row[]).map((l) => Number(l.qty))).toEqual([3, 1]);
      expect(Number(after.totalAmount)).toBe(320);
      expect(after.deliveryDate).toBe('2026-04-01');
      // An emptied table arrives as '': the order needs at least one line.
      const emptied = await submit(liuyang, 'PUT', 'erp_sales_order', { ...after, erp_order_line: [] });
      expect(emptied.statusCode).toBe(400);
      expect(emptied.json().message).toContain('订单明细');
      expect(emptied.json().message).not.toContain('应为行的列表');
    });
  });
  describe('the report page (OnlCgreportAutoList)', () => {
    /** OnlCgreportAutoList.loadData: query, sorter, self params, pageNo and pageSize, empty ones left out. */
    const page = (code: string, token: string, over: Row = {}) =>
      get(`${REPORT}/getColumnsAndData/${code}`, token, filterObj({ column: null, order: null, pageNo: 1, pageSize: 10, onlRepUrlParamStr: '', ...over }));

    it('gives the named parameters the page sends as self_<paramName>', async () => {
      expect(await result(`${REPORT}/getParamsInfo/rpt_user`, admin)).toEqual([
        expect.objectContaining({ paramName: 'orgCode', paramTxt: '所属部门', paramValue: '', orderNum: 1 }),
      ]);
      expect(await result(`${REPORT}/getParamsInfo/rpt_equipment`, admin)).toEqual([
        expect.objectContaining({ paramName: 'category', paramTxt: '类别' }),
      ]);
      expect(await result(`${REPORT}/getParamsInfo/rpt_depart`, admin)).toEqual(expect.any(Array));
    });

    it('answers columns, dictionaries and one page, paged by pageNo and pageSize', async () => {
      const res = await page('rpt_user', admin);
      const body = res.json().result;
      expect(body).toMatchObject({ cgreportHeadName: '人员选择', cgRpConfigName: '人员选择', fieldHrefSlots: [], isGroupTitle: false });
      expect(body.columns.map((c: Column) => c.dataIndex)).not.toContain('id');
      const byField = new Map<string, Column>(body.columns.map((c: Column) => [c.dataIndex, c]));
      expect(byField.get('sex')?.customRender).toBe('sex');
      expect(body.dictOptions.sex).toContainEqual({ value: '2', text: '女' });
      // Table dictionaries show the text getData adds to each row.
      expect(byField.get('orgCode')?.customRender).toBe('_replace_text_orgCode_dictText');
      expect(byField.get('post')?.customRender).toBe('_replace_text_post_dictText');
      expect(body.data).toMatchObject({ current: 1, size: 10 });
      expect(body.data.records).toHaveLength(10);
      const total = Number(body.data.total);
      expect(total).toBeGreaterThan(10);
      const adminRow = (body.data.records as Row[]).find((r) => r.username === 'admin') ??
        (await page('rpt_user', admin, { username: 'admin' })).json().result.data.records[0];
      expect(cellText(byField.get('orgCode') as Column, adminRow, body.dictOptions)).toBe('华康医疗集团');
      const second = (await page('rpt_user', admin, { pageNo: 2 })).json().result.data;
      expect(second).toMatchObject({ current: 2, total });
      const firstNames = (body.data.records as Row[]).map((r) => r.username);
      for (const r of second.records as Row[]) expect(firstNames).not.toContain(r.username);
      // A sum column (isTotal) takes one row less a page: the client asks for pageSize - 1.
      const nine = (await page('rpt_user', admin, { pageSize: 9 })).json().result.data;
      expect(nine.records).toHaveLength(9);
      // The table's sorter and the query form's fields and the self parameters filter as in getData.
      const sorted = (await page('rpt_user', admin, { column: 'realname', order: 'desc', sex: '2', self_orgCode: 'A01A01' })).json();
      expect(sorted, JSON.stringify(sorted)).toMatchObject({ success: true });
      for (const r of sorted.result.data.records as Row[]) {
        expect(Number(r.sex)).toBe(2);
        expect(String(r.orgCode).startsWith('A01A01')).toBe(true);
      }
    });

    it('translates an entity report\'s table dictionary and keeps its parameters', async () => {
      const body = (await page('rpt_equipment', zhangwei, { self_category: '1', pageSize: 30 })).json().result;
      const department = body.columns.find((c: Column) => c.dataIndex === 'department');
      expect(department.customRender).toBe('_replace_text_department_dictText');
      expect(body.data.total).toBeGreaterThan(0);
      for (const r of body.data.records as Row[]) {
        expect(r.category).toBe('1');
        if (r.department) expect(cellText(department, r, body.dictOptions)).toBe(r.department_dictText);
      }
    });

    it('refuses what the caller may not read and bad input, in Chinese', async () => {
      for (const path of ['getParamsInfo', 'getColumnsAndData']) {
        const denied = await get(`${REPORT}/${path}/rpt_customer`, zhangwei);
        expect(denied.json(), path).toMatchObject({ success: false, code: 510 });
        expect(denied.body).not.toContain('customerNo');
        expect((await get(`${REPORT}/${path}/rpt_user`, undefined)).statusCode).toBe(401);
        expect((await get(`${REPORT}/${path}/rpt_missing`, admin)).json()).toMatchObject({ success: false, message: '报表不存在' });
      }
      const badPage = await page('rpt_user', admin, { pageSize: 'abc' });
      expect(badPage.statusCode).toBe(400);
      expect(badPage.json().message).toContain('pageSize');
      const badSort = await page('rpt_user', admin, { column: 'password', order: 'asc' });
      expect(badSort.statusCode).toBe(400);
      expect(badSort.json().message).toBe('请注意，将要排序的列字段不存在：password');
      const badParam = await page('rpt_user', admin, { self_nope: 'x' });
      expect(badParam.statusCode).toBe(400);
      expect(badParam.json().message).toBe('报表参数不存在：nope');
      const badKey = await get(`${REPORT}/getColumnsAndData/RPT_USER;drop`, admin);
      expect(badKey.statusCode).toBe(400);
    });
  });
});
