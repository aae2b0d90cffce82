/**
 * The editable-table definition: the types generated from schemas/meta/editable-table.schema.json, plus
 * what only hand-written pages can pass (functions).
 */
import type { ReactNode } from 'react';

import type {
  EditableColumn as ColumnDefinition,
  EditableColumnType,
  EditableOption,
  EditableTableProps as TableDefinition,
  ValidateRule as RuleDefinition,
} from '../../../shared/schema-types';

export type { EditableColumnType, EditableOption };

/**
 * A rule as a page may give it. JSON definitions name a shared check and always carry a message (the
 * meta-schema says so); hand-written pages may also name a handler they pass in `handlers` and rely on
 * the default messages.
 */
export type ValidateRule = Omit<RuleDefinition, 'required' | 'unique' | 'handler' | 'message'> & {
  required?: boolean;
  unique?: boolean;
  handler?: string;
  message?: string;
};
export type EditableColumn = Omit<ColumnDefinition, 'validateRules'> & { validateRules?: ValidateRule[] };
export type EditableTableDefinition = Omit<TableDefinition, 'columns'> & { columns: EditableColumn[] };
export type StatisticKind = NonNullable<ColumnDefinition['statistics']>[number];

/** A row: an id (temporary when new) plus one value per column key. */
export interface Row {
  id: string;
  [key: string]: unknown;
}

export interface CellError {
  rowIndex: number;
  rowId: string;
  key: string;
  message: string;
}

/** What a custom rule handler sees; it answers true/undefined (passed), false or a message (failed). */
export interface HandlerContext {
  value: unknown;
  row: Row;
  rowIndex: number;
  column: EditableColumn;
  rows: readonly Row[];
}
export type HandlerResult = boolean | string | undefined | void;
export type RuleHandler = (ctx: HandlerContext) => HandlerResult;

export interface SlotContext {
  value: unknown;
  row: Row;
  rowIndex: number;
  column: EditableColumn;
  disabled: boolean;
  setValue: (value: unknown) => void;
  /** Sets several cells of the row at once (a picker filling other columns), checked and announced like typing. */
  setRowValues: (values: Record<string, unknown>) => void;
}
export type SlotRenderer = (ctx: SlotContext) => ReactNode;

export interface ValueChangeEvent {
  type: EditableColumnType;
  row: Row;
  rowIndex: number;
  column: EditableColumn;
  value: unknown;
  /** Changes other cells of the same row (e.g. an amount from quantity and price). */
  setRowValues: (values: Record<string, unknown>) => void;
}
