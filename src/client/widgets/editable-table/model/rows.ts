import type { EditableColumn, Row } from '../types';
import { tempRowId } from './row-ids';

export const DEFAULT_DRAG_SORT_KEY = 'orderNum';

/** Rows as given, with a temporary id for each row that has none; the same array when nothing was missing. */
export function withIds(rows: readonly Row[] | null | undefined): Row[] {
  if (!rows) return [];
  let out: Row[] | null = null;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (r && r.id !== undefined && r.id !== null && r.id !== '') continue;
    if (!out) out = rows.slice();
    out[i] = { ...(r ?? {}), id: tempRowId() };
  }
  return out ?? (rows as Row[]);
}

function maxOf(rows: readonly Row[], key: string): number {
  let max = 0;
  for (const r of rows) {
    const n = Number.parseInt(String(r[key] ?? ''), 10);
    if (Number.isFinite(n) && n > max) max = n;
  }
  return max;
}

/** The value a new row starts with in a column (spec §3 defaultValue, defaultChecked, isOrder). */
export function defaultCellValue(column: EditableColumn, existing: readonly Row[]): unknown {
  switch (column.type) {
    case 'checkbox':
      if (column.customValue) return column.defaultChecked ? column.customValue[0] : column.customValue[1];
      return !!column.defaultChecked;
    case 'inputNumber':
      if (column.isOrder) return maxOf(existing, column.key) + 1;
      return column.defaultValue ?? '';
    default:
      return column.defaultValue ?? '';
  }
}

export function newRow(
  columns: readonly EditableColumn[],
  existing: readonly Row[],
  values: Record<string, unknown> = {},
): Row {
  const row: Row = { id: tempRowId() };
  for (const c of columns) row[c.key] = c.key in values ? values[c.key] : defaultCellValue(c, existing);
  for (const [k, v] of Object.entries(values)) if (!(k in row)) row[k] = v;
  return row;
}

/** After a drag or an insert the sort key runs 1, 2, 3… in row order; rows already right are kept as they are. */
export function renumber(rows: readonly Row[], key: string): Row[] {
  return rows.map((r, i) => (r[key] === i + 1 ? r : { ...r, [key]: i + 1 }));
}

export function moveRow(rows: readonly Row[], from: number, to: number): Row[] {
  const next = rows.slice();
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** A checkbox cell is ticked when it holds the checked custom value (or a truthy value without custom values). */
export function isChecked(column: EditableColumn, value: unknown): boolean {
  if (column.customValue) return String(value) === String(column.customValue[0]);
  return value === true || value === 'true' || value === 1 || value === '1';
}
