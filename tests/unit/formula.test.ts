import { describe, expect, it } from 'vitest';
import {
  evaluateFormula,
  formulaDependencies,
  FormulaError,
  parseFormula,
  type FormulaChildren,
  type FormulaRow,
} from '../../src/shared/formula.js';
import { applyFormulas, formulaPlan } from '../../src/shared/formula-plan.js';

const calc = (text: string, row: FormulaRow = {}, children?: FormulaChildren, scale?: number) =>
  evaluateFormula(parseFormula(text), row, children, scale);

describe('formula parser', () => {
  it('follows precedence, parentheses and unary minus', () => {
    expect(calc('1 + 2 * 3')).toBe(7);
    expect(calc('(1 + 2) * 3')).toBe(9);
    expect(calc('10 - 4 - 3')).toBe(3);
    expect(calc('12 / 4 / 3')).toBe(1);
    expect(calc('-2 * -3')).toBe(6);
    expect(calc('- (1 + 2)')).toBe(-3);
  });

  it('tells min/max roll-ups from min/max of two values', () => {
    expect(parseFormula('min(a, b)')).toMatchObject({ kind: 'call', fn: 'min' });
    expect(parseFormula('max(part.price)')).toMatchObject({
      kind: 'aggregate',
      fn: 'max',
      entity: 'part',
      field: 'price',
    });
    expect(parseFormula('count(part)')).toMatchObject({ kind: 'aggregate', fn: 'count', field: null });
  });

  it('refuses mistakes with their position, in Chinese', () => {
    const cases: Array<[string, number, RegExp]> = [
      ['quantity * ', 11, /不完整/],
      ['quantity ** price', 10, /“\*”/],
      ['a + $b', 4, /不能识别的字符“\$”/],
      ['(a + b', 6, /右括号/],
      ['foo(a)', 0, /未知的函数“foo”/],
      ['round(a)', 0, /2 个参数/],
      ['round(a, b)', 9, /0 到 20 的整数/],
      ['a b', 2, /运算符/],
      ['sum(part)', 8, /\.字段名/],
      ['', 0, /公式为空/],
    ];
    for (const [text, position, message] of cases) {
      let error: unknown;
      try {
        parseFormula(text);
      } catch (err) {
        error = err;
      }
      expect(error, text).toBeInstanceOf(FormulaError);
      expect((error as FormulaError).position, text).toBe(position);
      expect((error as FormulaError).message, text).toMatch(message);
      expect((error as FormulaError).message, text).toContain(`公式第 ${position + 1} 个字符处`);
    }
  });

  it('names what a formula reads', () => {
    expect(formulaDependencies(parseFormula('round(a * b, 2) + max(a, c) + sum(part.amount)'))).toEqual({
      fields: ['a', 'b', 'c'],
      children: [{ fn: 'sum', entity: 'part', field: 'amount', pos: 30 }],
    });
  });
});

describe('formula evaluation', () => {
  it('is exact decimal arithmetic', () => {
    expect(calc('a + b', { a: 0.1, b: 0.2 })).toBe(0.3);
    expect(calc('a * 3', { a: 1.1 })).toBe(3.3);
    expect(calc('quantity * price', { quantity: 3, price: 19.99 })).toBe(59.97);
    expect(calc('a - b', { a: '1.00', b: '0.9' })).toBe(0.1);
  });

  it('rounds half-up to the scale', () => {
    expect(calc('a / 3', { a: 1 }, undefined, 2)).toBe(0.33);
    expect(calc('a * b', { a: 0.125, b: 1 }, undefined, 2)).toBe(0.13);
    expect(calc('a * b', { a: -0.125, b: 1 }, undefined, 2)).toBe(-0.13);
    expect(calc('a / 2', { a: 5 }, undefined, 0)).toBe(3);
    expect(calc('round(a, 1)', { a: 2.25 })).toBe(2.3);
    expect(calc('abs(a)', { a: -4.5 })).toBe(4.5);
  });

  it('treats empty operands as 0 in sums and as empty in products', () => {
    expect(calc('a + b', { a: 5, b: null })).toBe(5);
    expect(calc('a - b', { b: 2 })).toBe(-2);
    expect(calc('a * b', { a: 5, b: null })).toBeNull();
    expect(calc('a / b', { a: null, b: 2 })).toBeNull();
    expect(calc('a / b', { a: 1, b: 0 })).toBeNull();
    expect(calc('max(a, b)', { a: null, b: 2 })).toBe(2);
    expect(calc('min(a, b)', { a: 1, b: 2 })).toBe(1);
    // Text that is not a number is empty, never concatenated.
    expect(calc('a * 2', { a: 'x' })).toBeNull();
    // Inherited names are not values.
    expect(calc('constructor * 2', {})).toBeNull();
    expect(calc('count(toString)', {}, {})).toBe(0);
  });

  it('rolls up child rows', () => {
    const parts = [
      { amount: 59.97, price: 19.99 },
      { amount: 0.1, price: 0.1 },
      { amount: null, price: 5 },
      { amount: 0.2, price: null },
    ];
    const children = { part: parts };
    expect(calc('sum(part.amount)', {}, children)).toBe(60.27);
    expect(calc('count(part)', {}, children)).toBe(4);
    expect(calc('min(part.price)', {}, children)).toBe(0.1);
    expect(calc('max(part.price)', {}, children)).toBe(19.99);
    expect(calc('labor + sum(part.amount)', { labor: 100 }, children)).toBe(160.27);
    expect(calc('sum(part.amount)', {}, { part: [] })).toBe(0);
    expect(calc('max(part.amount)', {}, {})).toBeNull();
    expect(calc('sum(part.amount) * 2', {}, () => '1.5')).toBe(3);
  });
});

describe('formula plan', () => {
  const fields = [
    { name: 'total', type: 'decimal', scale: 2, formula: 'labor + partsTotal' },
    { name: 'labor', type: 'decimal', scale: 2 },
    { name: 'partsTotal', type: 'decimal', scale: 2, formula: 'sum(part.amount)' },
    { name: 'net', type: 'decimal', scale: 2, formula: 'gross / 1.13' },
    { name: 'gross', type: 'decimal', scale: 2, formula: 'labor * 2' },
    { name: 'units', type: 'int', formula: 'labor / 3' },
  ];

  it('computes formulas after the formula fields they read', () => {
    const plan = formulaPlan(fields);
    const order = plan.ordered.map((c) => c.field);
    expect(order.indexOf('partsTotal')).toBeLessThan(order.indexOf('total'));
    expect(order.indexOf('gross')).toBeLessThan(order.indexOf('net'));
    expect(applyFormulas(plan, { labor: 10 }, { part: [{ amount: 1.25 }] })).toEqual({
      labor: 10,
      gross: 20,
      net: 17.7,
      partsTotal: 1.25,
      total: 11.25,
      units: 3,
    });
    // Row formulas only: the roll-up keeps the value it has.
    expect(applyFormulas(plan, { labor: 10, partsTotal: 5 }, {}, 'row')).toMatchObject({
      partsTotal: 5,
      total: 15,
    });
  });

  it('refuses a cycle', () => {
    expect(() =>
      formulaPlan([
        { name: 'a', type: 'int', formula: 'b + 1' },
        { name: 'b', type: 'int', formula: 'c + 1' },
        { name: 'c', type: 'int', formula: 'a + 1' },
      ]),
    ).toThrow('计算字段循环引用：a → b → c → a');
  });
});
