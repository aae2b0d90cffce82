import { describe, expect, it } from 'vitest';
import { checkDefinitions, formatProblem } from '../../src/server/definitions/check.js';
import { deriveProblems } from '../../src/server/definitions/derive-problems.js';
import type { DictDef, EntityDefinition, EntityDerive } from '../../src/shared/schema-types.js';
import { schemasWithDerive } from '../server/derive-fixture.js';

const ref = (entity: string, display = 'name') => ({ entity, display });

const quote: EntityDefinition = {
  $schema: '',
  code: 'q',
  name: '报价',
  fields: [
    { name: 'title', title: '主题', type: 'string', length: 50 },
    { name: 'amount', title: '金额', type: 'decimal', precision: 12, scale: 2 },
    { name: 'signed', title: '签订日', type: 'date' },
    { name: 'status', title: '状态', type: 'string', length: 2, dictCode: 'q_status' },
  ],
  workflow: {
    field: 'status',
    transitions: [{ key: 'ok', name: '通过', from: ['1'], to: '2', permission: 'q:ok' }],
  },
};
const quoteLine: EntityDefinition = {
  $schema: '',
  code: 'q_line',
  name: '报价明细',
  parent: { field: 'q' },
  fields: [
    { name: 'q', title: '报价', type: 'string', length: 32, ref: ref('q', 'title') },
    { name: 'qty', title: '数量', type: 'int' },
    { name: 'product', title: '产品', type: 'string', length: 50 },
  ],
};
const order: EntityDefinition = {
  $schema: '',
  code: 'o',
  name: '订单',
  fields: [
    { name: 'no', title: '单号', type: 'string', length: 20, numbering: { pattern: 'O{seq:4}' } },
    { name: 'title', title: '主题', type: 'string', length: 50 },
    { name: 'total', title: '金额', type: 'decimal', precision: 12, scale: 2 },
    { name: 'due', title: '交期', type: 'date' },
    { name: 'sum', title: '合计', type: 'decimal', precision: 12, scale: 2, formula: 'total * 2' },
  ],
};
const orderLine: EntityDefinition = {
  $schema: '',
  code: 'o_line',
  name: '订单明细',
  parent: { field: 'o' },
  fields: [
    { name: 'o', title: '订单', type: 'string', length: 32, ref: ref('o', 'no') },
    { name: 'qty', title: '数量', type: 'int' },
    { name: 'product', title: '产品', type: 'string', length: 50 },
  ],
};
const dicts: DictDef[] = [
  {
    code: 'q_status',
    name: '状态',
    items: [
      { value: '1', text: '草稿' },
      { value: '2', text: '已审批' },
    ],
  },
];
const entities = new Map([quote, quoteLine, order, orderLine].map((e) => [e.code, e]));
const check = (derive: EntityDerive[], source: EntityDefinition = quote) =>
  deriveProblems(entities, { ...source, derive }, dicts).map(
    ([path, message]) => `/${path.join('/')}: ${message}`,
  );

// Issue 18: a push-down's names and types are checked with the definitions, not found out at run time.
describe('push-down actions in schemas:check', () => {
  it('accepts a well-formed push-down', () => {
    expect(
      check([
        {
          key: 'toOrder',
          name: '转订单',
          entity: 'o',
          states: ['2'],
          fields: { title: 'title', total: 'amount * 0.9', due: '$today' },
          children: [
            {
              from: 'q_line',
              to: 'o_line',
              where: "qty > 0 and product != ''",
              fields: { qty: 'qty', product: 'product' },
            },
          ],
        },
      ]),
    ).toEqual([]);
  });

  it('names unknown targets, fields, children, states and mismatched types', () => {
    expect(
      check([
        { key: 'a', name: '甲', entity: 'nothing', fields: {} },
        { key: 'a', name: '乙', entity: 'o_line', states: ['9'], fields: {} },
        {
          key: 'c',
          name: '丙',
          entity: 'o',
          fields: {
            ghost: 'title',
            no: 'title',
            sum: 'amount',
            title: 'amount * 2',
            total: 'title',
            due: '$yesterday',
            signedOn: '$today',
          },
          children: [
            { from: 'o_line', to: 'q_line', fields: {} },
            {
              from: 'q_line',
              to: 'o_line',
              where: 'qty >',
              fields: { qty: 'qty - missing', product: 'ghost * 2' },
            },
          ],
        },
      ]),
    ).toEqual([
      '/derive/0/entity: 目标实体 "nothing" 不存在',
      '/derive/1/key: 下推 key "a" 重复',
      '/derive/1/states/0: "9" 不是字典 q_status 的项',
      '/derive/1/entity: 目标实体 "o_line" 是子表，应为顶层实体',
      '/derive/2/fields/ghost: 目标实体 o 没有字段 "ghost"',
      '/derive/2/fields/no: "no" 是编号字段，由添加时生成，不能下推赋值',
      '/derive/2/fields/sum: "sum" 是计算字段，由添加时生成，不能下推赋值',
      '/derive/2/fields/title: 目标字段 "title" 不是数字类型，不能取数字或公式',
      '/derive/2/fields/total: 字段 "title"（string）与目标字段 "total"（decimal）类型不符',
      '/derive/2/fields/due: 未知的取值 "$yesterday"（可用 $id、$today、$user）',
      '/derive/2/fields/signedOn: 目标实体 o 没有字段 "signedOn"',
      '/derive/2/children/0/from: "o_line" 不是 q 的子表',
      '/derive/2/children/0/to: "q_line" 不是 o 的子表',
      '/derive/2/children/1/where: 条件“qty >”无效：公式第 6 个字符处不完整，缺少数字、字段名或“(”',
      '/derive/2/children/1/fields/qty: q_line 没有字段 "missing"',
      '/derive/2/children/1/fields/product: 目标字段 "product" 不是数字类型，不能取数字或公式',
    ]);
  });

  it('refuses states on an entity without a workflow', () => {
    expect(check([{ key: 'x', name: '甲', entity: 'o', states: ['1'], fields: {} }], order)).toEqual([
      '/derive/0/states/0: 实体没有 workflow，不能按状态限制下推',
    ]);
  });

  it('accepts the fixture module’s push-down with the shipped definitions', () => {
    const lines = checkDefinitions(schemasWithDerive()).problems.map(formatProblem);
    expect(lines.filter((l) => l.includes('/derive'))).toEqual([]);
  });
});
