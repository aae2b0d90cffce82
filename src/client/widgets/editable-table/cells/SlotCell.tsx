import { memo } from 'react';
import { t } from '../../../locale/zh-CN';
import { useTableApi } from '../grid/context';
import type { CellProps } from './types';

/** slot: the page draws the cell itself (`slots[slotName ?? key]`). */
export const SlotCell = memo(function SlotCell({ column, row, rowIndex, value, disabled }: CellProps) {
  const api = useTableApi();
  const name = column.slotName ?? column.key;
  const render = api.slots[name];
  if (!render) return <span className="jet-text">{t.editable.table.slotMissing(name)}</span>;
  return (
    <>
      {render({
        value,
        row: row ?? api.store.rows[rowIndex],
        rowIndex,
        column,
        disabled,
        setValue: (v) => api.setValue(rowIndex, column, v),
        setRowValues: (values) => api.setRowValues(rowIndex, values),
      })}
    </>
  );
});
