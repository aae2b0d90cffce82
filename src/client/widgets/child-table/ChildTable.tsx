import { Alert, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { t } from '../../locale/zh-CN';
import { EditableTable } from '../editable-table/EditableTable';
import { computeRow } from '../../renderer/form/compute';
import type { Row, SlotRenderer, ValueChangeEvent } from '../editable-table/types';
import { JRefSelect } from '../ref-select/JRefSelect';
import { refPopupMapping, refTextKey } from '../../../shared/ref-popup';
import { RefPopupCell } from './RefPopupCell';
import { JSelectDepart } from '../depart-picker/JSelectDepart';
import { JSelectForm } from '../form-picker/JSelectForm';
import { JSelectUserByDep } from '../user-picker/JSelectUserByDep';
import {
  childColumns,
  childDefinition,
  PICKER_VIEWS,
  pickerSlot,
  refSlot,
  type ChildDefinition,
} from './child-definition';
import './child-table.css';

export interface ChildTableProps {
  /** Code of the child entity (its `parent` names this form's entity). */
  entity?: string;
  value?: Row[] | null;
  onChange?: (rows: Row[]) => void;
  disabled?: boolean;
  readOnly?: boolean;
}

/** Loads a child entity's definition; `null` while loading, an Error when it failed. */
export function useChildDefinition(entity: string | undefined): ChildDefinition | Error | null {
  const [state, setState] = useState<{ entity?: string; def: ChildDefinition | Error } | null>(null);
  useEffect(() => {
    if (!entity) return;
    let alive = true;
    childDefinition(entity).then(
      (def) => alive && setState({ entity, def }),
      (err: unknown) =>
        alive && setState({ entity, def: err instanceof Error ? err : new Error(String(err)) }),
    );
    return () => {
      alive = false;
    };
  }, [entity]);
  return state && state.entity === entity ? state.def : null;
}

/**
 * The rows of a child entity edited inside the parent's form (master-detail): the editable grid with
 * one column per child field, checked cell by cell with the child's rules. Rows can be added, removed
 * and dragged into order; the order is what the server stores. The form value is the rows array under
 * the child's code; stored rows keep their `id`, new ones carry the grid's temporary ids.
 */
export function ChildTable({ entity, value, onChange, disabled, readOnly }: ChildTableProps) {
  const def = useChildDefinition(entity);
  const fields = def && !(def instanceof Error) ? def.fields : null;
  const built = useMemo(() => (def && !(def instanceof Error) ? childColumns(def) : null), [def]);
  // A ref column picks the target's rows like the parent's ref fields (through its popup report when it
  // names one); a stored row's text comes with it.
  const slots = useMemo(
    () =>
      Object.fromEntries([
        // A picker column (a schedule's form, a member, a department) edits as the form's field does.
        ...(fields ?? [])
          .filter((f) => !f.ref && PICKER_VIEWS.has(f.view ?? ''))
          .map((f): [string, SlotRenderer] => [
            pickerSlot(f),
            ({ value, disabled: off, setValue }) => {
              const props = {
                value: value === null || value === undefined ? null : String(value),
                onChange: (v?: string) => setValue(v ?? null),
                disabled: off,
              };
              if (f.view === 'sel_form') return <JSelectForm {...props} />;
              if (f.view === 'sel_depart') return <JSelectDepart {...props} />;
              // As the derived form keeps it: a username, or the id with a table dictionary ending in id.
              return (
                <JSelectUserByDep {...props} store={f.dictCode?.split(',')[2] === 'id' ? 'id' : 'username'} />
              );
            },
          ]),
        ...(fields ?? [])
          .filter((f) => f.ref)
          .map((f): [string, SlotRenderer] => {
            const popup = refPopupMapping(f);
            const text = (row: Row) => row[refTextKey(f.name)] as string | null | undefined;
            return [
              refSlot(f),
              popup
                ? ({ row, disabled: off, setRowValues }) => (
                    <RefPopupCell
                      mapping={popup}
                      text={text(row)}
                      disabled={off}
                      setRowValues={setRowValues}
                    />
                  )
                : ({ value, row, disabled: off, setValue }) => (
                    <JRefSelect
                      entity={entity}
                      field={f.name}
                      value={value === null || value === undefined ? null : String(value)}
                      text={text(row)}
                      onChange={(v) => setValue(v ?? null)}
                      disabled={off}
                    />
                  ),
            ];
          }),
      ]),
    [fields, entity],
  );
  // Rows given without their formula columns (a push-down's prefilled rows) get them once the
  // definition is there; stored rows have them (even empty), so an edit form is left untouched.
  useEffect(() => {
    if (!fields || readOnly || !onChange || !value?.length) return;
    const formulas = fields.filter((f) => f.formula);
    const next = value.map((r) =>
      formulas.some((f) => r[f.name] === undefined) ? computeRow(fields, r) : r,
    );
    if (next.some((r, i) => r !== value[i])) onChange(next);
  }, [fields, readOnly, onChange, value]);
  // Formula columns follow their operands as the user types (amount = quantity * price), computed
  // like the server does; the server computes them again on save.
  const recompute = useCallback(
    (e: ValueChangeEvent) => {
      if (!fields) return;
      const row = { ...e.row, [e.column.key]: e.value };
      const next = computeRow(fields, row);
      if (next === row) return;
      const changed = fields.filter((f) => f.formula && next[f.name] !== e.row[f.name]);
      if (changed.length) e.setRowValues(Object.fromEntries(changed.map((f) => [f.name, next[f.name]])));
    },
    [fields],
  );
  if (!entity) return <Alert type="error" showIcon message={t.children.misconfigured} />;
  if (def instanceof Error)
    return <Alert type="error" showIcon message={def.message || t.children.loadFailed} />;
  if (!built) return <Spin size="small" tip={t.children.loading} />;
  return (
    <div className="child-table" data-child-table={entity}>
      <EditableTable
        columns={built.columns}
        handlers={built.handlers}
        slots={slots}
        value={value}
        onChange={onChange}
        onValueChange={recompute}
        rowNumber
        rowSelection
        dragSort
        maxHeight={360}
        disabled={disabled}
        readOnly={readOnly}
      />
    </div>
  );
}
