import { formatRuleValue } from '../../../shared/query-rules';
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
