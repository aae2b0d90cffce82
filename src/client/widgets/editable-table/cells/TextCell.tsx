import { memo, useState } from 'react';
import { useTableApi } from '../grid/context';
import { formatCellNumber } from '../model/number-format';
import { acceptsNumberInput, parseNumberOnBlur } from '../model/number-input';
import type { CellProps } from './types';

/**
 * input and inputNumber: a native input (spec §5 number rules: only '', '-' or a signed decimal while
 * typing). A number cell shows thousands separators until it is focused, then the raw number to edit.
 */
export const TextCell = memo(function TextCell({
  column,
  rowIndex,
  value,
  disabled,
  placeholder,
  autoOpen,
}: CellProps) {
  const api = useTableApi();
  const numeric = column.type === 'inputNumber';
  const [editing, setEditing] = useState(false);
  const text = value === null || value === undefined ? '' : String(value);
  return (
    <input
      className="jet-input"
      data-focus=""
      value={numeric && !editing ? formatCellNumber(value, column.number) : text}
      placeholder={placeholder}
      disabled={disabled}
      autoFocus={autoOpen}
      inputMode={numeric ? 'decimal' : undefined}
      aria-label={column.title}
      onFocus={numeric ? () => setEditing(true) : undefined}
      onChange={(e) => {
        const next = e.target.value;
        // Anything else is refused: the controlled input shows the previous text again.
        if (numeric && !acceptsNumberInput(next)) return;
        api.setValue(rowIndex, column, next);
      }}
      onBlur={() => {
        if (numeric) {
          setEditing(false);
          const parsed = parseNumberOnBlur(text, {
            decimals: column.number,
            min: column.min,
            max: column.max,
          });
          if (parsed !== value) api.setValue(rowIndex, column, parsed);
        }
        api.blurred(rowIndex, column);
      }}
    />
  );
});
