import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  chooseOption,
  clickButton,
  confirmDialog,
  dialogTitled,
  fakeServer,
  openPage,
  page,
  pageRoute,
  signIn,
} from './harness';

const PAGE = {
  $schema: '../meta/page.schema.json',
  code: 'demo-sq',
  title: '高级查询演示',
  kind: 'list',
  components: ['system/DemoList'],
  api: { list: '/demo/list' },
  columns: [
    { dataIndex: 'username', title: '账号' },
    { dataIndex: 'sex', title: '性别', dict: 'sex' },
  ],
  toolbar: {
    superQuery: {
      saveCode: 'demo',
      fields: [
        { value: 'username', text: '账号', type: 'string' },
        { value: 'sex', text: '性别', type: 'list', dictCode: 'sex' },
        { value: 'birthday', text: '生日', type: 'date' },
        {
          value: 'level',
          text: '等级',
          type: 'select',
          options: [
            { value: 'A', text: '重点' },
            { value: 'B', text: '普通' },
          ],
        },
        { value: 'orders', text: '订单', children: [{ value: 'amount', text: '金额', type: 'number' }] },
      ],
    },
  },
};
const STORAGE = 'pro__JSuperQuerySaved_demo';

let server: ReturnType<typeof fakeServer>;
const lastList = () => server.calls.filter((c) => c.url === '/demo/list').at(-1)?.params ?? {};
const builder = () => dialogTitled('高级查询构造器');
const lines = (d: HTMLElement) => within(d).getAllByTestId('super-query-line');
const fieldOf = (line: HTMLElement) => within(line).getByRole('combobox', { name: '选择查询字段' });
const ruleOf = (line: HTMLElement) => within(line).getByRole('combobox', { name: '匹配规则' });
const saved = () =>
  (
    JSON.parse(localStorage.getItem(STORAGE) ?? 'null') as {
      value: Array<{ title: string; matchType: string; records: unknown[] }>;
    } | null
  )?.value ?? [];

async function openBuilder() {
  await clickButton(/高级查询/);
  return builder();
}
async function fillUsernameLike(d: HTMLElement, text: string) {
  const line = lines(d)[0];
  await chooseOption(fieldOf(line), '账号');
  await chooseOption(ruleOf(line), '包含');
  await userEvent.type(await within(line).findByPlaceholderText('请输入值'), text);
}

describe('advanced query (super query)', () => {
  beforeEach(async () => {
    signIn();
    server = fakeServer({
      ...pageRoute(PAGE),
      'GET /demo/list': page([{ id: '1', username: 'zhang', sex: '1' }]),
    });
    openPage('system/DemoList', '/demo/list?tab=1');
    await screen.findByText('zhang');
  });

  it('refuses to search or save empty conditions', async () => {
    const d = await openBuilder();
    await userEvent.click(within(d).getByRole('button', { name: '查询' }));
    expect(await screen.findByText('不能查询空条件')).toBeInTheDocument();
    await userEvent.click(within(d).getByRole('button', { name: '保存查询条件' }));
    expect(await screen.findByText('空条件不能保存')).toBeInTheDocument();
    expect(lastList().superQueryParams).toBeUndefined();
  });

  it('sends the conditions URI-encoded with the match type and marks the button active', async () => {
    const d = await openBuilder();
    await fillUsernameLike(d, 'zh');
    await userEvent.click(within(d).getByRole('button', { name: /添加条件/ }));
    const second = lines(d)[1];
    await chooseOption(fieldOf(second), '订单-金额');
    await chooseOption(ruleOf(second), '大于等于');
    await userEvent.type(await within(second).findByPlaceholderText('请输入值'), '100');
    await chooseOption(within(d).getByRole('combobox', { name: '匹配方式' }), 'OR（条件中的任意一个匹配）');
    await userEvent.click(within(d).getByRole('button', { name: '查询' }));
    const expected = [
      { field: 'username', rule: 'like', val: 'zh', type: 'string' },
      { field: 'orders,amount', rule: 'ge', val: '100', type: 'number' },
    ];
    await waitFor(() =>
      expect(lastList()).toMatchObject({
        superQueryParams: encodeURI(JSON.stringify(expected)),
        superQueryMatchType: 'or',
        pageNo: 1,
      }),
    );
    expect(screen.getByTestId('super-query-active')).toBeInTheDocument();

    // Reset clears the conditions and the list goes back to no advanced query.
    await clickButton(/高级查询/);
    await userEvent.click(within(await builder()).getByRole('button', { name: '重置' }));
    await waitFor(() => expect(lastList().superQueryParams).toBeUndefined());
    expect(screen.queryByTestId('super-query-active')).not.toBeInTheDocument();
  });

  it('clears the value when the field changes and keeps one value when leaving "in"', async () => {
    const d = await openBuilder();
    const line = lines(d)[0];
    await chooseOption(fieldOf(line), '账号');
    await userEvent.type(await within(line).findByPlaceholderText('请输入值'), 'abc');
    await chooseOption(fieldOf(line), '性别');
    expect(within(line).queryByDisplayValue('abc')).not.toBeInTheDocument();
    await chooseOption(ruleOf(line), '在...中');
    await chooseOption(within(line).getAllByRole('combobox').at(-1)!, '男');
    await chooseOption(within(line).getAllByRole('combobox').at(-1)!, '女');
    await chooseOption(ruleOf(line), '等于');
    await userEvent.click(within(d).getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(lastList().superQueryParams).toBe(
        encodeURI(JSON.stringify([{ field: 'sex', rule: 'eq', val: '1', type: 'list' }])),
      ),
    );
  });

  it('saves under a name, asks before overwriting, loads and deletes saved queries', async () => {
    const d = await openBuilder();
    await fillUsernameLike(d, 'zh');
    await userEvent.click(within(d).getByRole('button', { name: '保存查询条件' }));
    const nameDialog = await dialogTitled('保存查询');
    await userEvent.click(within(nameDialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('保存名称不能为空')).toBeInTheDocument();
    await userEvent.type(within(nameDialog).getByPlaceholderText('请输入保存的名称'), '我的查询');
    await userEvent.click(within(nameDialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(saved()).toEqual([
        {
          title: '我的查询',
          matchType: 'and',
          records: [{ field: 'username', rule: 'like', val: 'zh', type: 'string' }],
        },
      ]),
    );
    expect(within(d).getByText('我的查询')).toBeInTheDocument();

    // Same name again: confirm, then the entry is replaced, not added.
    await userEvent.type(await within(lines(d)[0]).findByPlaceholderText('请输入值'), 'ang');
    await userEvent.click(within(d).getByRole('button', { name: '保存查询条件' }));
    await userEvent.type(
      within(await dialogTitled('保存查询')).getByPlaceholderText('请输入保存的名称'),
      '我的查询',
    );
    await userEvent.click(within(await dialogTitled('保存查询')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('我的查询已存在，是否覆盖？')).toBeInTheDocument();
    await confirmDialog();
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0].records).toEqual([{ field: 'username', rule: 'like', val: 'zhang', type: 'string' }]);

    // Loading a saved entry fills the lines; deleting asks first.
    await userEvent.click(within(d).getByRole('button', { name: '重置' }));
    await userEvent.click(within(d).getByText('我的查询'));
    expect(within(lines(d)[0]).getByDisplayValue('zhang')).toBeInTheDocument();
    await userEvent.click(within(d).getByRole('button', { name: '删除我的查询' }));
    expect(await screen.findByText('确定删除当前查询吗？')).toBeInTheDocument();
    await confirmDialog();
    await waitFor(() => expect(saved()).toEqual([]));
  });
});
