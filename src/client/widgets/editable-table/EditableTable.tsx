import { isField, type Field } from '@formily/core';
import { useField } from '@formily/react';
import { raw } from '@formily/reactive';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';
import { t } from '../../locale/zh-CN';
import { EditableGrid, type EditableGridProps, type EditableTableHandle } from './grid/EditableGrid';
import type { Row } from './types';
import { shallowEqual, useStable, useStableJson } from './useStable';
import './editable-table.css';

export interface EditableTableProps extends EditableGridProps {
  /** Formily passes these for a disabled or read-pretty field. */
  readOnly?: boolean;
  /**
   * The table's imperative API (add, removeRows, getValues, validateAll, …). Through a schema's
   * x-component-props give a callback ref: Formily passes components copies of plain-object props.
   */
  handleRef?: Ref<EditableTableHandle | null>;
}

type FieldValidator = Field['validator'];

/**
 * The editable table as ONE Formily field (DESIGN §5): its value is the rows array. The field's
 * validator runs the compiled rules over every row — rendered or not — and jumps to the first failing
 * cell, so `form.submit()` cannot pass with an error on a row the user never scrolled to.
 */
export function EditableTable({
  handleRef,
  readOnly,
  value,
  columns,
  handlers,
  slots,
  ...rest
}: EditableTableProps) {
  const field = useField();
  const grid = useRef<EditableTableHandle>(null);
  useImperativeHandle(handleRef, () => grid.current as EditableTableHandle, []);
  const stableColumns = useStableJson(columns);
  const stableHandlers = useStable(handlers, shallowEqual);
  const stableSlots = useStable(slots, shallowEqual);
  const titles = useRef(stableColumns);
  useLayoutEffect(() => {
    titles.current = stableColumns;
  }, [stableColumns]);

  useEffect(() => {
    if (!field || !isField(field)) return;
    const ours = {
      triggerType: 'onBlur' as const,
      validator: () => {
        const errors = grid.current?.validateAll({ jump: true }) ?? [];
        if (errors.length === 0) return '';
        const first = errors[0];
        const title = titles.current.find((c) => c.key === first.key)?.title ?? first.key;
        const msg = t.editable.table;
        return `${msg.firstError(first.rowIndex + 1, title, first.message)}（${msg.errorCount(errors.length)}）`;
      },
    };
    const others = (v: FieldValidator) => (Array.isArray(v) ? v : v ? [v] : []).filter((x) => x !== ours);
    field.setValidator([...others(field.validator), ours] as FieldValidator);
    return () => {
      if (!field.destroyed) field.setValidator(others(field.validator) as FieldValidator);
    };
  }, [field]);

  // Formily wraps the array in an observable proxy; the grid works on the plain rows.
  const rows = (value ? raw(value) : value) as Row[] | null | undefined;
  return (
    <EditableGrid
      ref={grid}
      {...rest}
      value={rows}
      columns={stableColumns}
      handlers={stableHandlers}
      slots={stableSlots}
      disabled={rest.disabled || readOnly}
    />
  );
}
