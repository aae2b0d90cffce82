import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { memo, useState } from 'react';
import { useTableApi } from '../grid/context';
import { DATE_ICON } from './icons';
import { Shell } from './Shell';
import type { CellProps } from './types';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** date and datetime kept as text (spec §9 formats); the picker mounts when the cell is opened. */
export const DateCell = memo(function DateCell({
  column,
  rowIndex,
  value,
  disabled,
  placeholder,
  autoOpen,
}: CellProps) {
  const api = useTableApi();
  const [open, setOpen] = useState(autoOpen);
  const withTime = column.type === 'datetime';
  const format = withTime ? DATETIME_FORMAT : DATE_FORMAT;
  const text = value === null || value === undefined ? '' : String(value);
  if (!open || disabled) {
    return (
      <Shell
        text={text}
        placeholder={placeholder}
        disabled={disabled}
        onOpen={() => setOpen(true)}
        suffix={DATE_ICON}
      />
    );
  }
  const parsed = text ? dayjs(text) : null;
  return (
    <DatePicker
      className="jet-cell"
      autoFocus
      defaultOpen
      aria-label={column.title}
      showTime={withTime}
      format={format}
      placeholder={placeholder}
      value={parsed && parsed.isValid() ? parsed : null}
      onChange={(d) => api.setValue(rowIndex, column, d ? d.format(format) : '')}
      onOpenChange={(o) => {
        if (!o) {
          setOpen(false);
          api.blurred(rowIndex, column);
        }
      }}
    />
  );
});
