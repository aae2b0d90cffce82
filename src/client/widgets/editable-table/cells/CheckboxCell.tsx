import { Checkbox } from 'antd';
import { memo } from 'react';
import { useTableApi } from '../grid/context';
import { isChecked } from '../model/rows';
import type { CellProps } from './types';

/** A checkbox storing customValue [checked, unchecked] when given, otherwise true/false. */
export const CheckboxCell = memo(function CheckboxCell({ column, rowIndex, value, disabled }: CellProps) {
  const api = useTableApi();
  return (
    <Checkbox
      data-focus=""
      aria-label={column.title}
      checked={isChecked(column, value)}
      disabled={disabled}
      onChange={(e) => {
        const on = e.target.checked;
        api.setValue(rowIndex, column, column.customValue ? column.customValue[on ? 0 : 1] : on);
      }}
    />
  );
});
