import { formatRuleValue, parseRuleValue } from '../../../shared/query-rules';
import type { QueryField } from '../definition/types';

export const PAGE_SIZES = [10, 30, 50, 100, 300, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 30;
export const DEFAULT_SORT = { column: 'createTime', order: 'desc' as const };

export interface SortState {
  column: string;
  order: 'asc' | 'desc';
}

interface DateLike {
  format: (pattern: string) => string;
  isValid?: () => boolean;
}
const isDateLike = (v: unknown): v is DateLike =>
  !!v && typeof v === 'object' && typeof (v as DateLike).format === 'function';

/** A widget value as query text: dates formatted, lists comma-joined, blanks as ''. */
export function toQueryText(value: unknown, dateFormat = 'YYYY-MM-DD'): string {
  if (value === undefined || value === null) return '';
  if (isDateLike(value)) return value.isValid && !value.isValid() ? '' : value.format(dateFormat);
  if (Array.isArray(value))
    return value
      .map((v) => toQueryText(v, dateFormat))
      .filter(Boolean)
      .join(',');
  if (typeof value === 'object') return '';
  return String(value).trim();
}

function dateFormatOf(field: QueryField): string {
  const props = (field.props ?? {}) as Record<string, unknown>;
  if (typeof props.format === 'string') return props.format;
  if (typeof props.dateFormat === 'string') return props.dateFormat;
  return props.showTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD';
}

/**
 * The query form's values as list parameters (protocol.md §8): range fields become `<name>_begin` /
 * `<name>_end`, text rules are written in the rule syntax (`*v*` for like), blanks are left out.
 */
export function queryParams(
  fields: readonly QueryField[],
  values: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const raw = values[field.name];
    const fmt = dateFormatOf(field);
    if (field.mode === 'range') {
      const pair = Array.isArray(raw) ? raw : typeof raw === 'string' && raw ? raw.split(',') : [];
      const begin = toQueryText(pair[0], fmt);
      const end = toQueryText(pair[1], fmt);
      if (begin) out[`${field.name}_begin`] = begin;
      if (end) out[`${field.name}_end`] = end;
      continue;
    }
    const text = toQueryText(raw, fmt);
    if (!text) continue;
    out[field.name] = field.rule && field.rule !== 'eq' ? formatRuleValue(field.rule, text) : text;
  }
  return out;
}

export interface ListRequest {
  pageNo: number;
  pageSize: number;
  sort: SortState | null;
  query: Record<string, string>;
  extra?: Record<string, unknown>;
  superQuery?: { params: string; matchType: 'and' | 'or' } | null;
  paginate?: boolean;
}

/** Everything one list request sends; empty values are dropped by the HTTP client. */
export function listParams(req: ListRequest): Record<string, unknown> {
  const params: Record<string, unknown> = { ...req.extra, ...req.query };
  if (req.paginate !== false) {
    params.pageNo = req.pageNo;
    params.pageSize = req.pageSize;
  }
  if (req.sort) {
    params.column = req.sort.column;
    params.order = req.sort.order;
  }
  if (req.superQuery?.params) {
    params.superQueryParams = req.superQuery.params;
    params.superQueryMatchType = req.superQuery.matchType;
  }
  return params;
}

/** Address parameters that steer the list itself rather than filter it. */
const NOT_FILTERS = new Set(['pageNo', 'pageSize', 'column', 'order', 'superQueryParams', 'superQueryMatchType', '_t', '_actionable']);

/**
 * Filters given in the page address (a chart's drill-down: `?status=1&purchaseDate_begin=…`): the
 * query form's fields get them as values, so they show and can be changed (a range from its
 * `_begin`/`_end`, a rule field without its rule syntax); the rest are sent as they are.
 */
export function urlFilters(
  fields: readonly QueryField[],
  search: string,
  /** The page's own names for list parameters (list.addressParams: detailId → id). */
  aliases: Readonly<Record<string, string>> = {},
): { values: Record<string, unknown>; extra: Record<string, string> } {
  const values: Record<string, unknown> = {};
  const extra: Record<string, string> = {};
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const [given, raw] of new URLSearchParams(search)) {
    const key = Object.hasOwn(aliases, given) ? aliases[given] : given;
    const text = raw.trim();
    if (!text || NOT_FILTERS.has(key)) continue;
    const range = /^(.+)_(begin|end)$/.exec(key);
    const rangeField = range ? byName.get(range[1]) : undefined;
    if (range && rangeField?.mode === 'range') {
      const pair = (values[rangeField.name] as [string, string] | undefined) ?? ['', ''];
      pair[range[2] === 'begin' ? 0 : 1] = text;
      values[rangeField.name] = pair;
      continue;
    }
    const field = byName.get(key);
    if (!field || field.mode === 'range') {
      extra[key] = text;
      continue;
    }
    const parsed = parseRuleValue(text);
    values[key] = field.rule && field.rule !== 'eq' && parsed.rule === field.rule ? String(parsed.value) : text;
  }
  return { values, extra };
}
