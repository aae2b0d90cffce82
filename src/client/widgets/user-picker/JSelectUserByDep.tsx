import { useState } from 'react';
import { getAction } from '../../api';
import { t } from '../../locale/zh-CN';
import { PickerInput } from '../picker-kit/PickerInput';
import { useLabels } from '../picker-kit/useLabels';
import { joinValues, recordsOf, splitValues } from '../picker-kit/values';
import { UserPickerModal, type UserRow } from './UserPickerModal';

export interface JSelectUserByDepProps {
  /** Chosen users, comma-joined by `store`. */
  value?: string | null;
  onChange?: (value: string | undefined, rows?: UserRow[]) => void;
  /** Several users (default) or one. */
  multi?: boolean;
  /** What the value holds: 'username' (default) or 'id'. */
  store?: 'username' | 'id';
  placeholder?: string;
  disabled?: boolean;
  departTreeUrl?: string;
}

/** Realnames for stored values: `/sys/user/list` by ids (`code`) or one username at a time. */
async function lookupNames(values: string[], store: 'username' | 'id'): Promise<Record<string, string>> {
  const names: Record<string, string> = {};
  const take = (rows: UserRow[]) => rows.forEach((r) => (names[String(r[store])] = r.realname));
  try {
    if (store === 'id') take(recordsOf<UserRow>((await getAction('/sys/user/list', { code: values.join(','), pageSize: values.length })).result).records);
    else
      for (const username of values)
        take(recordsOf<UserRow>((await getAction('/sys/user/list', { username, pageSize: 1 })).result).records);
  } catch {
    // Names are cosmetic; the stored values still show.
  }
  return names;
}

/** User picker by department: shows realnames, keeps usernames (or ids) comma-joined. */
export function JSelectUserByDep({ value, onChange, multi = true, store = 'username', placeholder, disabled, departTreeUrl }: JSelectUserByDepProps) {
  const values = splitValues(value);
  const { labels, remember } = useLabels(values, (missing) => lookupNames(missing, store));
  const [open, setOpen] = useState(false);

  return (
    <>
      <PickerInput
        values={values}
        labels={labels}
        placeholder={placeholder ?? t.widgets.user.title}
        disabled={disabled}
        onOpen={() => setOpen(true)}
        onRemove={(v) => onChange?.(joinValues(values.filter((x) => x !== v)))}
      />
      {open ? (
        <UserPickerModal
          open={open}
          multiple={multi}
          rowKey={store}
          initialKeys={values}
          departTreeUrl={departTreeUrl}
          onCancel={() => setOpen(false)}
          onOk={(keys, rows) => {
            remember(Object.fromEntries(rows.map((r) => [String(r[store]), r.realname])));
            onChange?.(joinValues(keys), rows);
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}
