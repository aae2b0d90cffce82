import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { getAction } from '../../api';
import { t } from '../../locale/zh-CN';
import { PickerInput } from '../picker-kit/PickerInput';
import { TablePickerModal } from '../picker-kit/TablePickerModal';
import { useLabels } from '../picker-kit/useLabels';
import { joinValues, recordsOf, splitValues } from '../picker-kit/values';

interface RoleRow {
  id: string;
  roleName: string;
  roleCode: string;
}

export interface JSelectRoleProps {
  /** Chosen roles, comma-joined by `store`. */
  value?: string | null;
  onChange?: (value: string | undefined, rows?: RoleRow[]) => void;
  multi?: boolean;
  /** 'id' (default) or 'roleCode'. */
  store?: 'id' | 'roleCode';
  placeholder?: string;
  disabled?: boolean;
}

async function lookupRoles(store: 'id' | 'roleCode'): Promise<Record<string, string>> {
  const res = await getAction('/sys/role/queryall');
  const rows = recordsOf<RoleRow>(res.result).records;
  return Object.fromEntries(rows.map((r) => [String(r[store]), r.roleName]));
}

/** Role picker (spec §3): roleName and roleCode from `/sys/role/list`; keeps ids (or codes). */
export function JSelectRole({ value, onChange, multi = true, store = 'id', placeholder, disabled }: JSelectRoleProps) {
  const values = splitValues(value);
  const { labels, remember } = useLabels(values, () => lookupRoles(store));
  const [open, setOpen] = useState(false);
  const r = t.widgets.role;
  const columns: ColumnsType<RoleRow> = [
    { title: r.roleName, dataIndex: 'roleName' },
    { title: r.roleCode, dataIndex: 'roleCode' },
  ];
  return (
    <>
      <PickerInput
        values={values}
        labels={labels}
        placeholder={placeholder ?? r.title}
        disabled={disabled}
        onOpen={() => setOpen(true)}
        onRemove={(v) => onChange?.(joinValues(values.filter((x) => x !== v)))}
      />
      {open ? (
        <TablePickerModal<RoleRow>
          open
          title={r.title}
          width={800}
          url="/sys/role/list"
          columns={columns}
          rowKey={store}
          multiple={multi}
          initialKeys={values}
          searchField="roleName"
          searchPlaceholder={r.searchPlaceholder}
          params={{ column: 'createTime', order: 'desc' }}
          onCancel={() => setOpen(false)}
          onOk={(keys, rows) => {
            remember(Object.fromEntries(rows.map((row) => [String(row[store]), row.roleName])));
            onChange?.(joinValues(keys), rows);
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}
