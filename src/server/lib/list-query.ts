import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { decodeSuperQuery, parseRuleValue, QUERY_RULES, type QueryRule } from '../../shared/query-rules.js';
import { ownField } from '../../shared/own-field.js';
import { badRequest } from '../http/errors.js';
import { relativeDay } from './relative-day.js';

/**
 * A field a list may filter and sort on. Keys of a FieldMap are the API's camelCase property names;
 * the CamelCasePlugin turns them into snake_case columns. Nothing outside the map ever reaches SQL.
 */
export interface FieldSpec {
  type: 'string' | 'number' | 'date' | 'datetime';
  /** Dictionary for `<field>_dictText`: a code, or an allow-listed `table,text,code`. */
  dict?: string;
  sortable?: boolean;
  /** Column is not a plain filter (e.g. secrets, JSON); it may still be listed. */
  noFilter?: boolean;
  /**
   * Personal data the caller sees masked: only whole-value equality, no patterns, ranges or sorting,
   * so hidden digits cannot be recovered by probing (`phone=138*0001*`, ranges, sort order).
   */
  exactOnly?: boolean;
}
export type FieldMap = Record<string, FieldSpec>;

export interface Paging {
  pageNo: number;
  pageSize: number;
}

const RESERVED = new Set(['pageNo', 'pageSize', 'column', 'order', 'field', 'superQueryParams', 'superQueryMatchType', '_t', 'selections']);
export const MAX_PAGE_SIZE = 1000;
const MAX_SORT_KEYS = 3;

type Query = Record<string, unknown>;
// The list builders work on any table, typed or generated from definitions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type EB = ExpressionBuilder<any, any>;

/** Far beyond any real list, yet `(pageNo - 1) * pageSize` stays a safe integer and a valid OFFSET. */
export const MAX_PAGE_NO = 1_000_000;

/**
 * The page window of every list route. Only plain decimal digits count: `1e309`, `Infinity`,
 * `99999999999999999999` or a repeated parameter are a 400, never a number SQL cannot take.
 */
export function paging(query: Query, defaultSize = 10): Paging {
  return {
    pageNo: pageNumber(query.pageNo, 'pageNo', 1, MAX_PAGE_NO),
    pageSize: pageNumber(query.pageSize, 'pageSize', defaultSize, MAX_PAGE_SIZE),
  };
}

function pageNumber(v: unknown, name: string, fallback: number, max: number): number {
  if (v === undefined || v === null || v === '') return fallback;
  // Numbers arrive here too when a route's schema let ajv coerce the query value.
  const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  const n = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1 && n <= max)) throw badRequest(`参数 ${name} 必须是 1 到 ${max} 之间的整数`);
  return n;
}

const like = (col: Expression<unknown>, pattern: string) => sql<SqlBool>`${col} like ${pattern} escape '\\'`;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function convert(spec: FieldSpec, field: string, value: string): string | number {
  if (spec.type === 'number') {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n)) throw badRequest(`参数 ${field} 必须是数字`);
    if (Math.abs(n) > Number.MAX_SAFE_INTEGER) throw badRequest(`参数 ${field} 超出允许范围`);
    return n;
  }
  if ((spec.type === 'date' || spec.type === 'datetime') && !/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(value))
    throw badRequest(`参数 ${field} 的日期格式应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss`);
  return value;
}

/** One condition as a bound SQL expression; the column comes from the field map only. */
export function condition(eb: EB, fields: FieldMap, field: string, rule: QueryRule, value: string | string[]): Expression<SqlBool> {
  const spec = ownField(fields, field);
  if (!spec || spec.noFilter) throw badRequest(`不支持按字段 ${field} 查询`);
  if (spec.exactOnly && rule !== 'eq') throw badRequest(`字段 ${field} 已脱敏，只能按完整的值精确查询`);
  const col = eb.ref(field);
  const one = () => convert(spec, field, Array.isArray(value) ? value[0] ?? '' : value);
  const many = () => (Array.isArray(value) ? value : value.split(',')).map((v) => convert(spec, field, v.trim()));
  switch (rule) {
    case 'eq':
      return eb(col, '=', one());
    case 'ne':
      return eb(col, '<>', one());
    case 'gt':
      return eb(col, '>', one());
    case 'ge':
      return eb(col, '>=', one());
    case 'lt':
      return eb(col, '<', one());
    case 'le':
      return eb(col, '<=', one());
    case 'in': {
      const list = many();
      if (list.length === 0 || list.length > 500) throw badRequest(`参数 ${field} 的取值个数应在 1 到 500 之间`);
      return eb(col, 'in', list);
    }
    case 'like':
      return like(col, `%${escapeLike(String(one()))}%`);
    case 'left_like':
      return like(col, `%${escapeLike(String(one()))}`);
    case 'right_like':
      return like(col, `${escapeLike(String(one()))}%`);
    case 'multi_like':
      return eb.or(many().map((v) => like(col, `%${escapeLike(String(v))}%`)));
  }
}

/**
 * The filters of a list request: per-field rule values, `_begin`/`_end` ranges and the advanced
 * query, all resolved through the field map. The advanced query is parenthesised and ANDed, so an
 * `or` inside it cannot widen what the caller's scope allows (SQL-06).
 */
export function listFilters(eb: EB, fields: FieldMap, query: Query): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED.has(key) || raw === undefined || raw === null || raw === '') continue;
    const value = Array.isArray(raw) ? raw.join(',') : String(raw);
    const range = /^(.+)_(begin|end)$/.exec(key);
    const rangeSpec = range ? ownField(fields, range[1]) : undefined;
    if (range && rangeSpec) {
      const [, field, edge] = range;
      // A date range may be relative to today ($today-1: up to yesterday), as definitions' filters are.
      let v = rangeSpec.type === 'date' || rangeSpec.type === 'datetime' ? (relativeDay(value) ?? value) : value;
      if (rangeSpec.type === 'datetime' && /^\d{4}-\d{2}-\d{2}$/.test(v)) v += edge === 'begin' ? ' 00:00:00' : ' 23:59:59';
      parts.push(condition(eb, fields, field, edge === 'begin' ? 'ge' : 'le', v));
      continue;
    }
    if (!ownField(fields, key)) continue; // unknown parameters are ignored, as the original's entity binding did
    const { rule, value: v } = parseRuleValue(value);
    parts.push(condition(eb, fields, key, rule, v));
  }
  const sq = superQuery(eb, fields, query.superQueryParams, query.superQueryMatchType);
  if (sq) parts.push(sq);
  return eb.and(parts);
}

function superQuery(eb: EB, fields: FieldMap, raw: unknown, matchRaw: unknown): Expression<SqlBool> | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const match = matchRaw === undefined || matchRaw === '' ? 'and' : String(matchRaw);
  if (match !== 'and' && match !== 'or') throw badRequest('参数 superQueryMatchType 只能是 and 或 or');
  const parsed = decodeSuperQuery(String(raw));
  if (!Array.isArray(parsed)) throw badRequest('参数 superQueryParams 不是有效的查询条件');
  const parts: Expression<SqlBool>[] = [];
  for (const item of parsed.slice(0, 50)) {
    if (!item || typeof item !== 'object') throw badRequest('参数 superQueryParams 不是有效的查询条件');
    const { field, rule, val } = item as Record<string, unknown>;
    if (field === undefined || rule === undefined || val === undefined || val === null || val === '') continue;
    if (typeof field !== 'string' || !ownField(fields, field)) throw badRequest(`高级查询不支持字段：${String(field)}`);
    if (typeof rule !== 'string' || !(QUERY_RULES as readonly string[]).includes(rule))
      throw badRequest(`高级查询不支持规则：${String(rule)}`);
    const value = Array.isArray(val) ? val.map(String) : String(val);
    parts.push(condition(eb, fields, field, rule as QueryRule, rule === 'in' ? value : Array.isArray(value) ? value[0] : value));
  }
  if (parts.length === 0) return null;
  return match === 'or' ? eb.or(parts) : eb.and(parts);
}

/**
 * The tie-breaker's direction: the last sort key's, so an index on (key, id) serves the whole order
 * either way; a fixed ascending id sorted every run of equal keys (thousands of rows imported in the same
 * second) on every page.
 */
export function tieOrder(sort: Array<[string, 'asc' | 'desc']>): 'asc' | 'desc' {
  return sort.at(-1)?.[1] ?? 'asc';
}

/** Sort keys from `column`/`order`: known sortable fields only, at most three, asc or desc. */
export function sortKeys(fields: FieldMap, query: Query, fallback: [string, 'asc' | 'desc']): Array<[string, 'asc' | 'desc']> {
  const column = query.column === undefined || query.column === '' ? '' : String(query.column);
  if (!column) return [fallback];
  const rawOrder = String(query.order ?? 'desc').toLowerCase();
  if (!['asc', 'desc', 'ascend', 'descend'].includes(rawOrder)) throw badRequest('参数 order 只能是 asc 或 desc');
  const order = rawOrder.startsWith('asc') ? 'asc' : 'desc';
  const names = column.split(',').map((c) => c.trim().replace(/_dictText$/, '')).filter(Boolean);
  if (names.length > MAX_SORT_KEYS) throw badRequest(`最多按 ${MAX_SORT_KEYS} 个字段排序`);
  for (const n of names) {
    const spec = ownField(fields, n);
    if (!spec || spec.sortable === false) throw badRequest(`请注意，将要排序的列字段不存在：${n}`);
    if (spec.exactOnly) throw badRequest(`字段 ${n} 已脱敏，不能按它排序`);
  }
  return names.map((n) => [n, order]);
}
