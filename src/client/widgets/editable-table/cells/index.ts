import type { ComponentType } from 'react';
import type { EditableColumnType } from '../types';
import { CheckboxCell } from './CheckboxCell';
import { ChoiceCell, RadioCell } from './ChoiceCell';
import { DateCell } from './DateCell';
import { InputPopCell } from './InputPopCell';
import { PickerCell } from './PickerCell';
import { PopupCell } from './PopupCell';
import { SlotCell } from './SlotCell';
import { TextCell } from './TextCell';
import type { CellProps } from './types';
import { UploadCell } from './UploadCell';

export { DisplayCell } from './DisplayCell';
export type { CellProps } from './types';

/** The editor of each column type; hidden columns have none (they only carry values). */
export const CELL_EDITORS: Record<Exclude<EditableColumnType, 'hidden'>, ComponentType<CellProps>> = {
  input: TextCell,
  inputNumber: TextCell,
  checkbox: CheckboxCell,
  select: ChoiceCell,
  list_multi: ChoiceCell,
  sel_search: ChoiceCell,
  sel_search_async: ChoiceCell,
  radio: RadioCell,
  date: DateCell,
  datetime: DateCell,
  sel_depart: PickerCell,
  sel_user: PickerCell,
  input_pop: InputPopCell,
  popup: PopupCell,
  upload: UploadCell,
  file: UploadCell,
  image: UploadCell,
  slot: SlotCell,
};

/** Types whose cells take pasted text. */
export const PASTEABLE: ReadonlySet<EditableColumnType> = new Set([
  'input',
  'inputNumber',
  'checkbox',
  'select',
  'list_multi',
  'sel_search',
  'sel_search_async',
  'radio',
  'date',
  'datetime',
  'input_pop',
  'popup',
  'sel_user',
  'sel_depart',
]);
