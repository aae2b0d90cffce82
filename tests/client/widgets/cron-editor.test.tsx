import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CronEditor } from '../../../src/client/widgets/cron/CronEditor';
import { Providers, renderSchema } from './formily';

function Harness({ initial }: { initial: string }) {
  const [v, setV] = useState(initial);
  return (
    <Providers>
      <CronEditor value={initial} onChange={setV} />
      <output data-testid="value">{v}</output>
    </Providers>
  );
}

const expressionInput = () => screen.getByRole('textbox', { name: '表达式' });
const tab = (name: string) => userEvent.click(screen.getByRole('tab', { name }));

test('reads an expression into the tabs and shows its meaning and next five runs', async () => {
  render(<Harness initial="0 15 10 ? * 6#3 *" />);
  expect(expressionInput()).toHaveValue('0 15 10 ? * 6#3 *');
  expect(screen.getByText('在10:15, 限每月的第三个 星期五')).toBeInTheDocument();
  const runs = within(document.querySelector('.j-cron-runs') as HTMLElement).getAllByRole('listitem');
  expect(runs).toHaveLength(5);
  for (const r of runs) expect(r.textContent).toMatch(/^\d{4}-\d{2}-\d{2} 10:15:00$/);
  await tab('日');
  expect(screen.getByRole('radio', { name: /本月第/ })).toBeChecked();
  await tab('分');
  expect(screen.getByRole('radio', { name: /^指定$/ })).toBeChecked();
}, 40_000);

test('changing a tab rewrites the expression; typing an expression moves the tabs (round trip)', async () => {
  render(<Harness initial="" />);
  expect(expressionInput()).toHaveValue('* * * * * ? *');
  await tab('日');
  await userEvent.click(screen.getByRole('radio', { name: '本月最后一个工作日' }));
  expect(screen.getByTestId('value')).toHaveTextContent('* * * LW * ? *');
  expect(expressionInput()).toHaveValue('* * * LW * ? *');
  await userEvent.click(screen.getByRole('radio', { name: /月末前/ }));
  fireEvent.change(screen.getByRole('spinbutton', { name: 'day-daysBeforeEnd' }), { target: { value: '3' } });
  expect(screen.getByTestId('value')).toHaveTextContent('* * * L-3 * ? *');

  await tab('秒');
  await userEvent.click(screen.getByRole('radio', { name: /秒开始，每/ }));
  fireEvent.change(screen.getByRole('spinbutton', { name: '秒-incrementIncrement' }), { target: { value: '15' } });
  expect(screen.getByTestId('value')).toHaveTextContent('0/15 * * L-3 * ? *');

  fireEvent.change(expressionInput(), { target: { value: '0 30 9 ? * 2,6 2027' } });
  expect(screen.getByTestId('value')).toHaveTextContent('0 30 9 ? * 2,6 2027');
  await tab('日');
  expect(screen.getByRole('radio', { name: '指定星期' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: '星期一' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: '星期五' })).toBeChecked();
  await tab('年');
  expect(screen.getByRole('radio', { name: /^指定$/ })).toBeChecked();
  expect(screen.getByText(/星期一 和 星期五/)).toBeInTheDocument();
}, 40_000);

test('inputs carry the bounds of spec §5 and a broken bound is reported', async () => {
  render(<Harness initial="0/5 * * * * ? *" />);
  const step = screen.getByRole('spinbutton', { name: '秒-incrementIncrement' });
  expect(step).toHaveAttribute('aria-valuemin', '1');
  expect(step).toHaveAttribute('aria-valuemax', '59');
  await tab('分');
  expect(screen.getByRole('spinbutton', { name: '分-incrementIncrement' })).toHaveAttribute('aria-valuemax', '60');
  await tab('年');
  const yearStart = screen.getByRole('spinbutton', { name: '年-incrementStart' });
  expect(yearStart).toHaveAttribute('aria-valuemin', '2019');
  expect(yearStart).toHaveAttribute('aria-valuemax', '2119');
  expect(screen.getByRole('spinbutton', { name: '年-incrementIncrement' })).toHaveAttribute('aria-valuemax', '99');
  await tab('日');
  expect(screen.getByRole('spinbutton', { name: 'week-nth' })).toHaveAttribute('aria-valuemax', '5');

  fireEvent.change(expressionInput(), { target: { value: '0/60 * * * * ? *' } });
  expect(screen.getByText('表达式无效')).toBeInTheDocument();
  expect(screen.getByText('秒的间隔取值范围为 1-59')).toBeInTheDocument();
  // The last valid expression stays the value.
  expect(screen.getByTestId('value')).toHaveTextContent('0/5 * * * * ? *');
  fireEvent.change(expressionInput(), { target: { value: '0 0 0 1 * 2 *' } });
  expect(screen.getByText('日和周字段必须有且只有一个为“?”')).toBeInTheDocument();
}, 40_000);

test('the JEasyCron field loads on demand, edits in a dialog and validates with the cron rule', async () => {
  const { form } = renderSchema({
    type: 'object',
    properties: { job: { type: 'string', 'x-decorator': 'FormItem', 'x-component': 'JEasyCron', 'x-validator': [{ cron: true }] } },
  });
  const input = await screen.findByPlaceholderText('* * * * * ? *', {}, { timeout: 10_000 });
  await userEvent.type(input, '0 0 25 * * ? *');
  await act(() => form.validate().catch(() => undefined));
  expect(await screen.findByText('时的指定值取值范围为 0-23')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: '设置' }));
  const dlg = await screen.findByRole('dialog');
  fireEvent.change(within(dlg).getByRole('textbox', { name: '表达式' }), { target: { value: '0 0 2 ? * 2 *' } });
  await userEvent.click(within(dlg).getByRole('button', { name: '确定' }));
  await waitFor(() => expect(form.values.job).toBe('0 0 2 ? * 2 *'));
  await act(() => form.validate());
  expect(screen.queryByText('时的指定值取值范围为 0-23')).not.toBeInTheDocument();
}, 40_000);
