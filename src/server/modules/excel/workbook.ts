import ExcelJS from 'exceljs';
import { bizError } from '../../http/errors.js';
import { HEADER_SEARCH_ROWS, MAX_IMPORT_ROWS, ROW_LIMIT_MESSAGE } from './import-limits.js';
import { readGrid, type CellScalar, type GridRow } from './sheet-grid.js';

export type { CellScalar };

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetColumn {
  key: string;
  title: string;
  width?: number;
}

/**
 * An export workbook in the original's layout (protocol §9): a merged title row '<name>报表', the
 * exporter row '导出人:<realname>', then the header row and the data. Always a real .xlsx.
 */
export async function buildWorkbook(
  opts: SheetSpec & { exporter: string; more?: SheetSpec[] },
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = opts.exporter;
  // Further levels (master-detail children) follow as sheets of their own in the same layout.
  for (const sheet of [opts, ...(opts.more ?? [])]) addSheet(wb, sheet, opts.exporter);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export interface SheetSpec {
  title: string;
  columns: SheetColumn[];
  rows: Array<Record<string, unknown>>;
}

function addSheet(wb: ExcelJS.Workbook, opts: SheetSpec, exporter: string) {
  const ws = wb.addWorksheet(opts.title.slice(0, 31) || 'Sheet1');
  const width = Math.max(opts.columns.length, 1);
  ws.mergeCells(1, 1, 1, width);
  ws.mergeCells(2, 1, 2, width);
  const title = ws.getCell(1, 1);
  title.value = `${opts.title}报表`;
  title.font = { bold: true, size: 16 };
  title.alignment = { horizontal: 'center' };
  ws.getCell(2, 1).value = `导出人:${exporter}`;
  const header = ws.getRow(3);
  opts.columns.forEach((c, i) => {
    header.getCell(i + 1).value = c.title;
    ws.getColumn(i + 1).width = c.width ?? Math.max(12, c.title.length * 2 + 4);
  });
  header.font = { bold: true };
  for (const row of opts.rows) ws.addRow(opts.columns.map((c) => cellValue(row[c.key])));
}

/**
 * Cells are written as typed values: text is a string cell, which Excel shows as text and never runs
 * as a formula, so values such as '=1+1' round-trip unchanged.
 */
function cellValue(v: unknown): string | number | null {
  if (v === null || v === undefined) return null;
  return typeof v === 'number' ? v : String(v);
}

export interface SheetRow {
  /** 1-based row number in the sheet, for error reports. */
  number: number;
  /** Cell values by column key. */
  values: Record<string, CellScalar>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date cell as 'YYYY-MM-DD HH:mm:ss' (or its date part). Excel dates arrive as Date objects holding
 * the shown wall-clock time in UTC; text dates may use slashes or dots and omit the time or seconds.
 * Text that is no date comes back unchanged, for the validation to refuse.
 */
export function cellDateText(v: Date | string, kind: 'date' | 'datetime'): string {
  let text: string;
  if (v instanceof Date) {
    text = `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())} ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}:${pad(v.getUTCSeconds())}`;
  } else {
    const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(v.trim());
    if (!m) return v;
    const [, y, mo, d, h = '0', mi = '0', sec = '0'] = m;
    text = `${y}-${pad(+mo)}-${pad(+d)} ${pad(+h)}:${pad(+mi)}:${pad(+sec)}`;
  }
  return kind === 'date' ? text.slice(0, 10) : text;
}

/**
 * The data rows of the first sheet (.xlsx or legacy .xls; or of the `sheet`-th of an .xlsx), keyed by the columns whose title (or key)
 * appears in the header row. The header is the row among the first five that names most columns, so
 * both our export layout (two title rows) and a plain sheet import. Rows are read as they stream in
 * and reading stops at the first data row past the limit, so a sheet claiming millions of rows costs
 * no more than one at the limit.
 */
export async function readSheet(
  content: Buffer,
  columns: SheetColumn[],
  sheet = 0,
): Promise<{ rows: SheetRow[]; matched: SheetColumn[] }> {
  const byLabel = new Map<string, SheetColumn>();
  for (const c of columns) {
    byLabel.set(c.title.trim(), c);
    byLabel.set(c.key, c);
  }
  // The rows among the first five until the header is known; then the header's columns.
  const head: GridRow[] = [];
  let positions: Map<number, SheetColumn> | null = null;
  const rows: SheetRow[] = [];
  const take = (g: GridRow) => {
    const values: Record<string, CellScalar> = {};
    let empty = true;
    for (const [col, c] of positions ?? []) {
      let v = g.cells.get(col) ?? null;
      if (typeof v === 'string') v = v.trim() === '' ? null : v;
      if (v !== null) empty = false;
      values[c.key] = v;
    }
    if (empty) return;
    rows.push({ number: g.number, values });
    if (rows.length > MAX_IMPORT_ROWS) throw bizError(ROW_LIMIT_MESSAGE);
  };
  const settleHeader = () => {
    const header = findHeader(head, byLabel);
    if (!header) throw bizError(`没有找到表头，表头应包含：${columns.map((c) => c.title).join('、')}`);
    positions = header.positions;
    for (const g of head) if (g.number > header.row) take(g);
  };
  for await (const batch of readGrid(content, sheet)) {
    for (const g of batch) {
      if (positions) take(g);
      else if (g.number <= HEADER_SEARCH_ROWS) head.push(g);
      else {
        settleHeader();
        take(g);
      }
    }
  }
  // A later sheet may be missing or empty: a level without rows.
  if (!positions && sheet > 0 && head.length === 0) return { rows: [], matched: [] };
  if (!positions) settleHeader();
  return { rows, matched: [...(positions ?? new Map<number, SheetColumn>()).values()] };
}

/** The row among the first ones that names most columns (the first of equals), and where it names them. */
function findHeader(head: GridRow[], byLabel: Map<string, SheetColumn>) {
  let best: { row: number; positions: Map<number, SheetColumn> } | null = null;
  for (const g of head) {
    const found = new Map<number, SheetColumn>();
    const seen = new Set<SheetColumn>();
    for (const [col, v] of g.cells) {
      const c = byLabel.get(String(v ?? '').trim());
      if (c && !seen.has(c)) {
        found.set(col, c);
        seen.add(c);
      }
    }
    if (found.size > (best?.positions.size ?? 0)) best = { row: g.number, positions: found };
  }
  return best;
}
