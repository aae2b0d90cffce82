import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSchema } from './formily';

describe('dates (spec §9 formats)', () => {
  test('JDate keeps YYYY-MM-DD text', async () => {
    const { form } = renderSchema({ type: 'object', properties: { d: { type: 'string', 'x-component': 'JDate' } } }, { d: '2026-11-05' });
    const input = screen.getByPlaceholderText('请选择日期');
    expect(input).toHaveValue('2026-11-05');
    await userEvent.click(input);
    await userEvent.click(within(document.querySelector('.ant-picker-dropdown') as HTMLElement).getByTitle('2026-11-20'));
    expect(form.values.d).toBe('2026-11-20');
  });

  test('JDate with showTime keeps YYYY-MM-DD HH:mm:ss', async () => {
    const { form } = renderSchema(
      { type: 'object', properties: { d: { type: 'string', 'x-component': 'JDate', 'x-component-props': { showTime: true } } } },
      { d: '2026-11-05 08:30:00' },
    );
    const input = screen.getByPlaceholderText('请选择时间');
    expect(input).toHaveValue('2026-11-05 08:30:00');
    await userEvent.clear(input);
    await userEvent.type(input, '2026-12-01 09:15:30{Enter}');
    expect(form.values.d).toBe('2026-12-01 09:15:30');
  });

  test('JTime keeps HH:mm:ss', async () => {
    const { form } = renderSchema({ type: 'object', properties: { t: { type: 'string', 'x-component': 'JTime' } } }, { t: '07:05:09' });
    const input = screen.getByPlaceholderText('请选择时间');
    expect(input).toHaveValue('07:05:09');
    await userEvent.clear(input);
    await userEvent.type(input, '18:20:00{Enter}');
    expect(form.values.t).toBe('18:20:00');
  });

  test('JDateRange gives [start, end] or a comma-joined pair', async () => {
    const { form } = renderSchema(
      {
        type: 'object',
        properties: {
          a: { type: 'array', 'x-component': 'JDateRange' },
          s: { type: 'string', 'x-component': 'JDateRange', 'x-component-props': { valueType: 'string' } },
        },
      },
      { a: ['2026-01-01', '2026-01-31'], s: '2026-02-01,2026-02-28' },
    );
    const starts = screen.getAllByPlaceholderText('开始日期');
    expect(starts[0]).toHaveValue('2026-01-01');
    expect(starts[1]).toHaveValue('2026-02-01');
    expect(screen.getAllByPlaceholderText('结束日期')[1]).toHaveValue('2026-02-28');
    await userEvent.click(starts[1]);
    await userEvent.clear(starts[1]);
    await userEvent.type(starts[1], '2026-03-01{Enter}');
    const end = screen.getAllByPlaceholderText('结束日期')[1];
    await userEvent.clear(end);
    await userEvent.type(end, '2026-03-15{Enter}');
    expect(form.values.s).toBe('2026-03-01,2026-03-15');
    expect(form.values.a).toEqual(['2026-01-01', '2026-01-31']);
  });
});
