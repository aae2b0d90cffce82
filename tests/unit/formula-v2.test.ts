import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  evaluateCondition,
  evaluateFormula,
  evaluateValue,
  FormulaError,
  parseCondition,
  parseFormula,
  type FormulaRow,
} from '../../src/shared/formula.js';
import { applyFormulas, applyLiveFields, formulaPlan } from '../../src/shared/formula-plan.js';
import { conditionProblems, formulaProblems } from '../../src/server/definitions/formula-problems.js';
import type { EntityDefinition } from '../../src/shared/schema-types.js';
import { fieldColumn } from '../../src/shared/page-derive/columns.js';
import { field } from '../server/entity-fixtures.js';

const calc = (text: string, row: FormulaRow = {}) => evaluateFormula(parseFormula(text), row);
const holds = (text: string, row: FormulaRow = {}) => evaluateCondition(parseCondition(text), row);

function parseError(text: string): FormulaError {
  try {
    parseFormula(text);
  } catch (err) {
    expect(err, text).toBeInstanceOf(FormulaError);
    return err as FormulaError;
  }
  throw new Error(`“${text}” parsed`);
}

describe('addDays and each.<field>', () => {
  const value = (text: string, row: FormulaRow = {}) => evaluateValue(parseFormula(text), row);
  it('adds whole days to a date across months and years; empty stays empty', () => {
    expect(value('addDays(d, 30)', { d: '2026-01-30' })).toBe('2026-03-01');
    expect(value('addDays(d, n + 1)', { d: '2026-12-31 08:00:00', n: 0 })).toBe('2027-01-01');
    expect(value('addDays(d, -1)', { d: '2024-03-01' })).toBe('2024-02-29');
    expect(value('addDays(d, 3)', { d: '' })).toBeNull();
    expect(value('addDays(d, n)', { d: '2026-01-01', n: '' })).toBeNull();
  });
  it('compares dates as text and reads each.<field>', () => {
    expect(
      holds('visitDate <= addDays(planDate, 3)', { visitDate: '2026-01-04', planDate: '2026-01-01' }),
    ).toBe(true);
    expect(
      holds('visitDate <= addDays(planDate, 3)', { visitDate: '2026-01-05', planDate: '2026-01-01' }),
    ).toBe(false);
    expect(
      value('addDays(enrolDate, each.dayOffset)', { enrolDate: '2026-01-01', 'each.dayOffset': 7 }),
    ).toBe('2026-01-08');
    expect(parseError('each.').message).toContain('each. 后应为字段名');
    expect(parseError('addDays(d)').message).toContain('addDays(日期, 天数)');
  });
  it('reads a form document’s value as <form field>.<key>, empty as 0 in a comparison', () => {
    const doc = { status: '1', 'data.sbp': 172, 'data.dbp': 96 };
    expect(holds("status = '1' and (data.sbp >= 160 or data.dbp >= 100)", doc)).toBe(true);
    expect(holds('data.sbp >= 160', { 'data.dbp': 120 })).toBe(false);
    expect(value('data.sbp', doc)).toBe('172');
    expect(parseError('data.(').message).toContain('data. 后应为字段名');
    // Outside a trigger a dotted name is no field of the entity: the check says where it may be used.
    const e = { fields: [field('amount', 'decimal')] } as EntityDefinition;
    expect(conditionProblems(e, 'part.amount > 1')).toEqual([
      '条件中的字段 "part.amount" 不存在（子表字段只能用在 sum、count、min、max、last 中；表单字段的内容只能在触发规则中读取）',
    ]);
  });
});

describe('conditions in the formula language', () => {
  it('compares numbers exactly as decimals, a comparison being 1 or 0', () => {
    expect(calc('a + b = 0.3', { a: 0.1, b: 0.2 })).toBe(1);
    expect(calc('a + b != 0.3', { a: 0.1, b: 0.2 })).toBe(0);
    expect(holds('receivedAmount <= amount', { receivedAmount: '10.00', amount: 10 })).toBe(true);
    expect(holds('receivedAmount < amount', { receivedAmount: '10.00', amount: 10 })).toBe(false);
    expect(holds('a > b', { a: '0.30000000000000000001', b: 0.3 })).toBe(true);
    expect(holds('a >= 2 * b', { a: 4, b: 2 })).toBe(true);
    // Empty counts as 0.
    expect(holds('paid <= amount', { amount: 5 })).toBe(true);
    expect(holds('paid = 0', { paid: null })).toBe(true);
    expect(calc('(a > 1) * 10 + (a > 5) * 100', { a: 3 })).toBe(10);
  });

  it('compares text with a quoted literal, as stored', () => {
    expect(holds("status = '3'", { status: 3 })).toBe(true);
    expect(holds("status = '3'", { status: '03' })).toBe(false);
    expect(holds("status != '3'", { status: '2' })).toBe(true);
    expect(holds("name = 'O''Hara'", { name: "O'Hara" })).toBe(true);
    expect(holds("dueDate < '2026-03-01'", { dueDate: '2026-02-28' })).toBe(true);
    expect(holds("note = ''", {})).toBe(true);
    // Two texts that are not numbers compare as text too.
    expect(holds('a = b', { a: 'x', b: 'x' })).toBe(true);
    expect(holds('a = b', { a: 'x', b: 'y' })).toBe(false);
  });

  it('combines with and, or, not (not binds tighter than and, and than or)', () => {
    const row = { a: 2, b: 1, c: 0, s: '1' };
    expect(calc('a > b and not c', row)).toBe(1);
    expect(calc('c or a < b', row)).toBe(0);
    expect(holds('c and a or b', row)).toBe(true);
    expect(holds('not a > b or c', row)).toBe(false);
    expect(holds('not (a > b or c)', row)).toBe(false);
    expect(holds("s = '1' and (c or b)", row)).toBe(true);
  });

  it('chooses with if(condition, a, b)', () => {
    expect(calc("if(status = '3', 0, amount)", { status: '3', amount: 5 })).toBe(0);
    expect(calc("if(status = '3', 0, amount)", { status: '2', amount: 5 })).toBe(5);
    expect(calc('if(qty, price / qty, 0)', { qty: 0, price: 5 })).toBe(0);
    expect(calc('round(if(a > b, a, b) * 1.005, 2)', { a: 1, b: 2 })).toBe(2.01);
  });

  it('holds when the value is neither 0 nor empty', () => {
    expect(holds('flag', { flag: 1 })).toBe(true);
    expect(holds('flag', { flag: '0.00' })).toBe(false);
    expect(holds('flag', { flag: null })).toBe(false);
    expect(holds('flag', { flag: 'x' })).toBe(true);
    expect(holds('a - b', { a: 2, b: 2 })).toBe(false);
    expect(holds('sum(part.qty) > 2', {})).toBe(false);
    expect(evaluateCondition(parseCondition('count(part) > 1'), {}, { part: [{}, {}] })).toBe(true);
  });

  it('keeps arithmetic on a non-numeric text empty', () => {
    expect(calc('a * 2', { a: 'x' })).toBeNull();
    expect(calc('a + 2', { a: 'x' })).toBe(2);
  });

  it('refuses mistakes with their position, in Chinese', () => {
    const cases: Array<[string, number, RegExp]> = [
      ['a < b < c', 6, /比较不能连写/],
      ["status = '3", 9, /单引号/],
      ['if(a, b)', 0, /if 需要 3 个参数/],
      ['daysSince(1)', 10, /日期字段名/],
      ['a and', 5, /不完整/],
      ['a = = b', 4, /“=”/],
      ['or a', 0, /数字、字段名/],
      ['a ! b', 2, /不能识别的字符“!”/],
    ];
    for (const [text, position, message] of cases) {
      const err = parseError(text);
      expect(err.position, text).toBe(position);
      expect(err.message, text).toMatch(message);
    }
  });

  it('parses a condition once per text', () => {
    expect(parseCondition('a > 1')).toBe(parseCondition('a > 1'));
    expect(() => parseCondition('a >')).toThrow(FormulaError);
  });
});

describe('daysSince on the configured calendar', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts whole days from the date to today in the time zone, negative for a future date', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 2026-03-01 01:30 in Shanghai is still 2026-02-28 in UTC: the zone's calendar decides.
    vi.setSystemTime(new Date('2026-02-28T17:30:00Z'));
    expect(calc('daysSince(d)', { d: '2026-02-28' })).toBe(1);
    expect(calc('daysSince(d)', { d: '2026-03-01 23:59:59' })).toBe(0);
    expect(calc('daysSince(d)', { d: '2025-03-01' })).toBe(365);
    expect(calc('daysSince(d)', { d: '2026-03-11' })).toBe(-10);
    expect(calc('daysSince(d)', { d: null })).toBeNull();
    expect(calc('if(daysSince(d) > 30, 1, 0)', { d: '2026-01-01' })).toBe(1);
  });
});

describe('live fields in a formula plan', () => {
  const fields = [
    field('amount', 'decimal', { scale: 2 }),
    field('dueDate', 'date'),
    field('overdueDays', 'int', { formula: 'daysSince(dueDate)', live: true }),
    field('late', 'int', { formula: 'overdueDays > 0', live: true }),
    field('doubled', 'decimal', { scale: 2, formula: 'amount * 2' }),
  ];

  afterEach(() => {
    vi.useRealTimers();
  });

  it('stores them empty on a write and computes them (in order) on a read', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T04:00:00Z'));
    const plan = formulaPlan(fields);
    const written = applyFormulas(
      plan,
      { amount: 1.5, dueDate: '2026-03-01', overdueDays: 99, late: 1 },
      {},
      'row',
    );
    expect(written).toEqual({
      amount: 1.5,
      dueDate: '2026-03-01',
      overdueDays: null,
      late: null,
      doubled: 3,
    });
    expect(applyLiveFields(plan, written)).toMatchObject({ overdueDays: 9, late: 1, doubled: 3 });
  });

  it('gives their derived list column no sort arrow, even when asked', () => {
    expect(fieldColumn(fields[2]).sorter).toBeUndefined();
    expect(fieldColumn({ ...fields[2], sortable: true }).sorter).toBeUndefined();
    expect(fieldColumn(fields[4]).sorter).toBe(true);
  });
});

describe('definition check of conditions, checks and live fields', () => {
  const entity = (extra: Partial<EntityDefinition>): EntityDefinition => ({
    $schema: '../meta/entity.schema.json',
    code: 'v2_order',
    name: '检查',
    fields: [
      field('amount', 'decimal', { scale: 2 }),
      field('paid', 'decimal', { scale: 2 }),
      field('status', 'string', { length: 2 }),
      field('dueDate', 'date'),
    ],
    ...extra,
  });
  const problems = (e: EntityDefinition) => formulaProblems(new Map([[e.code, e]]), e);

  it('refuses addDays in a computed field, whose value is a number', () => {
    const e = entity({
      fields: [...entity({}).fields, field('later', 'int', { formula: 'addDays(dueDate, 1)' })],
    });
    expect(problems(e)).toContainEqual([
      expect.any(Array),
      'addDays 的结果是日期，只能用在条件和触发规则的取值中',
    ]);
  });

  it('accepts conditions over the fields, text compared with literals', () => {
    expect(conditionProblems(entity({}), "paid <= amount and (status = '1' or not paid)")).toEqual([]);
    expect(
      problems(
        entity({
          checks: [{ rule: 'paid <= amount', message: '付款不能超过金额' }],
          fields: [
            ...entity({}).fields,
            field('left', 'decimal', { scale: 2, formula: "if(status = '3', 0, amount - paid)" }),
            field('age', 'int', { formula: 'daysSince(dueDate)', live: true }),
            field('ageLate', 'int', { formula: 'age > 30', live: true }),
          ],
        }),
      ),
    ).toEqual([]);
  });

  it('names unknown and mistyped fields, syntax, roll-ups and daysSince in a check rule', () => {
    const e = entity({
      checks: [
        { rule: 'paid <= amont', message: 'x' },
        { rule: 'paid <=', message: 'x' },
        { rule: 'status * 2 > 1', message: 'x' },
        { rule: 'daysSince(amount) < 3', message: 'x' },
        { rule: 'sum(v2_line.qty) > 0', message: 'x' },
      ],
    });
    expect(problems(e)).toEqual([
      [['checks', '0', 'rule'], '条件中的字段 "amont" 不存在'],
      [['checks', '1', 'rule'], '条件“paid <=”无效：公式第 8 个字符处不完整，缺少数字、字段名或“(”'],
      [['checks', '2', 'rule'], '条件中的字段 "status" 不是数字类型'],
      [['checks', '3', 'rule'], '条件中的字段 "amount" 不是日期类型'],
      [['checks', '3', 'rule'], expect.stringContaining('daysSince 只能用在实时字段')],
      [['checks', '4', 'rule'], '条件只能读取本记录的字段，不能汇总其他实体（sum、count、min、max）'],
    ]);
  });

  it('refuses a live field without formula, queried or sorted, daysSince outside live, stored reading live', () => {
    const e = entity({
      fields: [
        ...entity({}).fields,
        field('noFormula', 'int', { live: true }),
        field('age', 'int', { formula: 'daysSince(dueDate)', live: true, query: 'single', sortable: true }),
        field('storedAge', 'int', { formula: 'daysSince(dueDate)' }),
        field('reads', 'int', { formula: 'age + 1' }),
        field('liveSum', 'int', { formula: 'count(v2_order)', live: true }),
        field('liveRequired', 'int', { formula: 'amount', live: true, required: true }),
      ],
    });
    const found = problems(e);
    expect(found).toContainEqual([['fields', '4', 'live'], '实时字段（live: true）必须有公式（formula）']);
    expect(found).toContainEqual([['fields', '5', 'query'], '实时字段不能作为查询条件']);
    expect(found).toContainEqual([['fields', '5', 'sortable'], '实时字段不能排序']);
    expect(found).toContainEqual([
      ['fields', '6', 'formula'],
      expect.stringContaining('daysSince 只能用在实时字段'),
    ]);
    expect(found).toContainEqual([
      ['fields', '7', 'formula'],
      '计算字段不能读取实时字段 "age"（实时字段在读取时才计算，不存储）',
    ]);
    expect(found).toContainEqual([['fields', '9', 'required'], '实时字段不存储，不能设为必填或唯一']);
    expect(found).toContainEqual([
      ['fields', '8', 'formula'],
      '实时字段的公式不能汇总其他实体（sum、count、min、max）',
    ]);
  });
});
