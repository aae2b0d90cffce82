import type { Envelope } from '../../../shared/envelope.js';
import { okMessage } from '../../../shared/envelope.js';
import { ApiError, bizError } from '../../http/errors.js';
import { writeErrorReport } from './import-errors.js';
import { readSheet, type SheetColumn, type SheetRow } from './workbook.js';

/** One row after preparation: the record to insert, or why it cannot be imported. */
export type PreparedRow<R> = { record: R } | { errors: string[] };

/** What an importer supplies for one kind of record (an entity, users). */
export interface ImportTarget<R> {
  columns: SheetColumn[];
  /**
   * Sheet values → records; batch-wise, so dictionary lookups and uniqueness checks are done once per file.
   * `content` is the whole file, for targets that read further sheets (master-detail levels).
   */
  prepare(rows: SheetRow[], content: Buffer): Promise<Array<PreparedRow<R>>>;
  /** Errors of rows on further sheets that belong to no row of the first (after `prepare`). */
  sheetErrors?(): string[];
  /** Inserts the valid records of one file in one transaction: all of them or none. */
  insert(records: R[]): Promise<void>;
}

export interface UploadedFile {
  name: string;
  content: Buffer;
}

export interface ImportSummary {
  totalCount: number;
  errorCount: number;
  successCount: number;
  msg: string;
  fileUrl: string;
  fileName: string;
}

const summaryText = (total: number, success: number, errors: number) =>
  `总上传行数：${total}，已导入行数：${success}，错误行数：${errors}`;

/**
 * Imports uploaded sheets (protocol §9): each file in its own transaction. Rows that break a rule are
 * left out and listed in an error report the importing user can download; a file that cannot be read,
 * or whose insert fails, imports nothing ('文件导入失败:…'). All rows valid → '文件导入成功！数据行数：N';
 * some rows refused → code 201 '文件导入成功，但有错误。' with the counts and the report's link.
 */
export async function importFiles<R>(
  files: UploadedFile[],
  target: ImportTarget<R>,
  report: { dataDir: string; userId: string; logError(err: unknown): void },
): Promise<Envelope<unknown>> {
  if (files.length === 0) throw bizError('文件导入失败:没有上传文件');
  let total = 0;
  let success = 0;
  const lines: string[] = [];
  for (const file of files) {
    let rows: SheetRow[];
    let prepared: Array<PreparedRow<R>>;
    try {
      ({ rows } = await readSheet(file.content, target.columns));
      if (rows.length === 0) throw bizError('文件中没有数据行');
      prepared = await target.prepare(rows, file.content);
      const records = prepared.flatMap((p) => ('record' in p ? [p.record] : []));
      if (records.length > 0) await target.insert(records);
    } catch (err) {
      // A database failure (or a refusal caused by a fault of ours) is logged with the request id; the
      // user gets a message without SQL.
      if (!(err instanceof ApiError) || err.cause !== undefined) report.logError(err);
      const reason = err instanceof ApiError ? err.message : '数据保存失败，请检查数据后重试';
      const done = success > 0 ? `（此前的文件已导入 ${success} 行）` : '';
      throw bizError(`文件导入失败:${files.length > 1 ? `${file.name}：` : ''}${reason}${done}`);
    }
    const more = target.sheetErrors?.() ?? [];
    total += rows.length + more.length;
    prepared.forEach((p, i) => {
      if ('record' in p) success += 1;
      else
        lines.push(
          `${files.length > 1 ? `${file.name} ` : ''}第 ${rows[i].number} 行：${p.errors.join('；')}`,
        );
    });
    lines.push(...more.map((line) => `${files.length > 1 ? `${file.name} ` : ''}${line}`));
  }
  const errorCount = total - success;
  if (errorCount === 0) return okMessage(`文件导入成功！数据行数：${success}`);
  const msg = summaryText(total, success, errorCount);
  const saved = writeErrorReport(report.dataDir, report.userId, [...lines, '', msg]);
  const result: ImportSummary = { totalCount: total, errorCount, successCount: success, msg, ...saved };
  if (success === 0)
    throw bizError('文件导入失败:所有数据行都未通过校验，请下载错误报告查看原因', 500, result);
  return { success: true, code: 201, message: '文件导入成功，但有错误。', result, timestamp: Date.now() };
}
