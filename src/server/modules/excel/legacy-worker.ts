import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import * as cptable from '@e965/xlsx/dist/cpexcel.full.mjs';
import {
  MAX_CELL_CHARS,
  NO_SHEET_MESSAGE,
  PASSWORD_MESSAGE,
  UNREADABLE_MESSAGE,
  cellTooLongMessage,
} from './import-limits.js';
import type { CellScalar, GridRow, LegacyJob, LegacyResult } from './sheet-grid.js';

/**
 * Reads a legacy .xls (Excel 97-2003 BIFF8 or Excel 5/95) in a worker thread: SheetJS parses a whole
 * file synchronously (about a second for a 10 MB sheet), which must not stall the server's requests.
 */

// Excel 5/95 sheets store text in the workbook's code page (GBK on Chinese Windows).
XLSX.set_cptable(cptable);

/**
 * One SheetJS cell as a plain value. Dates are numbers with a date format; they become a Date holding
 * the shown wall-clock time in UTC, as the .xlsx reader gives them, so both formats read dates alike.
 */
function legacyScalar(cell: XLSX.CellObject | undefined): CellScalar {
  if (!cell || cell.v === undefined || cell.t === 'e' || cell.t === 'z') return null;
  if (cell.t === 'n' && typeof cell.v === 'number' && cell.z !== undefined && XLSX.SSF.is_date(cell.z)) {
    const d = XLSX.SSF.parse_date_code(cell.v);
    return new Date(Date.UTC(d.y, d.m - 1, d.d, d.H, d.M, Math.round(d.S)));
  }
  const v = cell.v;
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date
    ? v
    : String(v);
}

function read({ content, maxRows }: LegacyJob): LegacyResult {
  let wb: XLSX.WorkBook;
  try {
    // Only the first sheet, only the rows an import may hold, no formulas or styles: less to parse.
    wb = XLSX.read(Buffer.from(content.buffer, content.byteOffset, content.byteLength), {
      type: 'buffer',
      dense: true,
      sheets: 0,
      sheetRows: maxRows,
      cellFormula: false,
      cellNF: true,
      cellHTML: false,
      cellStyles: false,
    });
  } catch (e) {
    if (e instanceof Error && /password-protected|Password is incorrect|ECMA-376 Encrypted/.test(e.message))
      return { ok: false, message: PASSWORD_MESSAGE };
    return { ok: false, message: UNREADABLE_MESSAGE };
  }
  const first = wb.SheetNames[0];
  const ws = first === undefined ? undefined : wb.Sheets[first];
  if (!ws) return { ok: false, message: NO_SHEET_MESSAGE };
  const data = (ws['!data'] ?? []) as Array<Array<XLSX.CellObject | undefined> | undefined>;
  const full = ws['!fullref'] ?? ws['!ref'];
  const rows: GridRow[] = [];
  for (let r = 0; r < data.length; r++) {
    const cells = new Map<number, CellScalar>();
    const line = data[r] ?? [];
    for (let c = 0; c < line.length; c++) {
      const v = legacyScalar(line[c]);
      if (typeof v === 'string' && v.length > MAX_CELL_CHARS)
        return { ok: false, message: cellTooLongMessage({ row: r + 1, col: c + 1 }) };
      if (v !== null) cells.set(c + 1, v);
    }
    if (cells.size > 0) rows.push({ number: r + 1, cells });
  }
  // The whole sheet's extent, also when only its first maxRows rows were parsed.
  return { ok: true, rows, sheetRows: full ? XLSX.utils.decode_range(full).e.r + 1 : 0 };
}

let result: LegacyResult;
try {
  result = read(workerData.job as LegacyJob);
} catch {
  result = { ok: false, message: UNREADABLE_MESSAGE };
}
parentPort?.postMessage(result);
