import type { EditableColumn, Row, StatisticKind } from '../types';

export interface ColumnStatistic {
  kind: StatisticKind;
  value: number;
}

/** The statistics a column asks for, over every row (not just the rendered ones); empty cells are skipped. */
export function columnStatistics(rows: readonly Row[], column: EditableColumn): ColumnStatistic[] {
  const kinds = column.statistics ?? [];
  if (kinds.length === 0) return [];
  let sum = 0;
  let count = 0;
  let max = -Infinity;
  let min = Infinity;
  for (const r of rows) {
    const raw = r[column.key];
    if (raw === '' || raw === null || raw === undefined) continue;
    const n = typeof raw === 'number' ? raw : Number.parseFloat(String(raw));
    if (!Number.isFinite(n)) continue;
    sum += n;
    count++;
    if (n > max) max = n;
    if (n < min) min = n;
  }
  return kinds.map((kind) => {
    switch (kind) {
      case 'sum':
        return { kind, value: round(sum) };
      case 'average':
        return { kind, value: count ? round(sum / count) : 0 };
      case 'max':
        return { kind, value: count ? max : 0 };
      case 'min':
        return { kind, value: count ? min : 0 };
      case 'count':
        return { kind, value: count };
    }
  });
}

/** Drops binary floating-point noise (0.1 + 0.2) before display. */
function round(n: number): number {
  return Math.round(n * 1e8) / 1e8;
}

/** Statistics use the cells' number format (thousands separators, spec §9). */
export { formatNumber as formatStatistic } from './number-format';
