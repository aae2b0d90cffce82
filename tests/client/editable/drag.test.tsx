import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EditableColumn, Row } from '../../../src/client/widgets/editable-table/types';
import { renderGrid, settled, sleep } from './harness';

const COLUMNS: EditableColumn[] = [{ key: 'name', title: '名称', type: 'input' }];
const ROWS: Row[] = ['甲', '乙', '丙', '丁'].map((name, i) => ({ id: `r${i}`, name, orderNum: i + 1 }));

// jsdom does no layout: give each row the box it has in a browser (61 px rows under a 40 px header).
const original = Element.prototype.getBoundingClientRect;
beforeEach(() => {
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const row = this.closest<HTMLElement>('.jet-body-row');
    if (row) {
      const top = 40 + Number(row.dataset.row) * 61;
      return {
        x: 0,
        y: top,
        top,
        left: 0,
        width: 800,
        height: 61,
        right: 800,
        bottom: top + 61,
        toJSON: () => ({}),
      } as DOMRect;
    }
    return original.call(this);
  };
});
afterEach(() => {
  Element.prototype.getBoundingClientRect = original;
});

describe('drag sorting', () => {
  it('moves a row with its handle and renumbers orderNum from 1', async () => {
    const { rows } = renderGrid({ columns: COLUMNS, value: ROWS, dragSort: true });
    const handles = screen.getAllByRole('button', { name: '拖动排序' });
    expect(handles).toHaveLength(4);
    // The keyboard sensor: Space picks the first row up, ↓ moves it below the next one, Space drops it.
    handles[0].focus();
    await act(async () => {
      fireEvent.keyDown(handles[0], { key: ' ', code: 'Space' });
    });
    // The sensor starts listening for moves on the next tick.
    await act(() => sleep(20));
    await act(async () => {
      fireEvent.keyDown(document.activeElement ?? handles[0], { key: 'ArrowDown', code: 'ArrowDown' });
    });
    await act(async () => {
      fireEvent.keyDown(document.activeElement ?? handles[0], { key: ' ', code: 'Space' });
    });
    await waitFor(() => expect(rows().map((r) => r.name)).toEqual(['乙', '甲', '丙', '丁']));
    expect(rows().map((r) => r.orderNum)).toEqual([1, 2, 3, 4]);
    expect(rows().map((r) => r.id)).toEqual(['r1', 'r0', 'r2', 'r3']);
  });

  it('numbers new rows after the last one', async () => {
    const { handle, rows } = renderGrid({
      columns: COLUMNS,
      value: ROWS,
      dragSort: true,
      dragSortKey: 'orderNum',
    });
    act(() => {
      handle.current?.add(2);
    });
    await settled();
    expect(rows().map((r) => r.orderNum)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
