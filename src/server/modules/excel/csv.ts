import type { SheetSpec } from './workbook.js';

export const CSV_TYPE = 'text/csv; charset=utf-8';

/** Text Excel would run as a formula when it opens a CSV file (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  let text = String(v);
  // A quote before the text keeps it text; numbers (negative ones too) are written as numbers above.
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The export as CSV for analysis tools: the header row of titles, then one line per row — no title rows
 * and no further sheets. UTF-8 with a byte-order mark, so Excel reads the Chinese text correctly.
 */
export function buildCsv(sheet: Pick<SheetSpec, 'columns' | 'rows'>): Buffer {
  const lines = [
    sheet.columns.map((c) => csvCell(c.title)).join(','),
    ...sheet.rows.map((r) => sheet.columns.map((c) => csvCell(r[c.key])).join(',')),
  ];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
