import { fieldRules } from '../../../src/shared/page-derive/form';
import type { EntityField } from '../../../src/shared/schema-types';
import { errorsOf, renderSchema } from './formily';

const field = (f: EntityField) => ({
  type: 'string',
  'x-decorator': 'FormItem',
  'x-component': 'Input',
  'x-validator': fieldRules(f),
});

// The derived form of a field with the idCard preset refuses what the server refuses, in the same words.
test('the idCard rule preset in a derived form: shape, calendar and check digit, with the rule message', async () => {
  const { form } = renderSchema(
    {
      type: 'object',
      properties: {
        idNo: field({ name: 'idNo', title: '身份证号', type: 'string', rules: [{ pattern: 'idCard' }] }),
        other: field({
          name: 'other',
          title: '证件号',
          type: 'string',
          rules: [{ pattern: 'idCard', message: '证件号不对' }],
        }),
        fifteen: field({ name: 'fifteen', title: '旧证', type: 'string', rules: [{ pattern: 'idCard' }] }),
      },
    },
    { idNo: '320102198511153018', other: '110105199002300028', fifteen: '110105491231002' },
  );
  expect(await errorsOf(form, 'idNo')).toEqual(['身份证号码不正确']);
  expect(await errorsOf(form, 'other')).toEqual(['证件号不对']);
  expect(await errorsOf(form, 'fifteen')).toEqual(['身份证号码不正确']);
  form.setValues({ idNo: '320102198511153017', other: '11010519491231002X', fifteen: '' });
  expect(await errorsOf(form, 'idNo')).toEqual([]);
  expect(await errorsOf(form, 'other')).toEqual([]);
  expect(await errorsOf(form, 'fifteen')).toEqual([]);
});
