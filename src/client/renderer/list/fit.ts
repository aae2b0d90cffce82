import type { PageColumn } from '../definition/types';
import { displayText } from './cells';
import type { Density } from './settings/model';

type Row = Readonly<Record<string, unknown>>;

/**
 * Column widths from content (spec issue 14: nothing clipped behind the pinned 操作 column at 1280 px).
 * Text is measured by estimate, not by the browser, so that the widths are the same in every test and
 * on every machine: a full-width character is about as wide as the 14 px font, a Latin one a little
 * more than half of it (digits of the dates and codes that fill these tables).
 */
const CJK_PX = 14;
const LATIN_PX = 7.5;
/** antd's header sorter arrows and their gap. */
const SORTER_PX = 20;
/** No column is cut narrower than this many Chinese characters (or its content, if less). */
const READABLE_CHARS = 4;
/** Headers of this many characters or more may wrap onto a second line. */
const WRAP_TITLE_CHARS = 5;
/** A tree list's expand button (and its margin) before the first column's text, then 15 px per level. */
const TREE_ICON_PX = 28;
const TREE_INDENT_PX = 15;
const TAG_PX = 20;
const IMAGE_PX = 80;
/** antd's dropdown arrow after 更多 and the vertical dividers between the links. */
const MORE_ICON_PX = 20;
const DIVIDER_PX = 17;
/** Widest a column grows to show its content when the definition gives no width. */
const DEFAULT_CAP_PX = 240;

export function textPx(text: string): number {
  let w = 0;
  for (const ch of text) w += (ch.codePointAt(0) ?? 0) > 255 ? CJK_PX : LATIN_PX;
  return w;
}

/** Left plus right cell padding and the border of a bordered table, per antd size. */
export function cellPaddingPx(density: Density): number {
  return (density === 'large' ? 32 : 16) + 1;
}

/** A long header may take two lines (Chinese breaks between any two characters); a short one stays whole. */
function headerPx(title: string): number {
  const chars = [...title];
  if (chars.length < WRAP_TITLE_CHARS) return textPx(title);
  const half = Math.ceil(chars.length / 2);
  return Math.max(textPx(chars.slice(0, half).join('')), textPx(chars.slice(half).join('')));
}

export interface ColumnNeed {
  /** The width that shows header and content whole (content capped by the definition's width). */
  want: number;
  /** Below this the header itself would wrap or be cut. */
  min: number;
}

/** What a column needs for its header and for the rows on screen. */
export function columnNeed(
  col: PageColumn,
  rows: readonly Row[],
  density: Density,
  treeDepth = -1,
): ColumnNeed {
  const pad = cellPaddingPx(density);
  const min = Math.ceil(headerPx(col.title) + pad + (col.sorter ? SORTER_PX : 0));
  const indent = treeDepth >= 0 ? TREE_ICON_PX + TREE_INDENT_PX * treeDepth : 0;
  let content = 0;
  for (const row of rows) content = Math.max(content, contentPx(col, row));
  content = content ? content + pad + indent : 0;
  // The definition's width is the column's preferred size before any row is known; with rows on
  // screen the column takes what they need, never more than that width (longer text is cut).
  const cap = col.width ?? DEFAULT_CAP_PX;
  const want = rows.length ? Math.max(min, Math.min(content, cap)) : Math.max(min, cap);
  // Narrower than four Chinese characters a cut value says nothing: such lists scroll sideways instead.
  const readable = col.format === 'image' ? want : Math.min(want, READABLE_CHARS * CJK_PX + pad);
  return { want: Math.ceil(want), min: Math.ceil(Math.max(min, readable)) };
}

function contentPx(col: PageColumn, row: Row): number {
  if (col.format === 'image') return row[col.dataIndex] ? IMAGE_PX : 0;
  let text = displayText(row, col.dataIndex);
  if (col.format === 'date' && text.length > 10) text = text.slice(0, 10);
  if (col.format === 'number' && text !== '' && Number.isFinite(Number(text)))
    text = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 6 }).format(Number(text));
  const limit = col.ellipsis === false ? Infinity : (col.ellipsis ?? 25);
  // JEllipsis cuts at `limit` half-width units and adds '...'.
  let px = 0;
  let units = 0;
  for (const ch of text) {
    const wide = (ch.codePointAt(0) ?? 0) > 255;
    units += wide ? 2 : 1;
    if (units > limit) {
      px += 3 * LATIN_PX;
      break;
    }
    px += wide ? CJK_PX : LATIN_PX;
  }
  return col.format === 'tag' && px ? px + TAG_PX : px;
}

/** Every loaded row of a tree, parents before their children. */
export function flatRows(rows: readonly Row[]): Row[] {
  const out: Row[] = [];
  const walk = (list: readonly Row[]) => {
    for (const r of list) {
      out.push(r);
      if (Array.isArray(r.children)) walk(r.children as Row[]);
    }
  };
  walk(rows);
  return out;
}

/** The deepest level among loaded tree rows (0 for a flat list of roots). */
export function treeDepth(rows: readonly Row[]): number {
  let depth = 0;
  const walk = (list: readonly Row[], level: number) => {
    for (const r of list) {
      depth = Math.max(depth, level);
      if (Array.isArray(r.children)) walk(r.children as Row[], level + 1);
    }
  };
  walk(rows, 0);
  return depth;
}

/** Width of a row's 操作 links on one line: the first `inline` labels, then 更多 with its arrow. */
export function actionsPx(labels: readonly string[], inline: number, density: Density): number {
  if (labels.length === 0) return 0;
  const shown = labels.length <= inline ? labels : [...labels.slice(0, inline), '更多'];
  const text = shown.reduce((sum, l) => sum + textPx(l), 0);
  const more = labels.length > inline ? MORE_ICON_PX : 0;
  return Math.ceil(text + more + DIVIDER_PX * (shown.length - 1) + cellPaddingPx(density) + 8);
}

/**
 * Fits wanted widths into the space there is. With room to spare, the columns share it in proportion
 * to what they want (so antd has nothing left to spread, not even onto 操作). Short of room, the widest
 * columns give way first, down to a common width but never below their minimum (their text is cut with
 * an ellipsis, the whole shown on hover); only when even the minimums do not fit does the table scroll
 * sideways. `locked` columns (a width the user set) keep their width.
 */
export function fitWidths(
  needs: readonly (ColumnNeed & { locked?: boolean })[],
  available: number,
): number[] {
  const want = needs.map((n) => n.want);
  const total = want.reduce((a, b) => a + b, 0);
  if (!(available > 0) || total === available) return want;
  const free = needs.filter((n) => !n.locked);
  if (free.length === 0) return want;
  if (total < available) {
    const freeTotal = free.reduce((a, n) => a + n.want, 0);
    const scale = (available - total + freeTotal) / freeTotal;
    return needs.map((n) => (n.locked ? n.want : Math.floor(n.want * scale)));
  }
  const locked = needs.reduce((a, n) => a + (n.locked ? n.want : 0), 0);
  const at = (cap: number) => needs.map((n) => (n.locked ? n.want : Math.max(n.min, Math.min(n.want, cap))));
  const sum = (cap: number) => at(cap).reduce((a, b) => a + b, 0);
  // The largest common cap that fits, by bisection over whole pixels.
  let lo = 0;
  let hi = Math.max(...free.map((n) => n.want));
  if (sum(lo) > available || locked >= available) return at(0);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (sum(mid) <= available) lo = mid;
    else hi = mid - 1;
  }
  return at(lo);
}
