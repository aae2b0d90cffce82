import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinitions, formatProblem } from '../../src/server/definitions/check.js';
import { refPopupProblems } from '../../src/server/definitions/ref-popup-problems.js';
import type { EntityDefinition, EntityRefPopup, ReportDefinition } from '../../src/shared/schema-types.js';
import { schemasWithRefPopup } from '../server/ref-popup-fixture.js';

const report = (code: string, from: string, columns: string[]): ReportDefinition => ({
  $schema: '',
  code,
  name: code,
  access: 'login',
  query: { from },
  columns: columns.map((field) => ({ field, title: field })),
});
const reports = new Map(
  [
    report('pick_item', 'item', ['id', 'name', 'listPrice', 'taxRate']),
    report('pick_other', 'other', ['id', 'name']),
    report('pick_bare', 'item', ['listPrice']),
  ].map((r) => [r.code, r]),
);

const line = (popup: EntityRefPopup): EntityDefinition => ({
  $schema: '',
  code: 'line',
  name: '明细',
  fields: [
    {
      name: 'item',
      title: '物品',
      type: 'string',
      length: 32,
      ref: { entity: 'item', display: 'name', popup },
    },
    { name: 'qty', title: '数量', type: 'int' },
    { name: 'unitPrice', title: '单价', type: 'decimal' },
    { name: 'amount', title: '金额', type: 'decimal', formula: 'qty * unitPrice' },
  ],
});

const problems = (popup: EntityRefPopup) =>
  refPopupProblems(reports, line(popup)).map(([path, message]) => `${path.join('/')}: ${message}`);

describe('ref popup definition check', () => {
  it('accepts a report over the target with id, display and the filled columns', () => {
    expect(problems({ report: 'pick_item', fill: { unitPrice: 'listPrice' } })).toEqual([]);
  });

  it('names a report that does not exist', () => {
    expect(problems({ report: 'pick_none' })).toEqual([
      'fields/0/ref/popup/report: 弹窗报表 "pick_none" 不存在',
    ]);
  });

  it('names a report over another entity', () => {
    expect(problems({ report: 'pick_other' })).toEqual([
      'fields/0/ref/popup/report: 弹窗报表 pick_other 查询的是 "other"，应查询关联的目标实体 item',
    ]);
  });

  it('names a report without the id or the display column', () => {
    expect(problems({ report: 'pick_bare' })).toEqual([
      'fields/0/ref/popup/report: 弹窗报表 pick_bare 缺少 id 列（所选数据的 id）',
      'fields/0/ref/popup/report: 弹窗报表 pick_bare 缺少显示列 "name"（与 ref.display 同名）',
    ]);
  });

  it('names fill fields this entity lacks or computes, and fill columns the report lacks', () => {
    expect(
      problems({
        report: 'pick_item',
        fill: { price: 'listPrice', item: 'name', amount: 'listPrice', qty: 'stock' },
      }),
    ).toEqual([
      'fields/0/ref/popup/fill/price: 实体 line 没有可带出的字段 "price"',
      'fields/0/ref/popup/fill/item: 实体 line 没有可带出的字段 "item"',
      'fields/0/ref/popup/fill/amount: 字段 "amount" 由公式计算，不能由弹窗带出',
      'fields/0/ref/popup/fill/qty: 弹窗报表 pick_item 没有列 "stock"',
    ]);
  });

  it('is part of the definition check, which passes the fixture module', () => {
    const dir = schemasWithRefPopup();
    expect(
      checkDefinitions(dir)
        .problems.map(formatProblem)
        .filter((l) => l.includes('modules/rp/')),
    ).toEqual([]);
    // The same module with a fill column the report lacks.
    const file = path.join(dir, 'modules/rp/entities/rp_sheet_line.json');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"taxRate": "taxRate"', '"taxRate": "vat"'));
    expect(
      checkDefinitions(dir)
        .problems.map(formatProblem)
        .filter((l) => l.includes('modules/rp/')),
    ).toEqual([expect.stringContaining('/fields/1/ref/popup/fill/taxRate')]);
  });
});
