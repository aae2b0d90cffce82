import { describe, expect, it } from 'vitest';
import type { EntityField } from '../../../src/shared/schema-types';
import { childColumns, type ChildDefinition } from '../../../src/client/widgets/child-table/child-definition';
import { compileRules } from '../../../src/client/widgets/editable-table/rules';

const FIELDS: EntityField[] = [
  { name: 'name', title: '配件名称', type: 'string', length: 4, required: true },
  { name: 'status', title: '状态', type: 'string', length: 2, dictCode: 'erp_repair_status' },
  { name: 'quantity', title: '数量', type: 'decimal', precision: 10, scale: 2, min: 0.01, required: true },
  { name: 'code', title: '编码', type: 'string', rules: [{ pattern: '^[A-Z]+$', message: '只能是大写字母' }] },
  { name: 'amount', title: '金额', type: 'decimal', scale: 2, formula: 'quantity * 2' },
];
const DEF: ChildDefinition = { code: 'x_part', title: '明细', parentField: 'order', minRows: 0, maxRows: 5, fields: FIELDS };

describe('the child table columns (master-detail)', () => {
  const { columns, handlers } = childColumns(DEF);

  it('has a column per field, typed from the field, formula columns read-only', () => {
    expect(columns.map((c) => [c.key, c.type, c.disabled ?? false])).toEqual([
      ['name', 'input', false],
      ['status', 'select', false],
      ['quantity', 'inputNumber', false],
      ['code', 'input', false],
      ['amount', 'inputNumber', true],
    ]);
    expect(columns[1].dictCode).toBe('erp_repair_status');
    expect(columns[2].number).toBe(2);
  });

  it('checks each cell with the child entity rules and their messages', () => {
    const rules = compileRules(columns, handlers);
    const rows = [
      { id: 'a', name: '', quantity: 0, code: 'abc' },
      { id: 'b', name: '电源板过长的名字', quantity: 1, code: 'OK' },
      { id: 'c', name: '电源板', quantity: 2.5, code: 'OK', amount: null },
    ];
    const errors = rules.validateAll(rows).errors.map((e) => [e.rowIndex, e.key, e.message]);
    expect(errors).toEqual([
      [0, 'name', '请输入配件名称'],
      [0, 'quantity', '不能小于0.01'],
      [0, 'code', '只能是大写字母'],
      [1, 'name', '最大长度4位字符'],
    ]);
  });
});
