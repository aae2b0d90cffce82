import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  defaultColumnWidth,
  MAX_DEFAULT_WIDTH,
  textWidth,
  TYPE_MIN_WIDTHS,
} from '../../../src/client/widgets/editable-table/grid/layout';
import type { EditableColumn, Row } from '../../../src/client/widgets/editable-table/types';
import { cell, input, renderGrid, settled } from './harness';

/** How the grid looks when nobody types: number separators, default column widths and real icons. */
const COLUMNS: EditableColumn[] = [
  { key: 'unit', title: '单位', type: 'input' },
  { key: 'price', title: '单价', type: 'inputNumber', number: 2, statistics: ['sum'] },
  { key: 'amount', title: '金额', type: 'inputNumber', disabled: true, number: 2 },
  { key: 'fixed', title: '固定', type: 'input', width: 80 },
];
const ROWS: Row[] = [{ id: 'a', unit: '台', price: 1234567.5, amount: -9876543.21, fixed: '' }];

describe('number cells', () => {
  it('show thousands separators, the raw number while edited, and store a plain number', async () => {
    const user = userEvent.setup();
    const { container, rows } = renderGrid({ columns: COLUMNS, value: ROWS });
    const price = input(container, 0, 'price');
    expect(price.value).toBe('1,234,567.5');
    expect(input(container, 0, 'amount').value).toBe('-9,876,543.21');

    await user.click(price);
    expect(price.value).toBe('1234567.5');
    await user.clear(price);
    await user.type(price, '7654321.456');
    expect(price.value).toBe('7654321.456');
    await user.tab();
    await waitFor(() => expect(rows()[0].price).toBe(7654321.46));
    expect(price.value).toBe('7,654,321.46');
    expect(container.querySelector('[data-statistics="price"]')).toHaveTextContent('7,654,321.46');
  });

  it('leave text that is not a number as it is', async () => {
    const user = userEvent.setup();
    const { container, rows } = renderGrid({ columns: COLUMNS, value: [{ id: 'a', price: '' }] });
    const price = input(container, 0, 'price');
    expect(price.value).toBe('');
    await user.type(price, '-');
    await settled();
    expect(rows()[0].price).toBe('-');
    expect(price.value).toBe('-');
  });

  it('show separators in edit-on-click mode before the cell is opened', () => {
    const { container } = renderGrid({ columns: COLUMNS, value: ROWS, alwaysEdit: false });
    expect(cell(container, 0, 'price')).toHaveTextContent('1,234,567.5');
  });
});

describe('default column widths', () => {
  const style = (container: HTMLElement, key: string) => cell(container, 0, key).style;

  it('fit the title and the 请输入/请选择 placeholder, and keep a width the definition gives', () => {
    const { container } = renderGrid({ columns: COLUMNS, value: ROWS });
    // 请输入单位: five full-width characters at 14 px plus the cell's and control's padding.
    const unit = Number.parseInt(style(container, 'unit').minWidth, 10);
    expect(unit).toBeGreaterThanOrEqual(5 * 14 + 12 + 24);
    // A column without a width shares the room left beyond its default width.
    expect(style(container, 'unit').flex).toBe(`1 0 ${unit}px`);
    expect(style(container, 'fixed').flex).toBe('0 0 80px');
    // The header row is as wide as the columns need, so a narrow screen scrolls instead of cramping.
    const header = container.querySelector<HTMLElement>('.jet-thead');
    const price = Number.parseInt(style(container, 'price').minWidth, 10);
    const amount = Number.parseInt(style(container, 'amount').minWidth, 10);
    expect(header?.style.minWidth).toBe(`${unit + price + amount + 80}px`);
  });

  it('grow with the title, respect the type minimum and stop at the maximum', () => {
    const placeholderOf = (title: string) => `请输入${title}`;
    const col = (title: string, type: EditableColumn['type']): EditableColumn => ({ key: 'k', title, type });
    const remark = col('行备注', 'input_pop');
    expect(defaultColumnWidth(remark, placeholderOf('行备注'))).toBeGreaterThan(
      defaultColumnWidth(col('行备注', 'input'), placeholderOf('行备注')),
    );
    expect(defaultColumnWidth(col('加急', 'checkbox'))).toBe(TYPE_MIN_WIDTHS.checkbox);
    expect(defaultColumnWidth(col('人员', 'sel_user'), '请选择人员')).toBe(TYPE_MIN_WIDTHS.sel_user);
    const longTitle = '这是一个非常非常长的列标题用来检验最大宽度的限制';
    expect(defaultColumnWidth(col(longTitle, 'input'), placeholderOf(longTitle))).toBe(MAX_DEFAULT_WIDTH);
    // A blank placeholder (a computed column) is sized by its title alone.
    expect(defaultColumnWidth(col('金额', 'inputNumber'), ' ')).toBe(TYPE_MIN_WIDTHS.inputNumber);
    expect(textWidth('ab')).toBeLessThan(textWidth('单位'));
  });
});

describe('cell icons', () => {
  it('are antd svg icons, not text glyphs', () => {
    const { container } = renderGrid({
      columns: [
        { key: 'd', title: '日期', type: 'date' },
        { key: 's', title: '类别', type: 'select', options: [{ value: '1', text: '药品' }] },
        {
          key: 'p',
          title: '产品',
          type: 'popup',
          popupCode: 'rpt',
          orgFields: 'name',
          destFields: 'p',
        },
      ],
      value: [{ id: 'a' }],
    });
    expect(container.querySelector('.jet-body-row')?.textContent).not.toMatch(/[⌕▦▾]/);
    const icons = [...container.querySelectorAll<SVGElement>('svg.jet-shell-arrow')].map(
      (svg) => svg.dataset.icon,
    );
    expect(icons).toEqual(['calendar', 'down', 'search']);
    expect(container.querySelectorAll('svg.jet-shell-arrow path')).toHaveLength(3);
  });
});
