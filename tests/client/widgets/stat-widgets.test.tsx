import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { env, fakeServer } from './fake-server';
import { renderSchema } from './formily';

/**
 * The stat widgets as a page definition uses them (x-component through the registry), against answers
 * shaped like GET /sys/stats/<code>: the number card's change, the ranking's order and drill links,
 * the table, and the loading, empty and error states in Chinese. Charts' options are in tests/unit.
 */
const ANSWER = {
  code: 'customer_by_type',
  title: '客户类型分布',
  dimensions: [{ key: 'customerType', title: '客户类型' }],
  measures: [{ key: 'count', title: '客户数' }],
  rows: [
    { customerType: '1', customerType_dictText: '医院', count: 8, count_previous: 4 },
    { customerType: '2', customerType_dictText: '诊所', count: 12, count_previous: 20 },
  ],
  drill: {
    page: '/online/cgformList/erp_customer',
    filters: [{ customerType: '1' }, { customerType: '2' }],
  },
};

const field = (component: string, props: Record<string, unknown>) => ({
  type: 'object',
  properties: { card: { type: 'void', 'x-component': component, 'x-component-props': props } },
});

let server: ReturnType<typeof fakeServer>;
afterEach(() => server.restore());

test('a number card sums the groups and shows the change against the previous period', async () => {
  server = fakeServer({ 'GET /sys/stats/customer_by_type': () => env(ANSWER) });
  renderSchema(
    field('StatNumber', {
      stat: 'customer_by_type',
      params: { dateRange_begin: '2026-01-01', dateRange_end: '2026-01-31' },
    }),
  );
  expect(await screen.findByText('20')).toBeInTheDocument();
  expect(screen.getByText('较上期 ↓16.7%')).toHaveClass('is-down');
  expect(server.to('/sys/stats/customer_by_type')[0].params).toMatchObject({
    dateRange_begin: '2026-01-01',
    dateRange_end: '2026-01-31',
  });
});

test('a ranking lists the largest group first, each a link to its filtered list', async () => {
  server = fakeServer({ 'GET /sys/stats/customer_by_type': () => env(ANSWER) });
  renderSchema(field('StatRanking', { stat: 'customer_by_type' }));
  const list = await screen.findByRole('list', { name: '客户类型分布' });
  const items = within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(items).toEqual(['1诊所12', '2医院8']);
  expect(within(list).getByRole('link', { name: '诊所' })).toHaveAttribute(
    'href',
    '/online/cgformList/erp_customer',
  );
});

test('a small table shows the groups with Chinese numbers', async () => {
  server = fakeServer({
    'GET /sys/stats/customer_by_type': () =>
      env({ ...ANSWER, rows: [{ customerType: '1', customerType_dictText: '医院', count: 12345 }] }),
  });
  renderSchema(field('StatTable', { stat: 'customer_by_type', title: '客户' }));
  const table = await screen.findByRole('table', { name: '客户（数据表）' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['客户类型', '客户数']);
  expect(
    within(table)
      .getAllByRole('cell')
      .map((td) => td.textContent),
  ).toEqual(['医院', '12,345']);
});

test('empty answers say 暂无数据; a failed one shows the message and retries', async () => {
  let fail = true;
  server = fakeServer({
    'GET /sys/stats/empty_stat': () => env({ ...ANSWER, code: 'empty_stat', rows: [] }),
    'GET /sys/stats/failing': () =>
      fail ? env(null, '统计参数不存在：x', false, 500) : env({ ...ANSWER, code: 'failing' }),
  });
  renderSchema({
    type: 'object',
    properties: {
      a: { type: 'void', 'x-component': 'StatBar', 'x-component-props': { stat: 'empty_stat' } },
      b: { type: 'void', 'x-component': 'StatNumber', 'x-component-props': { stat: 'failing' } },
    },
  });
  expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
  expect(await screen.findByText('统计数据加载失败')).toBeInTheDocument();
  expect(screen.getByText('统计参数不存在：x')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: '重试' }));
  await waitFor(() => expect(screen.getByText('20')).toBeInTheDocument());
});

test('a number card over no rows shows 0, not 暂无数据 (counting nothing is a number)', async () => {
  server = fakeServer({ 'GET /sys/stats/empty_stat': () => env({ ...ANSWER, code: 'empty_stat', rows: [] }) });
  renderSchema(field('StatNumber', { stat: 'empty_stat', title: '维修单' }));
  expect(await screen.findByTestId('stat-number-empty_stat')).toHaveTextContent('0');
  expect(screen.queryByText('暂无数据')).not.toBeInTheDocument();
});
