import { memo, useState } from 'react';
import { DEPART_TREE_URL } from '../../depart-picker/depart-tree';
import { DepartPickerModal } from '../../depart-picker/DepartPickerModal';
import { useDepartTree } from '../../depart-picker/useDepartTree';
import { UserPickerModal } from '../../user-picker/UserPickerModal';
import { useTableApi } from '../grid/context';
import { splitCell, useLookups } from '../grid/lookups';
import { Shell } from './Shell';
import type { CellProps } from './types';

/** Label kinds the table remembers for picked values. */
export const USER_LABELS = 'user';
export const DEPART_LABELS = 'depart';

/**
 * sel_user (usernames) and sel_depart (department ids), comma-joined: the shell shows names; opening
 * it shows the shared user or department picker dialog.
 */
export const PickerCell = memo(function PickerCell({
  column,
  rowIndex,
  value,
  disabled,
  placeholder,
  autoOpen,
}: CellProps) {
  const api = useTableApi();
  const kind = column.type === 'sel_user' ? USER_LABELS : DEPART_LABELS;
  const labels = useLookups().labels[kind] ?? {};
  const [open, setOpen] = useState(autoOpen);
  const values = splitCell(value);
  const text = values.map((v) => labels[v] ?? v).join(',');
  const close = () => {
    setOpen(false);
    api.blurred(rowIndex, column);
  };
  const done = (keys: string[], names: Record<string, string>) => {
    api.rememberLabels(kind, names);
    api.setValue(rowIndex, column, keys.join(','));
    close();
  };
  return (
    <>
      <Shell text={text} placeholder={placeholder} disabled={disabled} onOpen={() => setOpen(true)} />
      {open && !disabled ? (
        column.type === 'sel_user' ? (
          <UserPickerModal
            open
            multiple={column.multi ?? true}
            rowKey="username"
            initialKeys={values}
            onCancel={close}
            onOk={(keys, rows) => done(keys, Object.fromEntries(rows.map((r) => [r.username, r.realname])))}
          />
        ) : (
          <DepartDialog multiple={!!column.multi} initialKeys={values} onCancel={close} onOk={done} />
        )
      ) : null}
    </>
  );
});

function DepartDialog(props: {
  multiple: boolean;
  initialKeys: string[];
  onCancel: () => void;
  onOk: (keys: string[], names: Record<string, string>) => void;
}) {
  const { tree, index, loading } = useDepartTree(DEPART_TREE_URL);
  return (
    <DepartPickerModal
      open
      tree={tree}
      loading={loading}
      multiple={props.multiple}
      initialKeys={props.initialKeys}
      onCancel={props.onCancel}
      onOk={(keys) => props.onOk(keys, Object.fromEntries(keys.map((k) => [k, index[k]?.title ?? k])))}
    />
  );
}
