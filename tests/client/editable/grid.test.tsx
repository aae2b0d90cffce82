import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTempRowId } from '../../../src/client/widgets/editable-table/model/row-ids';
import type { EditableColumn, Row } from '../../../src/client/widgets/editable-table/types';
import { bodyRows, cell, input, renderGrid, settled, sleep } from './harness';

const COLUMNS: EditableColumn[] = [
  { key: 'name', title: '名称', type: 'input', validateRules: [{ required: true }] },
  { key: 'mobile', title: '手机', type: 'input', validateRules: [{ required: true }, { pattern: 'm' }] },
  { key: 'qty', title: '数量', type: 'inputNumber', statistics: ['sum'], defaultValue: 1 },
  { key: 'ok', title: '启用', type: 'checkbox', customValue: ['Y', 'N'], defaultChecked: true },
];
const ROWS: Row[] = [
  { id: 'a', name: '血压计', mobile: '13800000001', qty: 2, ok: 'Y' },
  { id: 'b', name: '血糖仪', mobile: '13800000002', qty: 3, ok: 'N' },
];

afterEach(() => vi.restoreAllMocks());

describe('editable table rows', () => {
  it('shows the no-data text without rows and draws the rows it is given', () => {
    const empty = renderGrid({ columns: COLUMNS });
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
    empty.unmount();
    const { container } = renderGrid({ columns: COLUMNS, value: ROWS });
    expect(screen.queryByText('暂无数据')).not.toBeInTheDocument();
    expect(input(container, 1, 'name').value).toBe('血糖仪');
    expect(within(cell(container, 0, 'ok')).getByRole('checkbox')).toBeChecked();
    expect(within(cell(container, 1, 'ok')).getByRole('checkbox')).not.toBeChecked();
  });

  it('adds a row with a temporary id and the defaults, and refuses a second add within 1.5 s', async () => {
    const user = userEvent.setup();
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const { rows } = renderGrid({ columns: COLUMNS, value: ROWS });
    await user.click(screen.getByRole('button', { name: /新增/ }));
    await settled();
    expect(rows()).toHaveLength(3);
    const added = rows()[2];
    expect(isTempRowId(added.id)).toBe(true);
    expect(added).toMatchObject({ name: '', qty: 1, ok: 'Y' });
    now += 800;
    await user.click(screen.getByRole('button', { name: /新增/ }));
    expect(await screen.findByText('您点击太快了，请慢一点！')).toBeInTheDocument();
    await settled();
    expect(rows()).toHaveLength(3);
    now += 1600;
    await user.click(screen.getByRole('button', { name: /新增/ }));
    await settled();
    expect(rows()).toHaveLength(4);
  });

  it('deletes the selected rows after confirming how many, and remembers stored ids', async () => {
    const user = userEvent.setup();
    const onDeleted = vi.fn();
    const { container, rows, handle } = renderGrid({
      columns: COLUMNS,
      value: [...ROWS, { id: 'c', name: '听诊器', mobile: '13800000003', qty: 1 }],
      rowSelection: true,
      onDeleted,
    });
    const boxes = () => within(container).getAllByRole('checkbox', { name: '选择此行' });
    await user.click(boxes()[0]);
    await user.click(boxes()[2]);
    expect(within(container).getByRole('checkbox', { name: '全选' })).toBePartiallyChecked();
    await user.click(screen.getByRole('button', { name: /删除/ }));
    expect(await screen.findByText('确定要删除这 2 项吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await settled();
    expect(rows().map((r) => r.id)).toEqual(['b']);
    expect(handle.current?.getDeleteIds()).toEqual(['a', 'c']);
    expect(onDeleted).toHaveBeenCalledWith(['a', 'c']);
    await user.click(within(container).getByRole('checkbox', { name: '全选' }));
    expect(boxes()[0]).toBeChecked();
  });

  it('removeRows takes a string or an array and refuses anything else', async () => {
    const { handle, rows } = renderGrid({ columns: COLUMNS, value: ROWS });
    act(() => handle.current?.removeRows('a'));
    await settled();
    expect(rows().map((r) => r.id)).toEqual(['b']);
    expect(() => handle.current?.removeRows(42)).toThrow(
      'removeRows() 的参数必须是字符串或数组，但收到的是 number',
    );
  });

  it('keeps the statistics row up to date over every row', async () => {
    const user = userEvent.setup();
    const { container } = renderGrid({ columns: COLUMNS, value: ROWS });
    const stats = () => container.querySelector('[data-statistics="qty"]') as HTMLElement;
    expect(stats()).toHaveTextContent('合计5');
    const qty = input(container, 0, 'qty');
    await user.clear(qty);
    await user.type(qty, '12.5');
    expect(stats()).toHaveTextContent('合计15.5');
  });
});

describe('editable table cells', () => {
  it('number cells keep only a signed decimal while typing and become a number on blur', async () => {
    const user = userEvent.setup();
    const { container, rows } = renderGrid({ columns: COLUMNS, value: ROWS });
    const qty = input(container, 0, 'qty');
    await user.clear(qty);
    await user.type(qty, '-a1x.5');
    expect(qty.value).toBe('-1.5');
    await settled();
    expect(rows()[0].qty).toBe('-1.5');
    // Tab is the grid's: the next cell gets the focus on the next frame, and this one its blur.
    await user.tab();
    await waitFor(() => expect(rows()[0].qty).toBe(-1.5));
    await user.clear(input(container, 1, 'qty'));
    await user.type(input(container, 1, 'qty'), '-');
    await user.tab();
    await waitFor(() => expect(rows()[1].qty).toBe(''));
  });

  it('checks a cell on input and shows the first failing rule in its tooltip', async () => {
    const user = userEvent.setup();
    const { container } = renderGrid({ columns: COLUMNS, value: ROWS });
    const mobile = input(container, 0, 'mobile');
    await user.clear(mobile);
    expect(cell(container, 0, 'mobile')).toHaveClass('jet-invalid');
    expect(within(cell(container, 0, 'mobile')).getByRole('tooltip')).toHaveTextContent('手机不能为空');
    await user.type(mobile, '123');
    expect(within(cell(container, 0, 'mobile')).getByRole('tooltip')).toHaveTextContent(
      '请输入正确的手机号码',
    );
    await user.clear(mobile);
    await user.type(mobile, '13912345678');
    expect(cell(container, 0, 'mobile')).not.toHaveClass('jet-invalid');
    expect(within(cell(container, 0, 'mobile')).queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('checks a cell again 100 ms after it loses focus', async () => {
    const { container } = renderGrid({
      columns: COLUMNS,
      value: [{ id: 'x', name: '', mobile: '', qty: 1 }],
    });
    const name = input(container, 0, 'name');
    fireEvent.focus(name);
    fireEvent.blur(name);
    expect(cell(container, 0, 'name')).not.toHaveClass('jet-invalid');
    await act(() => sleep(150));
    expect(cell(container, 0, 'name')).toHaveClass('jet-invalid');
    expect(within(cell(container, 0, 'name')).getByRole('tooltip')).toHaveTextContent('名称不能为空');
  });

  it('fills ${title} into default placeholders', () => {
    const { container } = renderGrid({
      columns: [
        {
          key: 'code',
          title: '编码',
          type: 'input',
          placeholder: '如 ${key}-${defaultValue}',
          defaultValue: 'A1',
        },
        ...COLUMNS,
      ],
      value: [{ id: 'r' }],
    });
    expect(input(container, 0, 'code')).toHaveAttribute('placeholder', '如 code-A1');
    expect(input(container, 0, 'name')).toHaveAttribute('placeholder', '请输入名称');
  });

  it('in edit-on-click mode a click edits a cell and a mouse-up outside ends the edit', async () => {
    const user = userEvent.setup();
    const { container, rows } = renderGrid({ columns: COLUMNS, value: ROWS, alwaysEdit: false });
    expect(cell(container, 0, 'name').querySelector('input')).toBeNull();
    expect(cell(container, 0, 'name')).toHaveTextContent('血压计');
    fireEvent.mouseDown(cell(container, 0, 'name'));
    const editor = await waitFor(() => input(container, 0, 'name'));
    await user.clear(editor);
    await user.type(editor, '体温计');
    fireEvent.mouseUp(document.body);
    await waitFor(() => expect(cell(container, 0, 'name').querySelector('input')).toBeNull());
    expect(cell(container, 0, 'name')).toHaveTextContent('体温计');
    await settled();
    expect(rows()[0].name).toBe('体温计');
  });
});

describe('editable table choice, date, checkbox and upload cells', () => {
  const CELLS: EditableColumn[] = [
    {
      key: 'kind',
      title: '类别',
      type: 'select',
      options: [
        { value: '1', text: '药品' },
        { value: '2', text: '器械' },
      ],
    },
    {
      key: 'tags',
      title: '标签',
      type: 'list_multi',
      options: [
        { value: 'a', text: '冷藏' },
        { value: 'b', text: '易碎' },
      ],
    },
    { key: 'day', title: '日期', type: 'date' },
    { key: 'ok', title: '启用', type: 'checkbox', customValue: ['Y', 'N'] },
    { key: 'file', title: '附件', type: 'file' },
  ];

  it('a select cell shows labels and opens the real select only when used', async () => {
    const user = userEvent.setup();
    const { container, rows } = renderGrid({
      columns: CELLS,
      value: [{ id: 'r', kind: '1', tags: 'a,b', day: '2026-03-05', ok: 'N', file: '' }],
    });
    expect(cell(container, 0, 'kind')).toHaveTextContent('药品');
    expect(cell(container, 0, 'tags')).toHaveTextContent('冷藏,易碎');
    expect(cell(container, 0, 'day')).toHaveTextContent('2026-03-05');
    expect(container.querySelector('.ant-select')).toBeNull();
    await user.click(within(cell(container, 0, 'kind')).getByRole('button'));
    await user.click(await screen.findByTitle('器械'));
    await settled();
    expect(rows()[0].kind).toBe('2');
    await user.click(within(cell(container, 0, 'ok')).getByRole('checkbox'));
    await settled();
    expect(rows()[0].ok).toBe('Y');
  });

  it('an upload cell stores the server path and shows the name cut to 5 characters', async () => {
    const { fakeServer, env } = await import('../widgets/fake-server');
    const server = fakeServer({
      'POST /sys/common/upload': () => env({ id: 'f1' }, 'biz/20260301/检查报告单附件.pdf'),
    });
    try {
      const { container, rows } = renderGrid({ columns: CELLS, value: [{ id: 'r' }] });
      const fileInput = cell(container, 0, 'file').querySelector('input[type=file]') as HTMLInputElement;
      await userEvent
        .setup()
        .upload(fileInput, new File(['%PDF'], '检查报告单附件.pdf', { type: 'application/pdf' }));
      await waitFor(() => expect(rows()[0].file).toBe('biz/20260301/检查报告单附件.pdf'));
      expect(cell(container, 0, 'file')).toHaveTextContent('检查报告单…');
      expect(server.to('/sys/common/upload')).toHaveLength(1);
    } finally {
      server.restore();
    }
  });
});

describe('editable table keyboard and paste', () => {
  it('moves between cells with the arrows, Tab and Enter', async () => {
    const user = userEvent.setup();
    const { container } = renderGrid({ columns: COLUMNS, value: ROWS });
    input(container, 0, 'name').focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(input(container, 1, 'name')).toHaveFocus());
    await user.keyboard('{Tab}');
    await waitFor(() => expect(input(container, 1, 'mobile')).toHaveFocus());
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(input(container, 0, 'mobile')).toHaveFocus());
    // The caret is at the end of the text, so → leaves the cell; ← would move the caret first.
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(input(container, 0, 'qty')).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(input(container, 1, 'qty')).toHaveFocus());
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    await waitFor(() => expect(input(container, 1, 'mobile')).toHaveFocus());
  });

  it('pastes a block copied from a spreadsheet, adding rows when it is taller', async () => {
    const { container, rows } = renderGrid({ columns: COLUMNS, value: ROWS });
    const target = input(container, 1, 'name');
    fireEvent.paste(target, {
      clipboardData: {
        getData: () => '体温计\t13900000001\t4\n雾化器\t13900000002\tabc\r\n轮椅\t123\t2.5\r\n',
      },
    });
    await settled();
    expect(rows()).toHaveLength(4);
    expect(rows()[0]).toMatchObject({ name: '血压计', qty: 2 });
    expect(rows()[1]).toMatchObject({ id: 'b', name: '体温计', mobile: '13900000001', qty: 4 });
    expect(rows()[2]).toMatchObject({ name: '雾化器', mobile: '13900000002', qty: '' });
    expect(rows()[3]).toMatchObject({ name: '轮椅', mobile: '123', qty: 2.5 });
    expect(isTempRowId(rows()[3].id)).toBe(true);
    await waitFor(() => expect(cell(container, 3, 'mobile')).toHaveClass('jet-invalid'));
  });
});

describe('editable table at scale', () => {
  it('draws only the rows in view of 10,000 and validate-all still finds errors on rows never drawn', async () => {
    const rows: Row[] = Array.from({ length: 10_000 }, (_, i) => ({
      id: `r${i}`,
      name: `n${i}`,
      mobile: `138${String(i).padStart(8, '0')}`,
      qty: 1,
    }));
    rows[9_876] = { ...rows[9_876], name: '' };
    rows[5_000] = { ...rows[5_000], mobile: '12345' };
    const { container, handle } = renderGrid({ columns: COLUMNS, value: rows });
    expect(bodyRows(container).length).toBeLessThan(30);
    let errors: ReturnType<NonNullable<typeof handle.current>['validateAll']> = [];
    act(() => {
      errors = handle.current?.validateAll({ jump: true }) ?? [];
    });
    expect(errors.map((e) => `${e.rowIndex}:${e.key}:${e.message}`)).toEqual([
      '5000:mobile:请输入正确的手机号码',
      '9876:name:名称不能为空',
    ]);
  });
});
