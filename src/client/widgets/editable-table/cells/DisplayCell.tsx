import { memo } from 'react';
import { t } from '../../../locale/zh-CN';
import { labelsOf, splitCell, useLookups } from '../grid/lookups';
import { formatCellNumber } from '../model/number-format';
import { isChecked } from '../model/rows';
import { DEPART_LABELS, USER_LABELS } from './PickerCell';
import { shortFileName } from './UploadCell';
import type { CellProps } from './types';

/** A cell's value as text, for edit-on-click mode before the cell is clicked. */
export const DisplayCell = memo(function DisplayCell({ column, value, placeholder }: CellProps) {
  const { options, labels } = useLookups();
  let text: string;
  switch (column.type) {
    case 'checkbox':
      text = isChecked(column, value) ? t.editable.table.checked : t.editable.table.unchecked;
      break;
    case 'select':
    case 'list_multi':
    case 'sel_search':
    case 'radio':
      text = labelsOf(value, options[column.key] ?? []);
      break;
    case 'sel_user':
      text = labelsOf(value, labels[USER_LABELS] ?? {});
      break;
    case 'sel_depart':
      text = labelsOf(value, labels[DEPART_LABELS] ?? {});
      break;
    case 'inputNumber':
      text = formatCellNumber(value, column.number);
      break;
    case 'upload':
    case 'file':
    case 'image':
      text = splitCell(value).map(shortFileName).join(',');
      break;
    default:
      text = value === null || value === undefined ? '' : String(value);
  }
  return (
    <span className="jet-text" title={text || undefined}>
      {text || <span style={{ color: 'rgba(0,0,0,0.25)' }}>{placeholder}</span>}
    </span>
  );
});
