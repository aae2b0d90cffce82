/**
 * The list benchmark's data (peers-performance.md §2.2 a): N rows × 12 columns, cell text r{row}c{col},
 * 120 px columns, the same in every run.
 */
import type { PageColumn } from '../../../src/client/renderer/definition/types';

export const LIST_COLUMNS = 12;

export const listColumns = (): PageColumn[] =>
  Array.from({ length: LIST_COLUMNS }, (_, c) => ({ dataIndex: `c${c}`, title: `列${c}`, width: 120 }));

export function listRows(count: number): Array<Record<string, string>> {
  const rows: Array<Record<string, string>> = [];
  for (let r = 0; r < count; r++) {
    const row: Record<string, string> = { id: `row${r}` };
    for (let c = 0; c < LIST_COLUMNS; c++) row[`c${c}`] = `r${r}c${c}`;
    rows.push(row);
  }
  return rows;
}
