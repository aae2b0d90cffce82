/**
 * The benchmark's table (peers-performance.md §2.2 b): N rows × 20 columns, five each of Input,
 * InputNumber, Select and DatePicker, cell text r{row}c{col}, and about 1% of the cells planted invalid
 * (an empty required cell or an over-long text) from a fixed seed, so every run and every peer gets the
 * same data and the same count of errors to find.
 */
export const COLUMN_COUNT = 20;
export const TYPES = ['inputNumber', 'input', 'select', 'date'] as const;
export type BenchType = (typeof TYPES)[number];
/** Typing ten characters into a cell keeps it valid (r1c1 + 10 ≤ 20). */
export const MAX_TEXT = 20;
export const OPTIONS = Array.from({ length: 5 }, (_, i) => ({ value: `o${i}`, label: `选项${i}` }));

export interface BenchColumn {
  key: string;
  title: string;
  type: BenchType;
}

export const benchColumns = (): BenchColumn[] =>
  Array.from({ length: COLUMN_COUNT }, (_, c) => ({
    key: `c${c}`,
    title: `列${c}`,
    type: TYPES[c % TYPES.length],
  }));

/** mulberry32: a small seeded generator, the same in Node and the browser. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type BenchRow = { id: string } & Record<string, string | number>;

export function benchRows(count: number, seed = 20261122): { rows: BenchRow[]; planted: number } {
  const random = prng(seed);
  // The harness types into rows 1, 25 (ArrayTable's middle row of page 1) and the middle row.
  const keepValid = new Set([0, 1, 25, Math.floor(count / 2)]);
  const columns = benchColumns();
  const rows: BenchRow[] = [];
  let planted = 0;
  for (let r = 0; r < count; r++) {
    const row: BenchRow = { id: `row${r}` };
    for (let c = 0; c < columns.length; c++) {
      const type = columns[c].type;
      let v: string | number =
        type === 'inputNumber'
          ? r * 20 + c
          : type === 'select'
            ? OPTIONS[(r + c) % OPTIONS.length].value
            : type === 'date'
              ? `2026-${String((r % 12) + 1).padStart(2, '0')}-${String((c % 28) + 1).padStart(2, '0')}`
              : `r${r}c${c}`;
      if (random() < 0.01 && !keepValid.has(r)) {
        planted++;
        v = type === 'input' && random() < 0.5 ? 'x'.repeat(MAX_TEXT + 8) : '';
      }
      row[columns[c].key] = v;
    }
    rows.push(row);
  }
  return { rows, planted };
}

/** The rules every implementation enforces: every cell required; Input text at most 20 characters; numbers numeric. */
export const TEXT_PATTERN = `^.{0,${MAX_TEXT}}$`;
