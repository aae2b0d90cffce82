import type { CompiledRules } from '../rules';
import { cellText } from '../rules';
import type { CellError, Row } from '../types';
import { isTempRowId } from './row-ids';

export type RowErrors = Readonly<Record<string, string>>;
export interface CellPos {
  rowId: string;
  key: string;
}

export const NO_ERRORS: RowErrors = Object.freeze({});

/**
 * The table's state outside React, so that typing in one cell re-renders one row: rows are replaced
 * immutably (a new array and a new object for the changed row), and each rendered row subscribes to its
 * own row, error and selection snapshots. `onRowsChange` forwards every user change to the form field.
 */
export class TableStore {
  rows: Row[] = [];
  private errors = new Map<string, RowErrors>();
  selected: ReadonlySet<string> = new Set();
  /** The cell being edited when cells are not always editors, or the focused cell for keyboard moves. */
  editing: CellPos | null = null;
  /** Ids of removed rows that were stored before (not temporary). */
  deletedIds: string[] = [];
  /** Changes whenever rows are added, removed or reordered (not when a cell changes). */
  structure = 0;
  private listeners = new Set<() => void>();
  private index = new Map<string, number>();
  private indexFor: Row[] | null = null;

  constructor(
    public rules: CompiledRules,
    private onRowsChange: (rows: Row[]) => void = () => {},
  ) {}

  setOnRowsChange(fn: (rows: Row[]) => void): void {
    this.onRowsChange = fn;
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  private emit(): void {
    for (const fn of this.listeners) fn();
  }

  indexOf(rowId: string): number {
    if (this.indexFor !== this.rows) {
      this.index = new Map(this.rows.map((r, i) => [r.id, i]));
      this.indexFor = this.rows;
    }
    return this.index.get(rowId) ?? -1;
  }

  rowErrors(rowId: string): RowErrors {
    return this.errors.get(rowId) ?? NO_ERRORS;
  }

  get errorCount(): number {
    let n = 0;
    for (const e of this.errors.values()) n += Object.keys(e).length;
    return n;
  }

  /** Rows from outside (the form's value): no change event back. */
  replaceRows(rows: Row[]): void {
    if (rows === this.rows) return;
    const ids = new Set(rows.map((r) => r.id));
    for (const id of this.errors.keys()) if (!ids.has(id)) this.errors.delete(id);
    if ([...this.selected].some((id) => !ids.has(id)))
      this.selected = new Set([...this.selected].filter((id) => ids.has(id)));
    if (!sameStructure(this.rows, rows)) this.structure++;
    this.rows = rows;
    this.emit();
  }

  /** A change made in the table: stored, announced to subscribers and to the form. */
  commit(rows: Row[], cellsOnly = false): void {
    if (!cellsOnly && !sameStructure(this.rows, rows)) this.structure++;
    this.rows = rows;
    this.emit();
    this.onRowsChange(rows);
  }

  setCell(rowIndex: number, key: string, value: unknown): void {
    const row = this.rows[rowIndex];
    if (!row || row[key] === value) return;
    const next = this.rows.slice();
    next[rowIndex] = { ...row, [key]: value };
    this.commit(next, true);
  }

  setRowValues(rowIndex: number, values: Record<string, unknown>): void {
    const row = this.rows[rowIndex];
    if (!row) return;
    const next = this.rows.slice();
    next[rowIndex] = { ...row, ...values, id: row.id };
    this.commit(next, true);
  }

  removeRows(ids: readonly string[]): void {
    const gone = new Set(ids);
    for (const id of ids) if (!isTempRowId(id) && this.indexOf(id) >= 0) this.deletedIds.push(id);
    const next = this.rows.filter((r) => !gone.has(r.id));
    for (const id of ids) this.errors.delete(id);
    this.selected = new Set([...this.selected].filter((id) => !gone.has(id)));
    this.commit(next);
  }

  // --- selection ---------------------------------------------------------------------------------

  toggleSelected(rowId: string, on?: boolean): void {
    const next = new Set(this.selected);
    const want = on ?? !next.has(rowId);
    if (want) next.add(rowId);
    else next.delete(rowId);
    this.selected = next;
    this.emit();
  }

  selectAll(on: boolean): void {
    this.selected = on ? new Set(this.rows.map((r) => r.id)) : new Set();
    this.emit();
  }

  setEditing(pos: CellPos | null): void {
    if (pos?.rowId === this.editing?.rowId && pos?.key === this.editing?.key) return;
    this.editing = pos;
    this.emit();
  }

  // --- validation --------------------------------------------------------------------------------

  private putError(rowId: string, key: string, message: string | undefined): boolean {
    const current = this.errors.get(rowId) ?? NO_ERRORS;
    if (current[key] === message || (message === undefined && !(key in current))) return false;
    const next: Record<string, string> = { ...current };
    if (message === undefined) delete next[key];
    else next[key] = message;
    if (Object.keys(next).length === 0) this.errors.delete(rowId);
    else this.errors.set(rowId, next);
    return true;
  }

  /**
   * Checks one cell (on input, change and blur). For a unique column the rows sharing the old or the new
   * value are checked again too, since their verdict depends on this cell.
   */
  validateCell(rowIndex: number, key: string, previous?: unknown): string | undefined {
    const row = this.rows[rowIndex];
    if (!row) return undefined;
    const message = this.rules.validateCell(this.rows, rowIndex, key);
    let changed = this.putError(row.id, key, message);
    if (this.rules.uniqueKeys.includes(key)) {
      const texts = new Set([cellText(previous), cellText(row[key])]);
      texts.delete('');
      if (texts.size) {
        for (let i = 0; i < this.rows.length; i++) {
          if (i === rowIndex || !texts.has(cellText(this.rows[i][key]))) continue;
          changed =
            this.putError(this.rows[i].id, key, this.rules.validateCell(this.rows, i, key)) || changed;
        }
      }
    }
    if (changed) this.emit();
    return message;
  }

  /** Checks several cells (after a paste) and repaints once. */
  validateCells(cells: ReadonlyArray<{ rowIndex: number; key: string }>): void {
    let changed = false;
    for (const { rowIndex, key } of cells) {
      const row = this.rows[rowIndex];
      if (row)
        changed = this.putError(row.id, key, this.rules.validateCell(this.rows, rowIndex, key)) || changed;
    }
    if (changed) this.emit();
  }

  /** Every rule over every row in one pass; the errors replace what the table shows. */
  validateAll(): CellError[] {
    const { errors } = this.rules.validateAll(this.rows);
    const byRow = new Map<string, Record<string, string>>();
    for (const e of errors) {
      let r = byRow.get(e.rowId);
      if (!r) byRow.set(e.rowId, (r = {}));
      r[e.key] = e.message;
    }
    this.errors = byRow as Map<string, RowErrors>;
    this.emit();
    return errors;
  }

  clearErrors(): void {
    if (this.errors.size === 0) return;
    this.errors = new Map();
    this.emit();
  }
}

function sameStructure(a: readonly Row[], b: readonly Row[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].id !== b[i].id) return false;
  return true;
}
