/**
 * Numbers as people read them (spec §9): thousands separators, at most `decimals` places. Display only —
 * stored values stay plain numbers, and a number cell shows the raw text while it is edited.
 */
const formatters = new Map<number, Intl.NumberFormat>();

export function formatNumber(value: number, decimals = 2): string {
  let f = formatters.get(decimals);
  if (!f) formatters.set(decimals, (f = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: decimals })));
  return f.format(value);
}

/** Intl's own limit on fraction digits: a column without `number` shows every stored place. */
const ALL_DECIMALS = 20;

/**
 * A number cell's text when it is not being edited: a number (or numeric text, as pasted or half-typed)
 * with separators; anything else — empty, '-', text that is no number — as it is.
 */
export function formatCellNumber(value: unknown, decimals?: number): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (text.trim() === '') return text;
  const n = typeof value === 'number' ? value : Number(text);
  return Number.isFinite(n) ? formatNumber(n, decimals ?? ALL_DECIMALS) : text;
}
