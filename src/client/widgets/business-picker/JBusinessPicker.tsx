import { useState } from 'react';
import { getAction } from '../../api';
import { t } from '../../locale/zh-CN';
import { ellipsisText } from '../ellipsis/ellipsis-text';
import { PickerInput } from '../picker-kit/PickerInput';
import { useLabels } from '../picker-kit/useLabels';
import { joinValues, recordsOf, splitValues } from '../picker-kit/values';
import {
  BusinessPickerModal,
  type BusinessColumn,
  type BusinessQueryField,
  type BusinessRecord,
} from './BusinessPickerModal';

/** Spec §9: labels are cut to 12 width units; -1 shows them whole. */
export const BUSINESS_ELLIPSIS = 12;

export interface JBusinessPickerProps {
  /** Chosen values (valueKey of each record), comma-joined. */
  value?: string | null;
  onChange?: (value: string | undefined, rows?: BusinessRecord[]) => void;
  /** List endpoint read page by page (result: a page or a list). */
  listUrl: string;
  /** Endpoint answering the records of given values (`<valueKey>=v1,v2`); default listUrl. */
  valueUrl?: string;
  /** The record field stored as the value (default rowKey). */
  valueKey?: string;
  /** The record field shown for a value. */
  displayKey: string;
  rowKey?: string;
  columns: BusinessColumn[];
  queryConfig?: BusinessQueryField[];
  multiple?: boolean;
  /** Width in half-width characters of each shown label; -1 disables cutting. */
  ellipsisLength?: number;
  params?: Record<string, unknown>;
  title?: string;
  placeholder?: string;
  disabled?: boolean;
}

/**
 * The generic business picker (spec §3): any list endpoint in a 900-wide dialog, five rows a page. The
 * field shows the chosen records' display names and keeps their values comma-joined.
 */
export function JBusinessPicker(props: JBusinessPickerProps) {
  const {
    value,
    onChange,
    listUrl,
    displayKey,
    rowKey = 'id',
    columns,
    queryConfig = [],
    multiple = true,
    ellipsisLength = BUSINESS_ELLIPSIS,
    disabled,
  } = props;
  const valueKey = props.valueKey ?? rowKey;
  const values = splitValues(value);
  const [open, setOpen] = useState(false);
  const { labels, remember } = useLabels(values, async (missing) => {
    const res = await getAction(props.valueUrl ?? listUrl, {
      [valueKey]: missing.join(','),
      pageNo: 1,
      pageSize: missing.length,
    });
    const found: Record<string, string> = {};
    if (res.success)
      for (const r of recordsOf<BusinessRecord>(res.result).records)
        found[String(r[valueKey])] = String(r[displayKey] ?? r[valueKey]);
    return found;
  });
  const shown = Object.fromEntries(values.map((v) => [v, ellipsisText(labels[v] ?? v, ellipsisLength)]));
  return (
    <>
      <PickerInput
        values={values}
        labels={shown}
        placeholder={props.placeholder ?? t.editable.business.placeholder}
        disabled={disabled}
        onOpen={() => setOpen(true)}
        onRemove={(v) => onChange?.(joinValues(values.filter((x) => x !== v)))}
      />
      {open ? (
        <BusinessPickerModal
          open
          title={props.title}
          listUrl={listUrl}
          rowKey={rowKey}
          columns={columns}
          queryConfig={queryConfig}
          multiple={multiple}
          params={props.params}
          // The dialog selects by row key; values may use another key, so they map through known rows.
          initialKeys={rowKey === valueKey ? values : []}
          onCancel={() => setOpen(false)}
          onOk={(_keys, rows) => {
            remember(
              Object.fromEntries(
                rows.map((r) => [String(r[valueKey]), String(r[displayKey] ?? r[valueKey])]),
              ),
            );
            onChange?.(joinValues(rows.map((r) => String(r[valueKey]))), rows);
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}
