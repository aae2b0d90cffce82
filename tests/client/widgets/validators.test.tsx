import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkRuleValidator } from '../../../src/client/widgets/validators/check-rule';
import { duplicateValidator } from '../../../src/client/widgets/validators/duplicate';
import { env, fakeServer } from './fake-server';
import { errorsOf, renderSchema } from './formily';

let server: ReturnType<typeof fakeServer>;
afterEach(() => server?.restore());

const field = (props: Record<string, unknown>) => ({ type: 'string', 'x-decorator': 'FormItem', 'x-component': 'Input', ...props });

test('shared rules by name in a definition, with the spec messages', async () => {
  const { form } = renderSchema(
    {
      type: 'object',
      properties: {
        mobile: field({ 'x-validator': [{ mobile: true }] }),
        email: field({ 'x-validator': [{ email: true }] }),
        idCard: field({ 'x-validator': [{ idCard: true }] }),
        name: field({ 'x-validator': [{ minLength: 2 }, { maxLength: 4 }] }),
        username: field({ 'x-validator': [{ username: true }] }),
      },
    },
    { mobile: '12345678901', email: 'a@', idCard: '110105194912310021', name: '张', username: 'ab' },
  );
  expect(await errorsOf(form, 'mobile')).toEqual(['请输入正确手机号']);
  expect(await errorsOf(form, 'email')).toEqual(['邮箱格式不正确']);
  expect(await errorsOf(form, 'idCard')).toEqual(['请输入正确的身份证号码']);
  expect(await errorsOf(form, 'name')).toEqual(['最小长度2位字符']);
  expect(await errorsOf(form, 'username')).toEqual(['用户名须为4-18位字母、数字或下划线']);
  // Messages show under the fields.
  expect(await screen.findByText('请输入正确手机号')).toBeInTheDocument();
  await act(() => form.setValues({ mobile: '13800138000', email: 'a@b.cn', idCard: '11010519491231002X', name: '张三丰', username: 'abcd' }));
  await act(() => form.validate());
  await waitFor(() => expect(screen.queryByText('请输入正确手机号')).not.toBeInTheDocument());
});

test('rule-code check sends the code and the encoded value and shows the server message', async () => {
  server = fakeServer({
    'GET /sys/checkRule/checkByCode': (req) =>
      decodeURIComponent(req.params.value) === 'AB12' ? env(null) : env({ passed: false }, '前两位必须是大写字母', false),
  });
  const { form } = renderSchema({ type: 'object', properties: { code: field({ 'x-validator': [{ checkRule: 'order_no' }] }) } });
  await userEvent.type(screen.getByRole('textbox'), 'a1');
  expect(await errorsOf(form, 'code')).toEqual(['前两位必须是大写字母']);
  expect(server.calls.at(-1)?.params).toMatchObject({ ruleCode: 'order_no', value: 'a1' });
  await act(() => form.setValues({ code: 'AB12' }));
  expect(await errorsOf(form, 'code')).toEqual([]);
  // Empty values are left to `required`: no request.
  const before = server.calls.length;
  expect(await checkRuleValidator('order_no')('', {}, {}, (m) => m)).toBe('');
  expect(server.calls.length).toBe(before);
});

test("duplicate check sends table, field, value and the edited record's id", async () => {
  server = fakeServer({
    'GET /sys/duplicate/check': (req) =>
      req.params.fieldVal === 'admin' && req.params.dataId !== 'u-admin' ? env(null, '该值不可用，系统中已存在！', false) : env('该值可用！', '该值可用！'),
  });
  const { form } = renderSchema(
    { type: 'object', properties: { username: field({ 'x-validator': [{ duplicate: { tableName: 'sys_user', fieldName: 'username' } }] }) } },
    { id: 'u-new', username: 'admin' },
  );
  expect(await errorsOf(form, 'username')).toEqual(['该值不可用，系统中已存在！']);
  expect(server.calls[0].params).toMatchObject({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin', dataId: 'u-new' });
  await act(() => form.setValues({ id: 'u-admin' }));
  expect(await errorsOf(form, 'username')).toEqual([]);
  const check = duplicateValidator({ tableName: 'sys_user', fieldName: 'username', dataId: 'fixed' });
  await check('admin', {}, {}, (m) => m);
  expect(server.calls.at(-1)?.params.dataId).toBe('fixed');
});
