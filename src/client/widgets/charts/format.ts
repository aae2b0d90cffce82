import type { DateBucket, StatDimension, StatRow } from './types';
import { t } from '../../locale/zh-CN';

const plain = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat('zh-CN', { notation: 'compact', maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('zh-CN', { style: 'percent', maximumFractionDigits: 1 });

/** 1234567.8 → 1,234,567.8 (tooltips, tables, cards). */
export function formatNumber(value: unknown): string {
  const n = typeof value === 'number' ? value : Number(value);
  return value === null || value === undefined || value === '' || !Number.isFinite(n) ? '-' : plain.format(n);
}

/** Axis labels: 12000 → 1.2万, 3e8 → 3亿 (Chinese units, not K/M). */
export function formatAxisNumber(value: number): string {
  return Math.abs(value) >= 10_000 ? compact.format(value) : plain.format(value);
}

export function formatPercent(ratio: number): string {
  return percent.format(ratio);
}

/** A measure's value as the stat declares it: a percentage (0.44 → 44%) or a plain number. */
export function formatMeasure(value: unknown, measure: { percent?: boolean } | undefined): string {
  if (!measure?.percent) return formatNumber(value);
  const n = typeof value === 'number' ? value : Number(value);
  return value === null || value === undefined || value === '' || !Number.isFinite(n) ? '-' : formatPercent(n);
}

/** Axis labels of a measure: percentages, or numbers in Chinese units. */
export const axisFormatter = (measure: { percent?: boolean } | undefined) => (value: number) =>
  measure?.percent ? formatPercent(value) : formatAxisNumber(value);

/**
 * A date bucket as Chinese text. The server sends the bucket's sortable key: 2026-03-05 (day),
 * 2026-W12 (ISO week), 2026-03 (month), 2026-Q1 (quarter), 2026 (year); anything else is shown as sent.
 */
export function formatBucket(value: string, bucket: DateBucket): string {
  const f = t.charts.dates;
  let m: RegExpExecArray | null;
  switch (bucket) {
    case 'day':
      m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
      return m ? f.day(m[1], Number(m[2]), Number(m[3])) : value;
    case 'week':
      m = /^(\d{4})-?W?(\d{1,2})$/i.exec(value);
      return m ? f.week(m[1], Number(m[2])) : value;
    case 'month':
      m = /^(\d{4})-(\d{1,2})$/.exec(value);
      return m ? f.month(m[1], Number(m[2])) : value;
    case 'quarter':
      m = /^(\d{4})-?Q?(\d)$/i.exec(value);
      return m ? f.quarter(m[1], Number(m[2])) : value;
    case 'year':
      return /^\d{4}$/.test(value) ? f.year(value) : value;
  }
}

/** The label of a row's value for a dimension: dictionary / ref text, a Chinese date, or the raw value. */
export function dimensionLabel(row: StatRow, dim: StatDimension): string {
  const text = row[`${dim.key}_dictText`];
  if (text !== undefined && text !== null && text !== '') return String(text);
  const raw = row[dim.key];
  if (raw === undefined || raw === null || raw === '') return t.charts.blankGroup;
  return dim.bucket ? formatBucket(String(raw), dim.bucket) : String(raw);
}

/** Period-over-period change, or null when there is no earlier figure to compare with. */
export function periodChange(
  current: unknown,
  previous: unknown,
): { direction: 'up' | 'down' | 'flat'; text: string } | null {
  const cur = Number(current);
  const prev = Number(previous);
  if (
    previous === undefined ||
    previous === null ||
    !Number.isFinite(prev) ||
    !Number.isFinite(cur) ||
    prev === 0
  )
    return null;
  const ratio = (cur - prev) / Math.abs(prev);
  const direction = ratio > 0 ? 'up' : ratio < 0 ? 'down' : 'flat';
  const arrow = direction === 'up' ? '↑' : direction === 'down' ? '↓' : '';
  return { direction, text: `${arrow}${formatPercent(Math.abs(ratio))}`.trim() };
}
