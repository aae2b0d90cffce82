import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { getAction } from '../../api';
import { t } from '../../locale/zh-CN';
import { PickerInput } from '../picker-kit/PickerInput';
import { TablePickerModal } from '../picker-kit/TablePickerModal';
import { useLabels } from '../picker-kit/useLabels';
import { joinValues, splitValues } from '../picker-kit/values';

interface PositionRow {
  id: string;
  name: string;
  code: string;
  postRank?: string;
  rank_dictText?: string;
  postRank_dictText?: string;
}

export interface JSelectPositionProps {
  /** Chosen position codes, comma-joined. */
  value?: string | null;
  onChange?: (value: string | undefined, rows?: PositionRow[]) => void;
  multi?: boolean;
  placeholder?: string;
  disabled?: boolean;
}

async function lookupPositions(codes: string[]): Promise<Record<string, string>> {
  const names: Record<string, string> = {};
  for (const code of codes) {
    const res = await getAction<PositionRow>('/sys/position/queryByCode', { code });
    if (res.success && res.result) names[code] = res.result.name;
  }
  return names;
}

/** Position picker (spec §3): name, code and rank (shown as rank_dictText); keeps codes. */
export function JSelectPosition({ value, onChange, multi = false, placeholder, disabled }: JSelectPositionProps) {
  const values = splitValues(value);
  const { labels, remember } = useLabels(values, lookupPositions);
  const [open, setOpen] = useState(false);
  const p = t.widgets.position;
  const columns: ColumnsType<PositionRow> = [
    { title: p.name, dataIndex: 'name' },
    { title: p.code, dataIndex: 'code' },
    { title: p.rank, dataIndex: 'rank_dictText', render: (v: string | undefined, row) => v ?? row.postRank_dictText ?? row.postRank ?? '' },
  ];
  return (
    <>
      <PickerInput
        values={values}
        labels={labels}
        placeholder={placeholder ?? p.title}
        disabled={disabled}
        onOpen={() => setOpen(true)}
        onRemove={(v) => onChange?.(joinValues(values.filter((x) => x !== v)))}
      />
      {open ? (
        <TablePickerModal<PositionRow>
          open
          title={p.title}
          width={800}
          url="/sys/position/list"
          columns={columns}
          rowKey="code"
          multiple={multi}
          initialKeys={values}
          searchField="name"
          searchPlaceholder={p.searchPlaceholder}
          params={{ column: 'createTime', order: 'desc' }}
          onCancel={() => setOpen(false)}
          onOk={(keys, rows) => {
            remember(Object.fromEntries(rows.map((row) => [row.code, row.name])));
            onChange?.(joinValues(keys), rows);
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}
