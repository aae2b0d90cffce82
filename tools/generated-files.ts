import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface GeneratedFile {
  /** Path relative to the repository root. */
  path: string;
  /** The text the file must have; null: the file must not exist (its source is gone). */
  content: string | null;
}

/**
 * Writes generated files (and removes obsolete ones), or with `check` only compares: returns the paths
 * that are stale — differ from what the generator makes now, are missing, or should be gone. Files are
 * only rewritten when their text changed.
 */
export function syncGenerated(files: GeneratedFile[], check: boolean): string[] {
  const stale: string[] = [];
  for (const f of files) {
    const full = path.resolve(f.path);
    const current = fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : null;
    if (current === f.content) continue;
    stale.push(f.path);
    if (check) continue;
    if (f.content === null) fs.rmSync(full, { force: true });
    else {
      fs.mkdirSync(path.dirname(full), { recursive: true });
      fs.writeFileSync(full, f.content);
    }
  }
  return stale;
}

/** Prints the outcome of a generator run and sets the exit code (1 when `--check` finds stale files). */
export function report(stale: string[], check: boolean, command: string): void {
  if (check && stale.length > 0) {
    for (const p of stale) console.error(`${p}: 已过期，请运行 ${command} 重新生成`);
    process.exitCode = 1;
  } else if (!check) {
    for (const p of stale) console.log(`已生成 ${p}`);
    if (stale.length === 0) console.log('生成的文件均为最新');
  }
}

/** True when the module is the script node was started with (not imported by another tool). */
export const isMain = (metaUrl: string) =>
  !!process.argv[1] && metaUrl === pathToFileURL(path.resolve(process.argv[1])).href;
