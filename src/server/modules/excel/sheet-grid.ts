import { Worker } from 'node:worker_threads';
import { bizError } from '../../http/errors.js';
import {
  HEADER_SEARCH_ROWS,
  MAX_IMPORT_ROWS,
  ROW_LIMIT_MESSAGE,
  TOO_COMPLEX_MESSAGE,
  UNREADABLE_MESSAGE,
} from './import-limits.js';
import { xlsxRows } from './xlsx-reader.js';

export type CellScalar = string | number | boolean | Date | null;

/** One row of the first sheet: its 1-based number and its non-empty cells by 1-based column. */
export interface GridRow {
  number: number;
  cells: Map<number, CellScalar>;
}

/** What the legacy reader's worker is given and answers. */
export interface LegacyJob {
  content: Uint8Array;
  maxRows: number;
}
export type LegacyResult = { ok: true; rows: GridRow[]; sheetRows: number } | { ok: false; message: string };

const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** Rows a sheet may have at all: the header rows and the data rows of one import. */
const MAX_SHEET_ROWS = MAX_IMPORT_ROWS + HEADER_SEARCH_ROWS;

/**
 * The rows of the first sheet of an .xlsx (Office Open XML, streamed) or a legacy .xls (Excel
 * 97-2003 BIFF8 or Excel 5/95, through SheetJS CE in a worker thread), in batches; a reader that
 * stops early (the row limit) leaves the rest of an .xlsx unread. The format is told by the file's
 * bytes, not its name, so a renamed file still imports; anything else — CSV, an HTML table saved as
 * .xls — is refused with a message.
 */
export function readGrid(content: Buffer, sheet = 0): AsyncIterable<GridRow[]> {
  // A legacy workbook gives its first sheet only (no master-detail levels).
  if (content.subarray(0, 8).equals(OLE2_MAGIC)) return sheet === 0 ? legacyRows(content) : noRows();
  if (content.subarray(0, 4).equals(ZIP_MAGIC)) return xlsxRows(content, sheet);
  throw bizError(UNREADABLE_MESSAGE);
}

/** A sheet the workbook does not have. */
async function* noRows(): AsyncGenerator<GridRow[]> {}

/** A legacy sheet's parse may take this long before it is given up. */
const LEGACY_TIMEOUT_MS = 30_000;
/** Legacy parses running at once; more wait, so imports cannot take every core. */
const LEGACY_PARALLEL = 2;
const WORKER_ENTRY = new URL('./ts-worker.mjs', import.meta.url);
const LEGACY_MODULE = new URL('./legacy-worker.ts', import.meta.url).href;

let running = 0;
const waiting: Array<() => void> = [];

async function* legacyRows(content: Buffer): AsyncGenerator<GridRow[]> {
  if (running >= LEGACY_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  let result: LegacyResult;
  try {
    result = await runLegacyWorker({ content, maxRows: MAX_SHEET_ROWS + 1 });
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
  if (!result.ok) throw bizError(result.message);
  // Only the first rows were parsed; a sheet reaching beyond them holds too many rows.
  if (result.sheetRows > MAX_SHEET_ROWS) throw bizError(ROW_LIMIT_MESSAGE);
  yield result.rows;
}

/**
 * One parse in its own worker, with a memory ceiling and a time limit: a file that exhausts either
 * ends the worker and is refused, while the server's own thread keeps answering. A worker that fails
 * otherwise is a fault of ours, kept as the refusal's cause for the log.
 */
function runLegacyWorker(job: LegacyJob): Promise<LegacyResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_ENTRY, {
      workerData: { entry: LEGACY_MODULE, job },
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const refuse = (cause?: unknown) =>
      settle(() =>
        cause === undefined
          ? resolve({ ok: false, message: TOO_COMPLEX_MESSAGE })
          : reject(Object.assign(bizError(TOO_COMPLEX_MESSAGE), { cause })),
      );
    const timer = setTimeout(() => refuse(), LEGACY_TIMEOUT_MS);
    worker.once('message', (result: LegacyResult) => settle(() => resolve(result)));
    worker.once('error', (err: Error & { code?: string }) =>
      refuse(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? undefined : err),
    );
    worker.once('exit', () => refuse());
  });
}
