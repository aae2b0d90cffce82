import type { CSSProperties } from 'react';
import type { EditableColumn, EditableColumnType } from '../types';

/** Spec §9: rows 61 px, the grid at most 400 px high. */
export const ROW_HEIGHT = 61;
export const DEFAULT_MAX_HEIGHT = 400;
export const MIN_COLUMN_WIDTH = 120;
/**
 * The narrowest a column of each type may be when its definition gives no width (spec §9 names the
 * wider ones); other types need at least DEFAULT_MIN_WIDTH.
 */
export const TYPE_MIN_WIDTHS: Partial<Record<EditableColumnType, number>> = {
  checkbox: 48,
  // Room for an eight-digit amount with separators (computed columns have a blank placeholder).
  inputNumber: 110,
  radio: 140,
  date: 140,
  datetime: 200,
  popup: 120,
  sel_user: 220,
  sel_depart: 160,
  upload: 160,
  file: 160,
  image: 160,
};
export const DEFAULT_MIN_WIDTH = 96;
/** A default width never grows past this, however long the title or placeholder. */
export const MAX_DEFAULT_WIDTH = 320;
export const DRAG_WIDTH = 32;
export const SELECT_WIDTH = 40;
/** Row numbers up to four digits. */
export const NUMBER_WIDTH = 40;

/** The grid's font size (editable-table.css); titles and placeholders are measured in it. */
const FONT_SIZE = 14;
/** Header cell padding (8 px each side). */
const HEADER_PADDING = 16;
/** The red * before a required column's title and its margin. */
const REQUIRED_MARK_WIDTH = 12;
/** Cell padding (8 + 4), the control's padding and border (11 × 2 + 2) and a little air. */
const CONTROL_PADDING = 12 + 24 + 4;
/** The icon after the text: a select arrow, calendar, search glass or input_pop's expand button. */
const SUFFIX_WIDTH: Partial<Record<EditableColumnType, number>> = {
  select: 16,
  list_multi: 16,
  sel_search: 16,
  sel_search_async: 16,
  date: 16,
  datetime: 16,
  popup: 16,
  sel_user: 16,
  sel_depart: 16,
  input_pop: 26,
};
/** Types whose empty cell shows its placeholder (the others show a control of their own). */
const SHOWS_PLACEHOLDER = new Set<EditableColumnType>([
  'input',
  'inputNumber',
  'input_pop',
  ...(Object.keys(SUFFIX_WIDTH) as EditableColumnType[]),
]);

/** Text width in pixels: a full-width (CJK) character is one em, any other about 0.6 em. */
export function textWidth(text: string): number {
  let ems = 0;
  for (const ch of text) ems += (ch.codePointAt(0) ?? 0) > 0xff ? 1 : 0.6;
  return Math.ceil(ems * FONT_SIZE);
}

/** Required columns are marked like antd form labels. */
export function isRequiredColumn(column: EditableColumn): boolean {
  return !!column.validateRules?.some((r) => r.required || r.pattern === '*');
}

/** Columns that occupy a place on screen: hidden columns only carry values. */
export function visibleColumns(columns: readonly EditableColumn[]): EditableColumn[] {
  return columns.filter((c) => c.type !== 'hidden');
}

/**
 * The width of a column the definition gives none: its title in the header and its placeholder
 * (请输入… / 请选择…) in the control must both show whole, but never under the type's minimum.
 */
export function defaultColumnWidth(column: EditableColumn, placeholder = ''): number {
  const header =
    textWidth(column.title) + HEADER_PADDING + (isRequiredColumn(column) ? REQUIRED_MARK_WIDTH : 0);
  const content = SHOWS_PLACEHOLDER.has(column.type)
    ? textWidth(placeholder.trim()) + CONTROL_PADDING + (SUFFIX_WIDTH[column.type] ?? 0)
    : 0;
  const min = TYPE_MIN_WIDTHS[column.type] ?? DEFAULT_MIN_WIDTH;
  return Math.min(Math.max(header, content, min), Math.max(min, MAX_DEFAULT_WIDTH));
}

/**
 * A column's flex box: a given width (pixels or a CSS length) is kept; without one the column starts at
 * its default width and shares the room left, so a wide screen has no empty band and a narrow one
 * scrolls sideways instead of cramping cells.
 */
export function columnStyle(column: EditableColumn, placeholder = ''): CSSProperties {
  const w = column.width;
  if (typeof w === 'number') return { flex: `0 0 ${w}px`, width: w };
  if (typeof w === 'string' && w)
    return { flex: `0 0 ${w}`, width: w, minWidth: w.endsWith('%') ? MIN_COLUMN_WIDTH : undefined };
  const d = defaultColumnWidth(column, placeholder);
  return { flex: `1 0 ${d}px`, minWidth: d };
}

/** The narrowest the row can be: the leading columns plus each column's fixed or least width. */
export function minRowWidth(styles: readonly CSSProperties[], leftWidth: number): number {
  let w = leftWidth;
  for (const style of styles) {
    const cw = style.minWidth ?? style.width;
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
