import fs from 'node:fs';
import path from 'node:path';
import { newId } from '../../../shared/ids.js';

/** Where the error report of an import lives, as the console links it (below the API base). */
export const IMPORT_ERROR_ROUTE = '/sys/excel/importError';
const NAME = /^[0-9a-f]{32}\.txt$/;
const OWNER = /^[A-Za-z0-9_-]{1,64}$/;
/** Reports older than this are removed when the same user imports again. */
const KEEP_MS = 7 * 24 * 3600_000;

const folderOf = (dataDir: string, userId: string) => {
  if (!OWNER.test(userId)) throw new Error('非法的用户编号');
  return path.join(dataDir, 'import-errors', userId);
};

/**
 * Writes an import's error report under a server-made name in the importing user's own folder; only
 * that user can fetch it back (errorReportFile). Returns the protocol's fileUrl/fileName pair.
 */
export function writeErrorReport(
  dataDir: string,
  userId: string,
  lines: string[],
): { fileUrl: string; fileName: string } {
  const dir = folderOf(dataDir, userId);
  fs.mkdirSync(dir, { recursive: true });
  const now = Date.now();
  for (const f of fs.readdirSync(dir)) {
    const full = path.join(dir, f);
    if (NAME.test(f) && now - fs.statSync(full).mtimeMs > KEEP_MS) fs.rmSync(full, { force: true });
  }
  const name = `${newId()}.txt`;
  // A BOM makes Windows editors read the Chinese text as UTF-8.
  fs.writeFileSync(path.join(dir, name), `\uFEFF${lines.join('\r\n')}\r\n`);
  return { fileUrl: `${IMPORT_ERROR_ROUTE}/${name}`, fileName: name };
}

/** The report file of this user with this name, or null (another user's name simply does not exist). */
export function errorReportFile(dataDir: string, userId: string, name: string): string | null {
  if (!NAME.test(name)) return null;
  const file = path.join(folderOf(dataDir, userId), name);
  return fs.existsSync(file) ? file : null;
}
