import type { CSSProperties } from 'react';
import type { EditableColumn, EditableColumnType } from '../types';

/** Spec §9: rows 61 px, the grid at most 400 px high. */
export const ROW_HEIGHT = 61;
export const DEFAULT_MAX_HEIGHT = 400;
export const MIN_COLUMN_WIDTH = 120;
/** Types that need more room (spec §9). */
export const TYPE_WIDTHS: Partial<Record<EditableColumnType, number>> = {
  datetime: 200,
  sel_user: 220,
  sel_depart: 160,
};
export const DRAG_WIDTH = 32;
export const SELECT_WIDTH = 40;
export const NUMBER_WIDTH = 50;

/** Columns that occupy a place on screen: hidden columns only carry values. */
export function visibleColumns(columns: readonly EditableColumn[]): EditableColumn[] {
  return columns.filter((c) => c.type !== 'hidden');
}

/**
 * A column's flex box: a given width (pixels or a CSS length), the type's width, or a share of the room
 * left (the original's 92% split) but never under 120 px, so many columns scroll sideways.
 */
export function columnStyle(column: EditableColumn): CSSProperties {
  const w = column.width ?? TYPE_WIDTHS[column.type];
  if (typeof w === 'number') return { flex: `0 0 ${w}px`, width: w };
  if (typeof w === 'string' && w)
    return { flex: `0 0 ${w}`, width: w, minWidth: w.endsWith('%') ? MIN_COLUMN_WIDTH : undefined };
  return { flex: `1 0 ${MIN_COLUMN_WIDTH}px`, minWidth: MIN_COLUMN_WIDTH };
}

/** The narrowest the row can be: fixed widths plus minimum widths. */
export function minRowWidth(columns: readonly EditableColumn[], leftWidth: number): number {
  let w = leftWidth;
  for (const c of columns) {
    const cw = c.width ?? TYPE_WIDTHS[c.type];
    w +=
      typeof cw === 'number'
        ? cw
        : typeof cw === 'string' && cw.endsWith('px')
          ? Number.parseInt(cw, 10)
          : MIN_COLUMN_WIDTH;
  }
  return w;
}

/** Sticky left offsets of the leading columns that are shown. */
export function fixedColumnStyles(opts: { dragSort: boolean; rowSelection: boolean; rowNumber: boolean }) {
  let left = 0;
  const take = (on: boolean, width: number): CSSProperties => {
    const style: CSSProperties = { left, flex: `0 0 ${width}px`, width };
    if (on) left += width;
    return style;
  };
  return {
    drag: take(opts.dragSort, DRAG_WIDTH),
    select: take(opts.rowSelection, SELECT_WIDTH),
    number: take(opts.rowNumber, NUMBER_WIDTH),
  };
}
