import { Radio, Select } from 'antd';
import { memo, useState } from 'react';
import { JSearchSelect } from '../../dict/JSearchSelect';
import { useTableApi } from '../grid/context';
import { labelsOf, splitCell, useLookups } from '../grid/lookups';
import { Shell } from './Shell';
import type { CellProps } from './types';

const EMPTY: never[] = [];

/**
 * select, list_multi (comma-joined values), sel_search (searchable) and sel_search_async (searched on the
 * server through the column's dictionary): a light shell until opened, then the antd control.
 */
export const ChoiceCell = memo(function ChoiceCell({
  column,
  rowIndex,
  value,
  disabled,
  placeholder,
  autoOpen,
}: CellProps) {
  const api = useTableApi();
  const options = useLookups().options[column.key] ?? EMPTY;
  const [open, setOpen] = useState(autoOpen);
  const multiple = column.type === 'list_multi';
  const close = () => {
    setOpen(false);
    api.blurred(rowIndex, column);
  };
  if (!open || disabled) {
    const text =
      column.type === 'sel_search_async'
        ? (api.label(`dict:${column.dictCode}`, String(value ?? '')) ?? labelsOf(value, options))
        : labelsOf(value, options);
    return <Shell text={text} placeholder={placeholder} disabled={disabled} onOpen={() => setOpen(true)} />;
  }
  if (column.type === 'sel_search_async') {
    return (
      <div
        className="jet-cell"
        onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && close()}
      >
        <JSearchSelect
          dict={column.dictCode}
          async
          value={value === null || value === undefined || value === '' ? undefined : String(value)}
          placeholder={placeholder}
          onChange={(v) => api.setValue(rowIndex, column, v ?? '')}
        />
      </div>
    );
  }
  const search = column.type === 'sel_search' || !!column.allowSearch;
  return (
    <Select
      className="jet-cell"
      autoFocus
      defaultOpen
      aria-label={column.title}
      mode={multiple ? 'multiple' : column.allowInput ? 'tags' : undefined}
      maxCount={column.allowInput && !multiple ? 1 : undefined}
      maxTagCount="responsive"
      allowClear
      showSearch={search}
      optionFilterProp="label"
      placeholder={placeholder}
      options={options}
      value={
        multiple || column.allowInput
          ? splitCell(value)
          : value === null || value === undefined || value === ''
            ? undefined
            : String(value)
      }
      onChange={(v: string | string[] | undefined) =>
        api.setValue(rowIndex, column, Array.isArray(v) ? v.join(',') : (v ?? ''))
      }
      onBlur={close}
    />
  );
});

/** radio: the options are few, so the group is drawn directly. */
export const RadioCell = memo(function RadioCell({ column, rowIndex, value, disabled }: CellProps) {
  const api = useTableApi();
  const options = useLookups().options[column.key] ?? EMPTY;
  return (
    <Radio.Group
      aria-label={column.title}
      disabled={disabled}
      value={value === null || value === undefined ? undefined : String(value)}
      options={options}
      onChange={(e) => api.setValue(rowIndex, column, e.target.value)}
    />
  );
});
