import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinitions, formatProblem } from '../../src/server/definitions/check.js';
import { deriveForm } from '../../src/shared/page-derive/form.js';
import type { EntityDefinition, EntityField } from '../../src/shared/schema-types.js';

const F = 'tests/fixtures/schemas/invalid-rollups';

// Issue 18: a roll-up reads a child entity or the one entity whose single ref field points here; an
// automatic transition's condition reads the record's own fields.
describe('roll-ups and automatic transitions in schemas:check', () => {
  it('names every roll-up that cannot be resolved and every bad auto condition', () => {
    const lines = checkDefinitions(path.resolve(F), { metaDir: path.resolve('schemas/meta') }).problems.map(
      formatProblem,
    );
    const at = `${F}/entities/ru_order.json`;
    // invoiced and invoiceCount read ru_invoice through its one ref field: no problem.
    expect(lines).toEqual([
      `${at}:11:74: /fields/4/formula: 实体 "ru_pay" 引用 ru_order 的字段不唯一（orderId、otherOrderId），无法汇总`,
      `${at}:12:55: /fields/5/formula: 实体 "ru_loose" 既不是 ru_order 的子表，也没有引用 ru_order 的字段，无法汇总`,
      `${at}:13:59: /fields/6/formula: 公式中汇总的实体 "ru_ghost" 不存在`,
      `${at}:14:73: /fields/7/formula: 实体 ru_invoice 的字段 "note" 不是数字类型`,
      `${at}:14:73: /fields/7/formula: 实体 ru_invoice 没有字段 "gone"`,
      `${at}:20:64: /workflow/transitions/0/auto: 条件“invoiced >= ”无效：公式第 13 个字符处不完整，缺少数字、字段名或“(”`,
      `${at}:21:65: /workflow/transitions/1/auto: 条件中的字段 "ghost" 不存在`,
    ]);
  });
});

describe('roll-ups in a derived form', () => {
  const field = (name: string, extra: Partial<EntityField> = {}): EntityField => ({
    name,
    title: name,
    type: 'decimal',
    ...extra,
  });
  const order: EntityDefinition = {
    code: 'ru_order',
    name: '单据',
    fields: [
      field('lines', { formula: 'sum(ru_line.amount)' }),
      field('paid', { formula: 'sum(ru_invoice.amount)' }),
      field('rest', { formula: 'lines - paid' }),
    ],
  } as EntityDefinition;
  const ref = (name: string) =>
    field(name, { type: 'string', length: 32, ref: { entity: 'ru_order', display: 'lines' } });
  const line = {
    code: 'ru_line',
    name: '明细',
    parent: { field: 'orderId' },
    fields: [ref('orderId'), field('amount')],
  } as EntityDefinition;
  const invoice = {
    code: 'ru_invoice',
    name: '发票',
    fields: [ref('orderId'), field('amount')],
  } as EntityDefinition;

  it('recomputes child-table roll-ups while editing, and keeps the stored value of the others', () => {
    const props = deriveForm(order, [order, line, invoice]).schema.properties as Record<
      string,
      Record<string, unknown>
    >;
    expect(props.lines['x-compute']).toBe('sum(ru_line.amount)');
    // The form does not hold the invoices: the server's value is shown, read-only.
    expect(props.paid['x-compute']).toBeUndefined();
    expect(props.paid['x-pattern']).toBe('readOnly');
    expect(props.rest['x-compute']).toBe('lines - paid');
  });
});
