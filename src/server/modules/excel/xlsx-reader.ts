import { StringDecoder } from 'node:string_decoder';
import * as XLSX from '@e965/xlsx';
import { SaxesParser } from 'saxes';
import { ApiError, bizError } from '../../http/errors.js';
import {
  MAX_CELL_CHARS,
  MAX_COLUMNS,
  NO_SHEET_MESSAGE,
  UNREADABLE_MESSAGE,
  cellTooLongMessage,
} from './import-limits.js';
import type { CellScalar, GridRow } from './sheet-grid.js';
import { UnpackBudget, unpack, zipEntries, type ZipEntry } from './zip-guard.js';

/** Excel's last row. */
const MAX_ROW = 1_048_576;
/** Built-in number formats that show a date or time (ECMA-376 §18.8.30, with the CJK ones 27–36, 50–58). */
const BUILTIN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);
const DAY_MS = 86_400_000;
/** Day serial of 1970-01-01 in the 1900 date system; the 1904 system counts 1,462 days fewer. */
const UNIX_EPOCH_SERIAL = 25_569;

const unreadable = () => bizError(UNREADABLE_MESSAGE);

interface XmlHandlers {
  open(name: string, attrs: Record<string, string>): void;
  text(text: string): void;
  close(name: string): void;
}

/** Element names without their namespace prefix (some writers spell `<x:row>`). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Parses one part as it is unpacked, yielding after each chunk so the caller can act on what the
 * chunk completed (and stop). A parse error is an unreadable file; a limit a handler enforces is
 * reported as it is.
 */
async function* parsePart(
  buf: Buffer,
  entry: ZipEntry,
  budget: UnpackBudget,
  h: XmlHandlers,
): AsyncGenerator<void> {
  const parser = new SaxesParser();
  parser.on('opentag', (t) => h.open(local(t.name), t.attributes as Record<string, string>));
  parser.on('text', (t) => h.text(t));
  parser.on('cdata', (t) => h.text(t));
  parser.on('closetag', (t) => h.close(local(t.name)));
  // Chunks may split a multi-byte character.
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of unpack(buf, entry, budget)) {
      parser.write(decoder.write(chunk));
      yield;
    }
    parser.write(decoder.end());
    parser.close();
  } catch (err) {
    throw err instanceof ApiError ? err : unreadable();
  }
}

async function parseWhole(buf: Buffer, entry: ZipEntry | undefined, budget: UnpackBudget, h: XmlHandlers) {
  if (entry) for await (const _ of parsePart(buf, entry, budget, h));
}

/** Appends text to a value being read, refusing it once it passes Excel's cell limit. */
function grow(value: string, text: string, at?: { row: number; col: number }): string {
  if (value.length + text.length > MAX_CELL_CHARS) throw bizError(cellTooLongMessage(at));
  return value + text;
}

/**
 * The part name of the sheet at `index` (0: the first) and the date system, from workbook.xml and its
 * relationships; null for a later sheet the workbook does not have (a master-detail level left out).
 */
async function firstSheet(buf: Buffer, entries: Map<string, ZipEntry>, budget: UnpackBudget, index = 0) {
  let relId: string | undefined;
  let date1904 = false;
  let seen = 0;
  await parseWhole(buf, entries.get('xl/workbook.xml'), budget, {
    open(name, attrs) {
      if (name === 'workbookPr') date1904 = attrs.date1904 === '1' || attrs.date1904 === 'true';
      if (name === 'sheet' && relId === undefined && seen++ === index)
        relId = Object.entries(attrs).find(([k]) => local(k) === 'id' && k.includes(':'))?.[1] ?? '';
    },
    text() {},
    close() {},
  });
  let target: string | undefined;
  await parseWhole(buf, entries.get('xl/_rels/workbook.xml.rels'), budget, {
    open(name, attrs) {
      if (name === 'Relationship' && attrs.Id === relId) target = attrs.Target;
    },
    text() {},
    close() {},
  });
  const part = target
    ? target.startsWith('/')
      ? target.slice(1)
      : `xl/${target}`
    : relId === undefined
      ? undefined
      : 'xl/worksheets/sheet1.xml';
  if (relId === undefined && index > 0) return null;
  const entry = part === undefined ? undefined : entries.get(part);
  if (!entry) throw bizError(NO_SHEET_MESSAGE);
  return { entry, date1904 };
}

/** For each cell style (cellXfs index), whether its number format shows a date. */
async function dateStyles(buf: Buffer, entry: ZipEntry | undefined, budget: UnpackBudget) {
  const formats = new Map<number, string>();
  const xfFormats: number[] = [];
  let inCellXfs = false;
  await parseWhole(buf, entry, budget, {
    open(name, attrs) {
      if (name === 'numFmt') formats.set(Number(attrs.numFmtId), attrs.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) xfFormats.push(Number(attrs.numFmtId ?? 0));
    },
    text() {},
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return xfFormats.map((id) => {
    const code = formats.get(id);
    return code === undefined ? BUILTIN_DATE_FORMATS.has(id) : XLSX.SSF.is_date(code);
  });
}

/** The shared texts (rich text runs joined, phonetic guides left out), each within the cell limit. */
async function sharedStrings(buf: Buffer, entry: ZipEntry | undefined, budget: UnpackBudget) {
  const strings: string[] = [];
  let current = '';
  let inText = false;
  let inPhonetic = false;
  await parseWhole(buf, entry, budget, {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 'rPh') inPhonetic = true;
      else if (name === 't' && !inPhonetic) inText = true;
    },
    text(text) {
      if (inText) current = grow(current, text);
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si') strings.push(current);
    },
  });
  return strings;
}

/** Column number of a reference such as 'AB12' (1-based), or 0 when it is not one. */
function columnOf(ref: string): number {
  let col = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code >= 65 && code <= 90) col = col * 26 + code - 64;
    else break;
    if (col > MAX_COLUMNS) return 0;
  }
  return col;
}

/**
 * The rows of an .xlsx's first sheet, streamed in batches as its part is unpacked: memory and time
 * follow the rows the caller reads, not the rows the file claims. The zip's directory is checked
 * before anything is unpacked, every unpacked byte counts against one budget, and no cell text may
 * pass Excel's own limit. Cell values are as exceljs gives them: shared and inline text, numbers,
 * dates (numbers in a date format, as the shown wall-clock time in UTC), booleans; formulas by
 * their cached result; error cells empty.
 */
export async function* xlsxRows(buf: Buffer, sheet = 0): AsyncGenerator<GridRow[]> {
  const entries = zipEntries(buf);
  const budget = new UnpackBudget();
  const styles = entries.get('xl/styles.xml');
  const shared = entries.get('xl/sharedStrings.xml');
  budget.checkDeclared([
    entries.get('xl/workbook.xml'),
    entries.get('xl/_rels/workbook.xml.rels'),
    styles,
    shared,
  ]);
  const found = await firstSheet(buf, entries, budget, sheet);
  if (!found) return;
  const { entry, date1904 } = found;
  const isDate = await dateStyles(buf, styles, budget);
  const strings = await sharedStrings(buf, shared, budget);
  const epoch = UNIX_EPOCH_SERIAL - (date1904 ? 1462 : 0);

  const done: GridRow[] = [];
  let row: GridRow | null = null;
  let rowNumber = 0;
  let col = 0;
  let cell: { type: string; style: number; text: string | null } | null = null;
  let inValue = false;
  let inPhonetic = false;

  const value = (type: string, style: number, text: string | null): CellScalar => {
    if (text === null) return null;
    switch (type) {
      case 's':
        return strings[Number(text)] ?? null;
      case 'inlineStr':
      case 'str':
      case 'd':
        return text;
      case 'b':
        return text.trim() !== '0' && text.trim() !== 'false';
      case 'e':
        return null;
      default: {
        if (text.trim() === '') return null;
        const n = Number(text);
        if (!Number.isFinite(n)) return text;
        return isDate[style] ? new Date(Math.round((n - epoch) * DAY_MS)) : n;
      }
    }
  };

  const handlers: XmlHandlers = {
    open(name, attrs) {
      if (name === 'row') {
        rowNumber = attrs.r === undefined ? rowNumber + 1 : Number(attrs.r);
        if (!Number.isInteger(rowNumber) || rowNumber < 1 || rowNumber > MAX_ROW) throw unreadable();
        row = { number: rowNumber, cells: new Map() };
        col = 0;
      } else if (name === 'c' && row) {
        col = attrs.r === undefined ? col + 1 : columnOf(attrs.r);
        if (col < 1 || col > MAX_COLUMNS) throw unreadable();
        cell = { type: attrs.t ?? 'n', style: Number(attrs.s ?? 0), text: null };
      } else if (name === 'rPh') inPhonetic = true;
      else if (cell && (name === 'v' || (name === 't' && cell.type === 'inlineStr' && !inPhonetic))) {
        inValue = true;
        cell.text ??= '';
      }
    },
    text(text) {
      if (inValue && cell) cell.text = grow(cell.text ?? '', text, { row: rowNumber, col });
    },
    close(name) {
      if (name === 'v' || name === 't') inValue = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'c' && cell && row) {
        const v = value(cell.type, cell.style, cell.text);
        if (v !== null) row.cells.set(col, v);
        cell = null;
      } else if (name === 'row' && row) {
        done.push(row);
        row = null;
      }
    },
  };
  for await (const _ of parsePart(buf, entry, budget, handlers)) {
    if (done.length > 0) yield done.splice(0);
  }
}
