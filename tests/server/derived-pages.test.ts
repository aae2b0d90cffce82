import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../src/server/definitions/load.js';
import { checkDefinitions } from '../../src/server/definitions/check.js';
import { derivePage, type ServedPage } from '../../src/shared/page-derive/index.js';
import type { FormSchema, PageDefinition } from '../../src/shared/schema-types.js';
import { validatorFiles } from '../../tools/schemas-validators.js';
import { syncGenerated } from '../../tools/generated-files.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

const defs = loadDefinitions();
const pageOf = (code: string) => defs.pages.find((p) => p.code === code) as ServedPage;
const props = (page: ServedPage) =>
  page.form?.schema.properties as Record<string, FormSchema & Record<string, unknown>>;
const titles = (page: ServedPage) => page.columns?.map((c) => c.dataIndex);

describe('pages derived from their entity', () => {
  it('derive a complete list page from a page that names only its entity (设备维修)', () => {
    const page = pageOf('erp-repair-order');
    expect(page.api).toMatchObject({
      list: '/online/cgform/api/getData/erp_repair_order',
      edit: { url: '/online/cgform/api/form/erp_repair_order', method: 'put' },
      importExcel: '/online/cgform/api/importXls/erp_repair_order',
    });
    expect(page.permissionPrefix).toBe('erp_repair_order:');
    expect(page.list).toEqual({ sort: { column: 'orderNo', order: 'desc' } });
    // Columns: every listed field (remark says list: false), widths from the entity, formats from types.
    expect(titles(page)).toEqual([
      'orderNo',
      'equipment',
      'reportDate',
      'fault',
      'status',
      'laborCost',
      'partsTotal',
      'total',
      // The junction (many-to-many) of 维修人员: the picked names the server joins.
      'erp_repair_technician_dictText',
    ]);
    const col = (name: string) => page.columns?.find((c) => c.dataIndex === name);
    expect(col('orderNo')).toEqual({ dataIndex: 'orderNo', title: '维修单号', width: 160, sorter: true });
    // Sort arrows on numbers, dates and numbered fields only (each widens its header).
    expect(col('equipment')).toEqual({ dataIndex: 'equipment', title: '维修设备', width: 180 });
    expect(page.columns?.filter((c) => c.sorter).map((c) => c.dataIndex)).toEqual([
      'orderNo',
      'reportDate',
      'laborCost',
      'partsTotal',
      'total',
    ]);
    expect(col('reportDate')).toMatchObject({ format: 'date', width: 120 });
    expect(col('status')).toMatchObject({ dict: 'erp_repair_status', format: 'tag', width: 120 });
    expect(col('total')).toMatchObject({ format: 'number', align: 'right', title: '合计金额（元）' });
    // Query: fields with `query`, the first three shown and the rest under 更多.
    expect(page.query).toEqual({
      fields: [
        { name: 'orderNo', title: '维修单号', rule: 'like' },
        {
          name: 'equipment',
          title: '维修设备',
          'x-component': 'JRefSelect',
          props: { entity: 'erp_repair_order', field: 'equipment' },
        },
        { name: 'reportDate', title: '报修日期', 'x-component': 'JDateRange', mode: 'range' },
      ],
      more: [
        { name: 'status', title: '维修状态', 'x-component': 'JDictSelectTag', dictCode: 'erp_repair_status' },
      ],
    });
    const sq = page.toolbar?.superQuery;
    expect(typeof sq === 'object' && sq.fields?.map((f) => [f.value, f.type, f.dictCode])).toEqual([
      ['orderNo', 'string', undefined],
      ['equipment', 'string', undefined],
      ['reportDate', 'date', undefined],
      ['fault', 'string', undefined],
      ['status', 'list', 'erp_repair_status'],
      ['laborCost', 'number', undefined],
      ['partsTotal', 'number', undefined],
      ['total', 'number', undefined],
    ]);
    expect(page.toolbar).toMatchObject({
      add: true,
      batchDelete: true,
      export: { permission: 'erp_repair_order:export' },
      import: { permission: 'erp_repair_order:import', online: true },
    });
    expect(page.rowActions).toMatchObject({
      edit: { permission: 'erp_repair_order:edit' },
      detail: true,
      delete: { permission: 'erp_repair_order:delete', confirm: '确定删除该设备维修单吗？' },
    });
    // One action per declared transition, shown when the row's _transitions names it; a comment dialog
    // for the ones that take a comment.
    expect(page.rowActions?.custom?.map((a) => [a.key, a.title, a.kind, a.permission])).toEqual([
      ['wf-start', '开始维修', 'request', 'erp_repair_order:repair'],
      ['wf-finish', '完成维修', 'form', 'erp_repair_order:repair'],
      ['wf-cancel', '取消', 'form', 'erp_repair_order:cancel'],
    ]);
    expect(page.rowActions?.custom?.[0]).toMatchObject({
      visibleWhen: { field: '_transitions', op: 'contains', value: 'start' },
      confirm: '确定开始维修该设备吗？',
      api: { url: '/online/cgform/api/transition/erp_repair_order/start', method: 'post' },
      body: { id: { $row: 'id' } },
    });
    expect(page.rowActions?.custom?.[2].form?.schema.properties?.comment).toMatchObject({ required: true });
  });

  it('derive the form: widgets per type, dictionary, ref, numbering, formula, and one ChildTable per child', () => {
    const page = pageOf('erp-repair-order');
    // Child tables need room: the form is wider than a flat one (800).
    expect(page.form).toMatchObject({ width: 1100, loadById: true });
    expect(page.form?.validator).toBeUndefined();
    const p = props(page);
    expect(Object.keys(p)).toEqual([
      'orderNo',
      'equipment',
      'reportDate',
      'fault',
      'status',
      'laborCost',
      'partsTotal',
      'total',
      'finishedBy',
      'finishedTime',
      'remark',
      'erp_repair_part',
      'erp_repair_technician',
    ]);
    // A junction (parent.pick) is a multi-select of the picked ref's target, not a table.
    expect(p.erp_repair_technician).toEqual({
      type: 'array',
      title: '维修人员',
      'x-component': 'JRefSelect',
      'x-component-props': { entity: 'erp_repair_technician', field: 'technician', mode: 'multiple' },
    });
    expect(p.orderNo).toEqual({
      type: 'string',
      title: '维修单号',
      'x-component': 'Input',
      'x-pattern': 'readOnly',
      'x-component-props': { placeholder: '保存后自动生成' },
    });
    expect(p.equipment).toEqual({
      type: 'string',
      title: '维修设备',
      required: true,
      'x-component': 'JRefSelect',
      'x-component-props': { entity: 'erp_repair_order', field: 'equipment' },
    });
    expect(p.reportDate).toMatchObject({ required: true, 'x-component': 'JDate' });
    expect(p.fault).toMatchObject({
      required: true,
      'x-component': 'Input',
      'x-validator': [{ maxLength: 200 }],
    });
    // The workflow's state: shown but not editable, a new order in its initial state (only transitions move it).
    expect(p.status).toMatchObject({
      default: '1',
      'x-pattern': 'disabled',
      'x-component': 'JDictSelectTag',
      'x-component-props': { dictCode: 'erp_repair_status' },
    });
    expect(p.status.required).toBeUndefined();
    expect(p.laborCost).toEqual({
      type: 'number',
      title: '人工费（元）',
      default: 0,
      'x-component': 'NumberPicker',
      'x-component-props': { precision: 2, style: { width: '100%' }, min: 0 },
      'x-validator': [{ minimum: 0 }],
    });
    expect(p.partsTotal).toMatchObject({
      'x-pattern': 'readOnly',
      'x-compute': 'sum(erp_repair_part.amount)',
    });
    expect(p.total).toMatchObject({
      'x-pattern': 'readOnly',
      'x-compute': 'laborCost + partsTotal',
      type: 'number',
    });
    expect(p.remark).toMatchObject({ 'x-component': 'Input.TextArea' });
    expect(p.erp_repair_part).toEqual({
      type: 'array',
      title: '配件明细',
      'x-component': 'ChildTable',
      'x-component-props': { entity: 'erp_repair_part' },
      'x-decorator-props': { layout: 'vertical', labelCol: 24, wrapperCol: 24 },
    });
    // The detail shows the form's fields, list: false ones too.
    expect(page.detail?.fields?.map((f) => f.name)).toContain('remark');
    expect(page.detail?.fields?.find((f) => f.name === 'status')).toEqual({
      name: 'status',
      title: '维修状态',
      dict: 'erp_repair_status',
    });
  });

  it('apply the shipped pages’ overrides: widths, hidden fields, query rules, form field edits, extra actions', () => {
    const equipment = pageOf('erp-equipment');
    expect(titles(equipment)).toEqual([
      'name',
      'assetNo',
      'model',
      'serialNo',
      'category',
      'department',
      'status',
      'purchaseDate',
      'price',
      'responsible',
      'warrantyEnd',
      'customerId',
      'orderId',
    ]);
    expect(equipment.columns?.find((c) => c.dataIndex === 'department')).toMatchObject({
      width: 150,
      dict: 'sys_depart,depart_name,id',
    });
    expect(equipment.query?.fields?.find((q) => q.name === 'serialNo')).toMatchObject({ rule: 'right_like' });
    expect(equipment.query?.more?.find((q) => q.name === 'department')).toMatchObject({
      'x-component': 'JSelectDepart',
    });
    const sq = equipment.toolbar?.superQuery;
    const types =
      typeof sq === 'object' ? Object.fromEntries(sq.fields?.map((f) => [f.value, f.type]) ?? []) : {};
    expect(types).toMatchObject({
      department: 'sel_depart',
      responsible: 'sel_user',
      price: 'number',
      purchaseDate: 'date',
    });
    expect(types).not.toHaveProperty('manufacturer');
    const p = props(equipment);
    expect(p.warrantyEnd['x-reactions']).toMatchObject({ when: { field: 'purchaseDate', op: 'notEmpty' } });
    expect(p.status['x-component-props']).toEqual({ dictCode: 'erp_equipment_status', type: 'radioButton' });
    expect(p.responsible['x-component-props']).toEqual({ store: 'username', placeholder: '请选择负责人' });
    expect(p.assetNo).toMatchObject({
      'x-pattern': 'readOnly',
      description: '按规则 ZC+年月+四位序号生成，不可修改',
    });
    expect(p.manufacturer).toBeDefined();
    expect(equipment.form?.validator).toBe('erp_equipment');
    expect(equipment.form?.width).toBe(800);
    expect(equipment.rowActions?.custom?.map((a) => a.title)).toEqual(['维修完成']);
    expect(equipment.rowActions).toMatchObject({ width: 200, edit: { permission: 'erp_equipment:edit' } });
    expect(equipment.detail?.columns).toBe(3);

    const customer = pageOf('erp-customer');
    // createTime is no entity field: naming it adds the audit column at the end.
    expect(titles(customer)?.at(-1)).toBe('createTime');
    expect(customer.columns?.at(-1)).toMatchObject({ title: '创建时间', sorter: true });
    expect(customer.columns?.find((c) => c.dataIndex === 'level')).toMatchObject({
      format: 'tag',
      width: 80,
    });
    expect(customer.columns?.filter((c) => c.sorter).map((c) => c.dataIndex)).toEqual([
      'name',
      'customerNo',
      'creditLimit',
      'createTime',
    ]);
    expect(props(customer).customerNo['x-validator']).toEqual([
      { maxLength: 32 },
      { pattern: '^KH\\d{4,8}$', message: '客户编号应为 KH 加 4-8 位数字' },
    ]);
    expect(props(customer).phone['x-validator']).toEqual([
      { maxLength: 20 },
      { pattern: '^1[3-9]\\d{9}$', message: '请输入正确的手机号码' },
    ]);
  });

  it('keep parts given in full and apply order and hide', () => {
    const base: PageDefinition = {
      $schema: '../meta/page.schema.json',
      code: 'x',
      title: 'x',
      kind: 'list',
      components: ['OnlineList'],
      entity: 'erp_repair_order',
    };
    const full = derivePage(
      { ...base, columns: [{ dataIndex: 'fault', title: '故障' }], toolbar: { superQuery: false } },
      defs.entities,
    );
    expect(full.columns).toEqual([{ dataIndex: 'fault', title: '故障' }]);
    expect(full.toolbar?.superQuery).toBe(false);
    const arranged = derivePage(
      { ...base, overrides: { order: ['total', 'status'], hide: ['fault', 'status'] } },
      defs.entities,
    );
    expect(titles(arranged)?.slice(0, 2)).toEqual(['total', 'orderNo']);
    expect(titles(arranged)).not.toContain('fault');
    expect(arranged.query?.more).toBeUndefined();
    // A page without an entity (system pages) is served as written.
    const system = defs.pages.find((p) => p.code === 'system-user');
    const raw = JSON.parse(fs.readFileSync('schemas/pages/system-user.json', 'utf8')) as unknown;
    expect(system).toEqual(raw);
  });
});

describe('a module added as JSON only', () => {
  let dir: string;
  let schemas: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-derived-'));
    schemas = path.join(dir, 'schemas');
    fs.cpSync('schemas', schemas, { recursive: true });
    fs.cpSync('tests/fixtures/derived-pages', schemas, { recursive: true });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('passes the check and needs no generated code (schemas:types --check stays clean)', async () => {
    const { problems, defs: loaded } = checkDefinitions(schemas);
    expect(problems).toEqual([]);
    expect(loaded.entities.map((e) => e.code)).toContain('erp_tool_loan');
    expect(syncGenerated(await validatorFiles(schemas), true)).toEqual([]);
    const page = loaded.pages.find((p) => p.code === 'erp-tool-loan') as ServedPage;
    const p = props(page);
    expect(p.loanTime).toMatchObject({ 'x-component': 'JDate', 'x-component-props': { showTime: true } });
    expect(p.days).toMatchObject({
      'x-component': 'NumberPicker',
      'x-component-props': { precision: 0, min: 1, max: 30 },
      'x-validator': [{ minimum: 1 }, { maximum: 30 }],
    });
    expect(page.query?.more).toBeUndefined();
    expect(page.query?.fields?.slice(2)).toEqual([
      {
        name: 'loanTime',
        title: '借出时间',
        'x-component': 'JDateRange',
        props: { showTime: true },
        mode: 'range',
      },
    ]);
  });

  it('reports overrides naming fields the entity lacks, at file:line:column and pointer', () => {
    const file = path.join(schemas, 'pages', 'erp-tool-loan.json');
    fs.writeFileSync(
      file,
      `{
  "$schema": "../meta/page.schema.json",
  "code": "erp-tool-loan",
  "title": "工具借用",
  "kind": "list",
  "components": ["OnlineList"],
  "entity": "erp_tool_loan",
  "overrides": {
    "columns": [{ "dataIndex": "borower", "width": 90 }],
    "hide": ["nothing"],
    "form": { "fields": { "loanNo": {}, "ghost": { "description": "x" } } },
    "query": ["borrower"]
  },
  "query": { "fields": [{ "name": "borrower", "title": "借用人" }] }
}
`,
    );
    const { problems } = checkDefinitions(schemas);
    const shown = path.relative(process.cwd(), file);
    expect(problems.map((p) => [p.file, p.line, p.column, p.pointer, p.message])).toEqual([
      [shown, 9, 19, '/overrides/columns/0/dataIndex', '实体 erp_tool_loan 没有字段 "borower"'],
      [shown, 10, 14, '/overrides/hide/0', '实体 erp_tool_loan 没有字段 "nothing"'],
      [shown, 11, 41, '/overrides/form/fields/ghost', '实体 erp_tool_loan 没有字段 "ghost"'],
      [shown, 12, 5, '/overrides/query', '页面已完整给出 query，overrides.query 不会生效（二选一）'],
    ]);
  });
  it('refuses a page that has neither api nor entity, or overrides without an entity', () => {
    const file = path.join(schemas, 'pages', 'erp-tool-loan.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        $schema: '../meta/page.schema.json',
        code: 'erp-tool-loan',
        title: '工具借用',
        kind: 'list',
        components: ['OnlineList'],
        columns: [{ dataIndex: 'borrower', title: '借用人' }],
        overrides: { hide: ['borrower'] },
      }),
    );
    const messages = checkDefinitions(schemas)
      .problems.filter((p) => p.file.endsWith('erp-tool-loan.json'))
      .map((p) => p.message)
      .join('\n');
    expect(messages).toBe('缺少必填属性 "api"\n有 "overrides" 时必须有 "entity"');
  });
});

describe.each(DIALECTS)('GET /sys/schema/page of a derived page ($name)', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(url);
  });
  afterAll(async () => t?.close());

  it('answers the complete page of 设备维修 for the route code', async () => {
    const token = await t.login('admin');
    const res = await t.call({
      method: 'GET',
      url: '/sys/schema/page',
      token,
      query: { component: 'OnlineList', code: 'erp_repair_order' },
    });
    expect(res.statusCode).toBe(200);
    const page = res.json().result as ServedPage;
    expect(page).toMatchObject({ code: 'erp-repair-order', entity: 'erp_repair_order' });
    expect(page).not.toHaveProperty('overrides');
    expect(page.columns?.length).toBe(9);
    expect(Object.keys(page.form?.schema.properties ?? {})).toContain('erp_repair_part');
  });
});
