/**
 * The bounds of one imported sheet and the messages that name them. Plain values only: the legacy
 * reader's worker thread imports this file too.
 */

/** Data rows one imported sheet may hold. */
export const MAX_IMPORT_ROWS = 5000;
/** The header is looked for among the sheet's first rows (our export layout puts it in row 3). */
export const HEADER_SEARCH_ROWS = 5;
/** Excel's own limit on the text of a cell, so no real sheet is refused by it. */
export const MAX_CELL_CHARS = 32_767;
/** Excel's last column (XFD); a cell further right is not a sheet Excel wrote. */
export const MAX_COLUMNS = 16_384;
/**
 * Bytes an .xlsx may unpack to across the parts read (workbook, styles, shared strings and the sheet
 * up to the row limit). 5,000 rows of 100 text columns stay far below it; a zip bomb does not.
 */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

export const ROW_LIMIT_MESSAGE = `单个文件最多导入 ${MAX_IMPORT_ROWS} 行数据`;
export const UNREADABLE_MESSAGE = '无法读取文件，请上传 Excel (.xls 或 .xlsx) 文件';
export const NO_SHEET_MESSAGE = '文件中没有工作表';
export const PASSWORD_MESSAGE = '文件已设置密码保护，请在 Excel 中取消密码后再导入';
export const UNPACKED_TOO_LARGE_MESSAGE = `文件解压后超过 ${MAX_UNPACKED_BYTES / 1024 / 1024} MB，无法导入，请删除多余的内容或分成多个文件`;
export const TOO_COMPLEX_MESSAGE = '文件过大或过于复杂，无法读取，请另存为 .xlsx 或分成多个文件后再导入';

/** A column's letters as Excel shows them (1 → A, 27 → AA). */
export const columnName = (col: number): string =>
  col <= 0 ? '' : columnName(Math.floor((col - 1) / 26)) + String.fromCharCode(65 + ((col - 1) % 26));

/** A cell over MAX_CELL_CHARS; `at` is its position when known (shared texts are read before the cells). */
export const cellTooLongMessage = (at?: { row: number; col: number }) =>
  `${at ? `第 ${at.row} 行 ${columnName(at.col)} 列的` : ''}单元格内容超过 ${MAX_CELL_CHARS} 个字符（Excel 单元格的上限），无法导入`;
