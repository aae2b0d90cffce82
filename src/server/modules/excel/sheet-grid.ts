import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import * as cptable from '@e965/xlsx/dist/cpexcel.full.mjs';
import { bizError } from '../../http/errors.js';

// Excel 5/95 sheets store text in the workbook's code page (GBK on Chinese Windows).
XLSX.set_cptable(cptable);

export type CellScalar = string | number | boolean | Date | null;

/** The first sheet of an uploaded workbook as plain cell values, 1-based like Excel. */
export interface SheetGrid {
  /** Rows in the sheet, including any beyond the ones read (so oversized files can be refused). */
  rowCount: number;
  /** Columns read from the sheet. */
  colCount: number;
  cell(row: number, col: number): CellScalar;
}

const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Reads the first sheet of an .xlsx (Office Open XML, through exceljs) or a legacy .xls (Excel
 * 97-2003 BIFF8 or Excel 5/95, through SheetJS CE). The format is told by the file's bytes, not its
 * name, so a renamed file still imports; anything else — CSV, an HTML table saved as .xls — is refused
 * with a message. `maxRows` bounds how much of a legacy sheet is parsed at all.
 */
export async function loadGrid(content: Buffer, maxRows: number): Promise<SheetGrid> {
  if (content.subarray(0, 8).equals(OLE2_MAGIC)) return legacyGrid(content, maxRows);
  if (content.subarray(0, 4).equals(ZIP_MAGIC)) return xlsxGrid(content);
  throw bizError('无法读取文件，请上传 Excel (.xls 或 .xlsx) 文件');
}

async function xlsxGrid(content: Buffer): Promise<SheetGrid> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw bizError('无法读取文件，请上传 Excel (.xls 或 .xlsx) 文件');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw bizError('文件中没有工作表');
  return {
    rowCount: ws.rowCount,
    colCount: ws.columnCount,
    cell: (r, c) => xlsxScalar(ws.getRow(r).getCell(c).value),
  };
}

/** One exceljs cell as a plain value: rich text joined, formulas as their cached result, links as text. */
function xlsxScalar(v: ExcelJS.CellValue): CellScalar {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return xlsxScalar(v.result as ExcelJS.CellValue);
    if ('text' in v) return String(v.text);
    if ('error' in v) return null;
  }
  return String(v);
}

function legacyGrid(content: Buffer, maxRows: number): SheetGrid {
  let wb: XLSX.WorkBook;
  try {
    // Only the first sheet, only the rows an import may hold, no formulas or styles: less to parse.
    wb = XLSX.read(content, {
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
      throw bizError('文件已设置密码保护，请在 Excel 中取消密码后再导入');
    throw bizError('无法读取文件，请上传 Excel (.xls 或 .xlsx) 文件');
  }
  const first = wb.SheetNames[0];
  const ws = first === undefined ? undefined : wb.Sheets[first];
  if (!ws) throw bizError('文件中没有工作表');
  const data = (ws['!data'] ?? []) as Array<Array<XLSX.CellObject | undefined> | undefined>;
  const full = ws['!fullref'] ?? ws['!ref'];
  const range = full ? XLSX.utils.decode_range(full) : undefined;
  return {
    // The whole sheet's extent, also when only its first maxRows rows were parsed.
    rowCount: range ? range.e.r + 1 : 0,
    colCount: range ? range.e.c + 1 : 0,
    cell: (r, c) => legacyScalar(data[r - 1]?.[c - 1]),
  };
}

/**
 * One SheetJS cell as a plain value. Dates are numbers with a date format; they become a Date holding
 * the shown wall-clock time in UTC, as exceljs gives them, so both formats read dates alike.
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
