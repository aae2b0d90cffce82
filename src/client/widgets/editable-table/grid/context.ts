import { createContext, useContext } from 'react';
import type { TableStore } from '../model/store';
import type { EditableColumn, Row, SlotRenderer } from '../types';

export interface ChoiceOption {
  value: string;
  label: string;
}

/** What every cell needs from its table; the object is stable, so cells re-render only for their own data. */
export interface TableApi {
  store: TableStore;
  tableId: string;
  disabled: boolean;
  alwaysEdit: boolean;
  slots: Record<string, SlotRenderer>;
  /** A user change: stores the value, checks the cell and tells the page. */
  setValue(rowIndex: number, column: EditableColumn, value: unknown): void;
  setRowValues(rowIndex: number, values: Record<string, unknown>): void;
  /** Blur: the cell is checked again 100 ms later (spec §5). */
  blurred(rowIndex: number, column: EditableColumn): void;
  /** Options of a choice column (static or from its dictionary), loaded once per table. */
  options(column: EditableColumn): ChoiceOption[];
  /** Display names of picked values (users, departments, popup records) remembered by the table. */
  label(kind: string, value: string): string | undefined;
  rememberLabels(kind: string, labels: Record<string, string>): void;
  /** Edit-on-click mode: make this cell the edited one. */
  startEditing(row: Row, column: EditableColumn): void;
}

export const TableApiContext = createContext<TableApi | null>(null);

export function useTableApi(): TableApi {
  const api = useContext(TableApiContext);
  if (!api) throw new Error('EditableTable cell outside its table');
  return api;
}
