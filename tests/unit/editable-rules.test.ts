import { describe, expect, it } from 'vitest';
import { compileRules, fillTemplate } from '../../src/client/widgets/editable-table/rules';
import {
  acceptsNumberInput,
  parseNumberOnBlur,
} from '../../src/client/widgets/editable-table/model/number-input';
import { parseTsv, isBlock } from '../../src/client/widgets/editable-table/model/tsv';
import { columnStatistics, formatStatistic } from '../../src/client/widgets/editable-table/model/statistics';
import { newRow, renumber, moveRow, withIds } from '../../src/client/widgets/editable-table/model/rows';
import { isTempRowId } from '../../src/client/widgets/editable-table/model/row-ids';
import { pastedValue } from '../../src/client/widgets/editable-table/model/paste';
import {
  popupConfigError,
  popupFillValues,
  popupRowKey,
  parseSorter,
} from '../../src/client/widgets/popup/popup-config';
import type { EditableColumn, Row, ValidateRule } from '../../src/client/widgets/editable-table/types';

const col = (rules: ValidateRule[], extra: Partial<EditableColumn> = {}): EditableColumn => ({
  key: 'v',
  title: '字段',
  type: 'input',
  validateRules: rules,
  ...extra,
});
const check = (rules: ValidateRule[], value: unknown, others: unknown[] = []) => {
  const rows: Row[] = [{ id: 'r0', v: value }, ...others.map((v, i) => ({ id: `o${i}`, v }))];
  return compileRules([col(rules)]).validateCell(rows, 0, 'v');
};

describe('editable-table rule presets (spec §5)', () => {
  const cases: Array<[string, string[], string[], string]> = [
    ['n6-16', ['123456', '1234567890123456'], ['12345', '12345678901234567', '12345a'], '请输入6-16位数字'],
    ['*6-16', ['abcdef', '中文六个字符呀', 'a b c!'], ['abcde', 'x'.repeat(17)], '请输入6-16位任意字符'],
    ['s6-18', ['abcDEF', 'a'.repeat(18)], ['abcde', 'abc|def', 'abc123', 'a'.repeat(19)], '请输入6-18位字母'],
    [
      'url',
      ['http://example.com', 'https://a.b.cn/x?y=1#z'],
      ['example.com', 'http:/x', 'https://', 'ftp://files.example.org'],
      '请输入正确的网址',
    ],
    ['e', ['a.b@c.com', 'x_y+z@mail.example.cn'], ['a@b', 'ab.com', 'a@@b.com'], '请输入正确的电子邮件'],
    [
      'm',
      ['13812345678', '19912345678'],
      ['12812345678', '1381234567', '138123456789'],
      '请输入正确的手机号码',
    ],
    ['p', ['100000', '518057'], ['012345', '12345', '1234567'], '请输入正确的邮政编码'],
    ['s', ['abc', 'ABC'], ['ab1', 'a b', '中文'], '请输入字母'],
    ['n', ['1', '-2', '3.14', '-0.5'], ['1.', '.5', 'abc', '1e3'], '请输入数字'],
    ['z', ['0', '42', '-7'], ['1.0', 'x', '+1'], '请输入整数'],
    [
      'money',
      ['0', '12', '12.5', '12.34', '0.01'],
      ['12.345', '-1', '01', '1.', 'abc'],
      '请输入正确的金额（最多两位小数）',
    ],
  ];
  for (const [preset, good, bad, message] of cases) {
    it(`${preset}: accepts ${good.join(' ')} and refuses ${bad.join(' ')}`, () => {
      for (const v of good) expect(check([{ pattern: preset }], v)).toBeUndefined();
      for (const v of bad) expect(check([{ pattern: preset }], v)).toBe(message);
    });
    it(`${preset}: an empty cell is not checked`, () => {
      expect(check([{ pattern: preset }], '')).toBeUndefined();
      expect(check([{ pattern: preset }], null)).toBeUndefined();
    });
  }

  it('numbers get the verdict their text would get (n, z, money), exponents included', async () => {
    const { PATTERN_PRESETS } = await import('../../src/shared/validate-presets');
    const numbers = [
      0,
      7,
      -7,
      3.5,
      -0.25,
      12.345,
      1e21,
      -2e22,
      1e-7,
      5e-7,
      123456789012,
      0.1 + 0.2,
      NaN,
      Infinity,
    ];
    for (const preset of ['n', 'z', 'money'] as const) {
      const re = new RegExp(PATTERN_PRESETS[preset].pattern, 'u');
      for (const n of numbers) {
        const text = Number.isFinite(n) ? String(n) : '';
        const expected = text === '' || re.test(text) ? undefined : PATTERN_PRESETS[preset].message;
        expect(check([{ pattern: preset }], n), `${preset} ${n}`).toBe(expected);
      }
    }
  });

  it('* means non-empty and fails an empty cell', () => {
    expect(check([{ pattern: '*' }], '')).toBe('该字段不能为空');
    expect(check([{ pattern: '*' }], 'x')).toBeUndefined();
  });

  it('uses the rule message with ${title}, ${key} and ${defaultValue} filled in', () => {
    const c = col([{ pattern: 'm', message: '${title}(${key})不对，默认${defaultValue}' }], {
      defaultValue: '139',
    });
    expect(compileRules([c]).validateCell([{ id: 'a', v: '123' }], 0, 'v')).toBe('字段(v)不对，默认139');
  });
});

describe('editable-table rule kinds and order', () => {
  it('required fails null, undefined, empty text and empty lists', () => {
    for (const v of [null, undefined, '', []]) expect(check([{ required: true }], v)).toBe('字段不能为空');
    for (const v of ['0', 0, 'x', ['a']]) expect(check([{ required: true }], v)).toBeUndefined();
  });

  it('only / unique fails when two or more rows share a value, empty values never count', () => {
    expect(check([{ pattern: 'only' }], 'A', ['B', 'A'])).toBe('字段不能重复');
    expect(check([{ unique: true, message: '编码重复' }], 'A', ['A'])).toBe('编码重复');
    expect(check([{ unique: true }], 'A', ['B', 'C'])).toBeUndefined();
    expect(check([{ unique: true }], '', ['', ''])).toBeUndefined();
    expect(check([{ unique: true }], 7, ['7'])).toBe('字段不能重复');
  });

  it('checks rules in order and reports the first failure only', () => {
    const rules: ValidateRule[] = [
      { required: true, message: '必填' },
      { pattern: 'n', message: '须为数字' },
      { pattern: '^\\d{1,3}$', message: '最多三位' },
    ];
    expect(check(rules, '')).toBe('必填');
    expect(check(rules, 'x')).toBe('须为数字');
    expect(check(rules, '1234')).toBe('最多三位');
    expect(check(rules, '123')).toBeUndefined();
  });

  it('custom patterns are regular expressions skipped when the cell is empty', () => {
    expect(
      check([{ pattern: '^[A-Z]{2}\\d{4}$', message: '格式为两位大写字母加四位数字' }], 'AB1234'),
    ).toBeUndefined();
    expect(check([{ pattern: '^[A-Z]{2}\\d{4}$', message: '格式为两位大写字母加四位数字' }], 'ab1234')).toBe(
      '格式为两位大写字母加四位数字',
    );
    expect(check([{ pattern: '^[A-Z]{2}\\d{4}$' }], '')).toBeUndefined();
    expect(check([{ pattern: '^x$' }], 'y')).toBe('字段格式不正确');
  });

  it('refuses a definition whose pattern is not a regular expression', () => {
    expect(() => compileRules([col([{ pattern: '^(unclosed$' }])])).toThrow('列 v 的校验正则无效');
  });

  it('named shared checks give their own message unless the rule has one', () => {
    expect(check([{ handler: 'idCard' }], '110101199003071234')).toBe('请输入正确的身份证号码');
    expect(check([{ handler: 'idCard', message: '${title}号码有误' }], 'abc')).toBe('字段号码有误');
    expect(check([{ handler: 'email' }], '')).toBeUndefined();
  });

  it('custom handlers see the row and all rows; false uses the rule message, text is the message', () => {
    const handlers = {
      notAboveStock: ({ value, row }: { value: unknown; row: Row }) =>
        Number(value) > Number(row.stock) ? '超出库存 ${title}' : true,
      even: ({ value }: { value: unknown }) => Number(value) % 2 === 0,
    };
    const c1 = col([{ handler: 'notAboveStock' }]);
    const c2: EditableColumn = {
      key: 'w',
      title: '偶数',
      type: 'input',
      validateRules: [{ handler: 'even', message: '${title}必须是偶数' }],
    };
    const rules = compileRules([c1, c2], handlers);
    const rows: Row[] = [{ id: 'a', v: 5, stock: 3, w: 3 }];
    expect(rules.validateCell(rows, 0, 'v')).toBe('超出库存 字段');
    expect(rules.validateCell(rows, 0, 'w')).toBe('偶数必须是偶数');
    rows[0] = { id: 'a', v: 2, stock: 3, w: 4 };
    expect(rules.validateCell(rows, 0, 'v')).toBeUndefined();
    expect(rules.validateCell(rows, 0, 'w')).toBeUndefined();
  });
});

describe('validate-all over every row', () => {
  it('finds every planted error in 10,000 × 20, in row then column order', () => {
    const columns: EditableColumn[] = Array.from({ length: 20 }, (_, c) => ({
      key: `c${c}`,
      title: `列${c}`,
      type: c % 4 === 1 ? 'inputNumber' : 'input',
      validateRules:
        c % 4 === 1
          ? [{ required: true }, { pattern: 'n' }]
          : [{ required: true }, { pattern: '^.{0,12}$', message: '过长' }],
    }));
    columns[0].validateRules = [...(columns[0].validateRules ?? []), { unique: true }];
    const rows: Row[] = [];
    const planted = new Set<string>();
    for (let r = 0; r < 10_000; r++) {
      const row: Row = { id: `r${r}` };
      for (let c = 0; c < 20; c++) row[`c${c}`] = c % 4 === 1 ? r * c : `r${r}c${c}`;
      if (r % 100 === 37) {
        row.c7 = '';
        planted.add(`${r}:c7`);
      }
      if (r % 250 === 11) {
        row.c18 = 'x'.repeat(20);
        planted.add(`${r}:c18`);
      }
      if (r % 500 === 3) {
        row.c5 = 'abc';
        planted.add(`${r}:c5`);
      }
      rows.push(row);
    }
    rows[9_999].c0 = rows[5].c0;
    planted.add('5:c0');
    planted.add('9999:c0');
    const { errors } = compileRules(columns).validateAll(rows);
    expect(new Set(errors.map((e) => `${e.rowIndex}:${e.key}`))).toEqual(planted);
    expect(errors).toHaveLength(planted.size);
    const order = errors.map((e) => e.rowIndex * 100 + Number(e.key.slice(1)));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(errors[0]).toMatchObject({ rowIndex: 3, key: 'c5', message: '请输入数字' });
  });
});

describe('number cells', () => {
  it('keep only empty, "-" or a signed decimal while typing', () => {
    for (const ok of ['', '-', '1', '-1', '12.', '12.5', '-0.25', '.5'])
      expect(acceptsNumberInput(ok)).toBe(true);
    for (const bad of ['a', '1a', '--1', '1-', '1.2.3', '+1', '1e3', ' 1'])
      expect(acceptsNumberInput(bad)).toBe(false);
  });

  it('become a number or empty on blur, rounded and clamped when asked', () => {
    expect(parseNumberOnBlur('12.')).toBe(12);
    expect(parseNumberOnBlur('-')).toBe('');
    expect(parseNumberOnBlur('')).toBe('');
    expect(parseNumberOnBlur('-3.456', { decimals: 2 })).toBe(-3.46);
    expect(parseNumberOnBlur('150', { max: 100 })).toBe(100);
    expect(parseNumberOnBlur('-5', { min: 0 })).toBe(0);
  });
});

describe('rows, paste, statistics', () => {
  const columns: EditableColumn[] = [
    { key: 'name', title: '名称', type: 'input', defaultValue: '未命名' },
    { key: 'sortNo', title: '序号', type: 'inputNumber', isOrder: true },
    { key: 'ok', title: '启用', type: 'checkbox', customValue: ['Y', 'N'], defaultChecked: true },
    { key: 'flag', title: '标记', type: 'checkbox' },
    {
      key: 'kind',
      title: '类别',
      type: 'select',
      options: [
        { value: '1', text: '药品' },
        { value: '2', text: '器械' },
      ],
    },
  ];

  it('new rows get a temporary id and the column defaults; isOrder continues the largest number', () => {
    const row = newRow(columns, [
      { id: 'a', sortNo: 4 },
      { id: 'b', sortNo: '9' },
    ]);
    expect(isTempRowId(row.id)).toBe(true);
    expect(row).toMatchObject({ name: '未命名', sortNo: 10, ok: 'Y', flag: false, kind: '' });
  });

  it('rows without ids get one, rows with ids are kept as they are', () => {
    const rows = [{ id: 'a', x: 1 }, { x: 2 } as unknown as Row];
    const out = withIds(rows);
    expect(out[0]).toBe(rows[0]);
    expect(isTempRowId(out[1].id)).toBe(true);
    const full = [{ id: 'a' }];
    expect(withIds(full)).toBe(full);
  });

  it('a drag renumbers the sort key from 1 in the new order', () => {
    const rows: Row[] = [
      { id: 'a', orderNum: 1 },
      { id: 'b', orderNum: 2 },
      { id: 'c', orderNum: 3 },
    ];
    expect(renumber(moveRow(rows, 2, 0), 'orderNum')).toEqual([
      { id: 'c', orderNum: 1 },
      { id: 'a', orderNum: 2 },
      { id: 'b', orderNum: 3 },
    ]);
  });

  it('parses a spreadsheet block, quoted cells included', () => {
    expect(parseTsv('a\tb\r\nc\td\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseTsv('"line1\nline2"\t"say ""hi"""\nx\t')).toEqual([
      ['line1\nline2', 'say "hi"'],
      ['x', ''],
    ]);
    expect(isBlock('one cell')).toBe(false);
    expect(isBlock('one cell\n')).toBe(false);
    expect(isBlock('a\tb')).toBe(true);
  });

  it('pasted text becomes the column value', () => {
    expect(pastedValue(columns[1], ' 12.50 ', [])).toBe(12.5);
    expect(pastedValue(columns[1], 'abc', [])).toBe('');
    expect(pastedValue(columns[2], '是', [])).toBe('Y');
    expect(pastedValue(columns[2], '否', [])).toBe('N');
    expect(
      pastedValue(columns[4], '器械', [
        { value: '1', label: '药品' },
        { value: '2', label: '器械' },
      ]),
    ).toBe('2');
    expect(pastedValue({ key: 'd', title: '日期', type: 'date' }, '2026/3/5', [])).toBe('2026-03-05');
  });

  it('statistics cover every row and skip empty cells', () => {
    const rows: Row[] = [
      { id: 'a', amount: '10.1' },
      { id: 'b', amount: 0.2 },
      { id: 'c', amount: '' },
      { id: 'd', amount: 5 },
    ];
    const stats = columnStatistics(rows, {
      key: 'amount',
      title: '金额',
      type: 'inputNumber',
      statistics: ['sum', 'average', 'max', 'min', 'count'],
    });
    expect(stats).toEqual([
      { kind: 'sum', value: 15.3 },
      { kind: 'average', value: 5.1 },
      { kind: 'max', value: 10.1 },
      { kind: 'min', value: 0.2 },
      { kind: 'count', value: 3 },
    ]);
    expect(formatStatistic(1234567.891)).toBe('1,234,567.89');
  });

  it('fills ${title}, ${key} and ${defaultValue} in placeholders', () => {
    expect(
      fillTemplate('请输入${title}（${key}，默认${defaultValue}）', {
        title: '数量',
        key: 'qty',
        defaultValue: 1,
      }),
    ).toBe('请输入数量（qty，默认1）');
  });
});

describe('popup configuration', () => {
  it('needs code, orgFields and destFields, with as many of each', () => {
    expect(popupConfigError({ code: '', orgFields: 'a', destFields: 'b' })).toBe('popup参数未正确配置');
    expect(popupConfigError({ code: 'r', orgFields: '', destFields: 'b' })).toBe('popup参数未正确配置');
    expect(popupConfigError({ code: 'r', orgFields: 'a', destFields: undefined })).toBe(
      'popup参数未正确配置',
    );
    expect(popupConfigError({ code: 'r', orgFields: 'a,b', destFields: 'x' })).toBe(
      'popup参数未正确配置，原始值与目标值数量不一致',
    );
    expect(popupConfigError({ code: 'r', orgFields: 'a, b', destFields: 'x,y' })).toBeNull();
  });

  it('copies orgFields into destFields, comma-joined for several records', () => {
    expect(popupFillValues([{ name: '血压计', price: 199 }], 'name,price', 'product,unitPrice')).toEqual({
      product: '血压计',
      unitPrice: '199',
    });
    expect(popupFillValues([{ name: 'A' }, { name: 'B' }], 'name', 'product')).toEqual({ product: 'A,B' });
  });

  it('row keys are at most 50 characters and still tell records apart', () => {
    const a = popupRowKey({ id: '1', name: 'x'.repeat(80) });
    const b = popupRowKey({ id: '1', name: `${'x'.repeat(79)}y` });
    expect(a.length).toBeLessThanOrEqual(50);
    expect(a).not.toBe(b);
    expect(popupRowKey({ id: '7', name: '张伟' })).toBe('7张伟');
  });

  it('reads the sorter as column=asc|desc', () => {
    expect(parseSorter('createTime=desc')).toEqual({ column: 'createTime', order: 'desc' });
    expect(parseSorter('name=ASC')).toEqual({ column: 'name', order: 'asc' });
    expect(parseSorter('name=up')).toBeNull();
    expect(parseSorter('1;drop=asc')).toBeNull();
  });
});
