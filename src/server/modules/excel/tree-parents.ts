import type { PreparedRow } from './import-engine.js';

/** Where a tree import's row hangs: under a stored record, under another row of the file, or at the top. */
export type ParentRef<R, S> = { stored: S } | { row: R } | null;

export interface ParentRules<R, S> {
  /** The code other rows of the file may name this row by, if any. */
  label(r: R): string | null;
  /** The parent code the row names; `implicit` ones fall back to the top when nothing answers to them. */
  wants(r: R): { code: string; implicit?: boolean } | null;
  /** The stored record (as the importer needs it) for a code the caller may hang rows under, if any. */
  stored(code: string): S | undefined;
  /** The titles of the label's and the parent's columns and the record's noun, for the error report. */
  labelColumn: string;
  column: string;
  noun: string;
  /** Why a code that answers to nothing is refused. */
  missing(code: string): string;
}

/**
 * Resolves the parents of a tree import (issue 15): a code names a row of the same file first (the
 * file is taken as self-consistent), else a stored record. Rows resolve level by level, so a row waits
 * for its parent row, a refused parent refuses its children and a cycle never resolves. Returns the
 * records in an order that inserts every parent before its children; refused rows get their reason.
 */
export function resolveParents<R, S>(
  prepared: Array<PreparedRow<R>>,
  rules: ParentRules<R, S>,
): Array<{ record: R; parent: ParentRef<R, S> }> {
  const byLabel = new Map<string, number>();
  prepared.forEach((p, i) => {
    if (!('record' in p)) return;
    const label = rules.label(p.record);
    if (!label) return;
    if (byLabel.has(label)) prepared[i] = { errors: [`${rules.labelColumn}：“${label}”在文件中重复`] };
    else byLabel.set(label, i);
  });
  const refuse = (i: number, message: string) => (prepared[i] = { errors: [`${rules.column}：${message}`] });
  const ordered: Array<{ record: R; parent: ParentRef<R, S> }> = [];
  const pending = new Set(prepared.flatMap((p, i) => ('record' in p ? [i] : [])));
  for (let progress = true; progress && pending.size;) {
    progress = false;
    for (const i of [...pending]) {
      const record = (prepared[i] as { record: R }).record;
      const want = rules.wants(record);
      const row = want ? byLabel.get(want.code) : undefined;
      let parent: ParentRef<R, S> | undefined;
      if (!want) parent = null;
      else if (row !== undefined) {
        if (pending.has(row)) continue;
        const target = prepared[row];
        if (!('record' in target)) refuse(i, `上级${rules.noun}“${want.code}”所在的行未能导入`);
        else parent = { row: target.record };
      } else {
        const found = rules.stored(want.code);
        if (found !== undefined) parent = { stored: found };
        else if (want.implicit) parent = null;
        else refuse(i, rules.missing(want.code));
      }
      if (parent !== undefined) ordered.push({ record, parent });
      pending.delete(i);
      progress = true;
    }
  }
  for (const i of pending) refuse(i, `上级${rules.noun}之间循环引用`);
  return ordered;
}
