import type { EditableColumn, Row } from '../types';

export interface CellProps {
  column: EditableColumn;
  /** Only slot cells get the whole row; the others re-render only when their own value changes. */
  row?: Row;
  rowIndex: number;
  value: unknown;
  disabled: boolean;
  /** Placeholder with ${title}, ${key} and ${defaultValue} already filled in. */
  placeholder: string;
  /** Edit-on-click mode: this cell was just clicked, so its editor opens at once. */
  autoOpen: boolean;
}
