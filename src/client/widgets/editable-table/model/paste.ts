import dayjs from 'dayjs';
import type { ChoiceOption } from '../grid/context';
import type { EditableColumn, Row } from '../types';
import { parseNumberOnBlur } from './number-input';
import { newRow } from './rows';

const TRUE_TEXT = new Set(['1', 'true', 'y', 'yes', '是', '√', '✓', 'on']);

/** One pasted cell as the column's value: numbers parsed, ticks read, option labels turned into values. */
export function pastedValue(column: EditableColumn, text: string, options: readonly ChoiceOption[]): unknown {
  const raw = text.trim();
  switch (column.type) {
    case 'inputNumber':
      return parseNumberOnBlur(raw, { decimals: column.number, min: column.min, max: column.max });
    case 'checkbox': {
      const on =
        TRUE_TEXT.has(raw.toLowerCase()) ||
        (column.customValue !== undefined && raw === String(column.customValue[0]));
      return column.customValue ? column.customValue[on ? 0 : 1] : on;
    }
    case 'select':
    case 'sel_search':
    case 'radio':
      return toOptionValue(raw, options);
    case 'list_multi':
      return raw
        .split(/[,，、]/)
        .map((v) => toOptionValue(v.trim(), options))
        .filter(Boolean)
        .join(',');
    case 'date':
    case 'datetime': {
      if (!raw) return '';
      const d = dayjs(raw.replace(/\//g, '-'));
      return d.isValid() ? d.format(column.type === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss') : raw;
    }
    default:
      return text;
  }
}

function toOptionValue(text: string, options: readonly ChoiceOption[]): string {
  if (!text) return '';
  const hit = options.find((o) => o.value === text) ?? options.find((o) => o.label === text);
  return hit ? hit.value : text;
}

export interface PasteResult {
  rows: Row[];
  cells: Array<{ rowIndex: number; key: string }>;
}

/**
 * Fills a rectangular block into the rows starting at (rowIndex, first column), left to right over the
 * given columns; rows are added at the end when the block is taller than what is left.
 */
export function pasteBlock(
  rows: readonly Row[],
  block: string[][],
  rowIndex: number,
  columns: readonly EditableColumn[],
  allColumns: readonly EditableColumn[],
  optionsOf: (column: EditableColumn) => readonly ChoiceOption[],
): PasteResult {
  const next = rows.slice();
  const cells: PasteResult['cells'] = [];
  block.forEach((line, r) => {
    const target = rowIndex + r;
    if (target >= next.length) next.push(newRow(allColumns, next));
    const patch: Record<string, unknown> = {};
    line.forEach((text, c) => {
      const column = columns[c];
      if (!column) return;
      patch[column.key] = pastedValue(column, text, optionsOf(column));
      cells.push({ rowIndex: target, key: column.key });
    });
    next[target] = { ...next[target], ...patch, id: next[target].id };
  });
  return { rows: next, cells };
}
