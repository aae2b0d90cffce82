import { ExpandAltOutlined } from '@ant-design/icons';
import { Input, Popover } from 'antd';
import { memo, useState } from 'react';
import { t } from '../../../locale/zh-CN';
import { useTableApi } from '../grid/context';
import type { CellProps } from './types';

/** Spec §9: the pop-up editor of input_pop is 200 high and 150 wide. */
const POP_HEIGHT = 200;
const POP_WIDTH = 150;

/** input_pop: a one-line input with a pop-up text area for longer text. */
export const InputPopCell = memo(function InputPopCell({
  column,
  rowIndex,
  value,
  disabled,
  placeholder,
  autoOpen,
}: CellProps) {
  const api = useTableApi();
  const [open, setOpen] = useState(false);
  const text = value === null || value === undefined ? '' : String(value);
  return (
    <Popover
      open={open && !disabled}
      trigger={[]}
      title={t.editable.table.inputPopTitle(column.title)}
      onOpenChange={(o) => !o && setOpen(false)}
      content={
        <Input.TextArea
          autoFocus
          aria-label={t.editable.table.inputPopTitle(column.title)}
          style={{ height: POP_HEIGHT, width: POP_WIDTH, resize: 'none' }}
          value={text}
          onChange={(e) => api.setValue(rowIndex, column, e.target.value)}
          onBlur={() => {
            setOpen(false);
            api.blurred(rowIndex, column);
          }}
        />
      }
    >
      <span className="jet-file">
        <input
          className="jet-input"
          data-focus=""
          aria-label={column.title}
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          autoFocus={autoOpen}
          onChange={(e) => api.setValue(rowIndex, column, e.target.value)}
          onDoubleClick={() => setOpen(true)}
          onKeyDown={(e) => {
            if (e.key === 'F2' || (e.altKey && e.key === 'ArrowDown')) {
              e.preventDefault();
              setOpen(true);
            }
          }}
          onBlur={() => api.blurred(rowIndex, column)}
        />
        <button
          type="button"
          className="jet-icon-button"
          disabled={disabled}
          aria-label={t.editable.table.inputPopTitle(column.title)}
          onClick={() => setOpen(true)}
        >
          <ExpandAltOutlined />
        </button>
      </span>
    </Popover>
  );
});
