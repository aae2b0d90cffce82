import { checkFormValues, formDictCodes } from '../../src/shared/form-values';
import type { FormSchema } from '../../src/shared/schema-types';

const schema: FormSchema = {
  type: 'object',
  required: ['weight'],
  properties: {
    grid: {
      type: 'void',
      'x-component': 'FormGrid',
      properties: {
        smoker: {
          type: 'string',
          title: '吸烟',
          'x-component': 'Radio.Group',
          enum: [
            { label: '是', value: '1' },
            { label: '否', value: '0' },
          ],
        },
        packs: {
          type: 'number',
          title: '每日包数',
          'x-component': 'NumberPicker',
          'x-display': 'none',
          'x-validator': [{ minimum: 1, maximum: 5 }],
          'x-reactions': { when: { field: 'smoker', op: 'eq', value: '1' }, fulfill: { state: { display: 'visible', required: true } } },
        },
        weight: { type: 'number', title: '体重', 'x-component': 'NumberPicker' },
      },
    },
    phone: { type: 'string', 'x-component': 'Input', 'x-validator': [{ mobile: true }] },
    mail: { type: 'string', 'x-component': 'Input', 'x-validator': 'email' },
    note: { type: 'string', 'x-component': 'Input', 'x-validator': [{ maxLength: 3 }] },
    symptoms: { type: 'array', 'x-component': 'JCheckbox', 'x-component-props': { dictCode: 'symptom' } },
    drugs: {
      type: 'array',
      'x-component': 'ArrayTable',
      items: {
        type: 'object',
        properties: {
          drug: { type: 'string', required: true, 'x-component': 'Input' },
          dose: { type: 'number', 'x-component': 'NumberPicker', 'x-validator': [{ minimum: 0, message: '剂量不能为负' }] },
        },
      },
    },
  },
};
const def = { schema };

/** The errors without their titles (the titles have a test of their own). */
const check = (values: unknown, opts?: Parameters<typeof checkFormValues>[2]) => {
  const r = checkFormValues(def, values, opts);
  return { values: r.values, errors: r.errors.map(({ field, message }) => ({ field, message })) };
};

describe('checkFormValues', () => {
  test('keeps declared shown fields, converts numeric text, drops unknown keys and empty values', () => {
    const r = check({ smoker: '0', weight: '60.5', note: '', extra: 'x', packs: 3 });
    expect(r.errors).toEqual([]);
    // packs is hidden unless smoker = 1: dropped although sent.
    expect(r.values).toEqual({ smoker: '0', weight: 60.5 });
  });

  test('required from the schema and from a linkage, with the console form’s message', () => {
    const r = check({ smoker: '1' });
    expect(r.errors).toEqual([
      { field: 'packs', message: '该字段是必填字段' },
      { field: 'weight', message: '该字段是必填字段' },
    ]);
  });

  test('rules: Formily’s messages for its own keys, the shared checks’ for named ones', () => {
    const r = check({ smoker: '1', packs: 9, weight: 'abc', phone: '123', mail: 'x@', note: 'abcd' });
    expect(r.errors).toEqual([
      { field: 'packs', message: '数值不能大于5' },
      { field: 'weight', message: '该字段不是合法的数字' },
      { field: 'phone', message: '请输入正确手机号' },
      { field: 'mail', message: '该字段不是合法的邮箱格式' },
      { field: 'note', message: '最大长度3位字符' },
    ]);
  });

  test('options: enum values, and dictionary values when the caller knows them', () => {
    expect(check({ weight: 1, smoker: '2' }).errors).toEqual([
      { field: 'smoker', message: '所选值“2”不存在或无权使用' },
    ]);
    expect(check({ weight: 1, symptoms: ['a', 'z'] }).errors).toEqual([]);
    expect(
      check({ weight: 1, symptoms: ['a', 'z'] }, { dictItems: { symptom: ['a', 'b'] } }).errors,
    ).toEqual([{ field: 'symptoms', message: '所选值“z”不存在或无权使用' }]);
    expect(formDictCodes(def)).toEqual(['symptom']);
  });

  test('child tables: each row’s columns, reported as table[i].column', () => {
    const r = check({
      weight: 1,
      drugs: [{ drug: '阿司匹林', dose: '2', junk: 1 }, { dose: -1 }],
    });
    expect(r.errors).toEqual([
      { field: 'drugs[1].drug', message: '该字段是必填字段' },
      { field: 'drugs[1].dose', message: '剂量不能为负' },
    ]);
    expect(r.values.drugs).toEqual([{ drug: '阿司匹林', dose: 2 }, {}]);
    expect(check({ weight: 1, drugs: 'x' }).errors).toEqual([{ field: 'drugs', message: '表单数据格式不正确' }]);
  });

  test('errors carry the form’s titles, a cell its table’s and row’s', () => {
    const titles = checkFormValues(def, { smoker: '1', drugs: [{ dose: 1 }] }).errors.map((e) => e.title);
    expect(titles).toEqual(['每日包数', '体重', 'drugs第1行·drug']);
  });

  test('a document that is not an object is refused', () => {
    expect(check([1]).errors).toHaveLength(1);
    expect(check('x').values).toEqual({});
  });
});
