import { useState } from 'react';
import { t } from '../../locale/zh-CN';
import { PickerInput } from '../picker-kit/PickerInput';
import { joinValues, splitValues } from '../picker-kit/values';
import { DEPART_TREE_URL, MY_DEPART_TREE_URL } from './depart-tree';
import { DepartPickerModal } from './DepartPickerModal';
import { useDepartTree } from './useDepartTree';

export interface JSelectDepartProps {
  /** Chosen departments, comma-joined by `store`. */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  multi?: boolean;
  /** 'id' (default) or 'orgCode'. */
  store?: 'id' | 'orgCode';
  /** Only the caller's own departments ('my department' scope). */
  myDept?: boolean;
  /** Another tree endpoint, e.g. `/api/sys/dept/getMyDeptTreeList`. */
  url?: string;
  placeholder?: string;
  disabled?: boolean;
}

/** Department picker: a tree dialog; the field shows department names and keeps ids (or org codes). */
export function JSelectDepart({ value, onChange, multi = false, store = 'id', myDept = false, url, placeholder, disabled }: JSelectDepartProps) {
  const { tree, index, loading } = useDepartTree(url ?? (myDept ? MY_DEPART_TREE_URL : DEPART_TREE_URL));
  const [open, setOpen] = useState(false);
  const values = splitValues(value);
  const byStore = store === 'id' ? index : Object.fromEntries(Object.values(index).map((n) => [String(n.orgCode ?? n.key), n]));
  const labels = Object.fromEntries(values.filter((v) => byStore[v]).map((v) => [v, byStore[v].title]));
  const toStore = (key: string) => (store === 'id' ? key : String(index[key]?.orgCode ?? key));
  const toKey = (v: string) => (store === 'id' ? v : (Object.values(index).find((n) => n.orgCode === v)?.key ?? v));
  return (
    <>
      <PickerInput
        values={values}
        labels={labels}
        placeholder={placeholder ?? t.widgets.depart.title}
        disabled={disabled}
        onOpen={() => setOpen(true)}
        onRemove={(v) => onChange?.(joinValues(values.filter((x) => x !== v)))}
      />
      {open ? (
        <DepartPickerModal
          open
          tree={tree}
          loading={loading}
          multiple={multi}
          initialKeys={values.map(toKey)}
          onCancel={() => setOpen(false)}
          onOk={(keys) => {
            onChange?.(joinValues(keys.map(toStore)));
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}
