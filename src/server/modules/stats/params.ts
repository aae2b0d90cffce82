import { badRequest } from '../../http/errors.js';
import type { CompiledStat } from './compile.js';
import { defaultRange, isDay, type DayRange } from './periods.js';

/** One filter in the list query language (`{ status: '1,2' }`, `{ createTime_begin: '2026-01-01' }`). */
export type ListParams = Record<string, string>;

/** A request's parameters, checked and turned into list-query filters (values only, never SQL). */
export interface BoundParams {
  /** One filter object per parameter given, applied each on its own and ANDed. */
  filters: ListParams[];
  /** The compared dateRange's days (period-over-period), when the statistic compares and one is set. */
  range: DayRange | null;
  /** Canonical form for the cache key. */
  key: string;
}

const ORG_CODE = /^[A-Za-z0-9]{1,64}$/;
const MAX_VALUES = 50;

/** The filters of a dateRange parameter's days (the list query turns a date into a whole day). */
export const rangeFilter = (field: string, r: DayRange): ListParams => ({
  [`${field}_begin`]: r.begin,
  [`${field}_end`]: r.end,
});

/**
 * Reads `?<name>=` (dict, department, text) and `?<name>_begin=&<name>_end=` (dateRange) of the
 * statistic's declared parameters. Anything else in the query string is refused, so a typo does not
 * silently answer for everything.
 */
export function bindParams(stat: CompiledStat, query: Record<string, unknown>): BoundParams {
  const known = new Set(
    stat.params.flatMap((p) => (p.type === 'dateRange' ? [`${p.name}_begin`, `${p.name}_end`] : [p.name])),
  );
  for (const k of Object.keys(query))
    if (k !== '_t' && !known.has(k)) throw badRequest(`统计参数不存在：${k}`);
  const text = (k: string) => {
    const v = query[k];
    if (v === undefined || v === null || v === '') return '';
    if (typeof v !== 'string') throw badRequest(`参数 ${k} 只能出现一次`);
    return v.trim();
  };

  const filters: ListParams[] = [];
  const canonical: Record<string, string> = {};
  let range: DayRange | null = null;
  for (const p of stat.params) {
    if (p.type === 'dateRange') {
      const begin = text(`${p.name}_begin`);
      const end = text(`${p.name}_end`);
      for (const [k, v] of [
        [`${p.name}_begin`, begin],
        [`${p.name}_end`, end],
      ])
        if (v && !isDay(v)) throw badRequest(`参数 ${k} 应为有效日期 YYYY-MM-DD`);
      if (begin && end && begin > end) throw badRequest(`参数 ${p.name} 的开始日期不能晚于结束日期`);
      const r = begin || end ? { begin, end } : defaultRange(p);
      if (!r) {
        if (p.required) throw badRequest(`请提供参数 ${p.name}_begin 和 ${p.name}_end`);
        continue;
      }
      const f: ListParams = {};
      if (r.begin) f[`${p.field}_begin`] = r.begin;
      if (r.end) f[`${p.field}_end`] = r.end;
      filters.push(f);
      canonical[p.name] = `${r.begin}~${r.end}`;
      if (stat.compare === p && r.begin && r.end) range = { begin: r.begin, end: r.end };
      continue;
    }
    const v = text(p.name);
    if (!v) {
      if (p.required) throw badRequest(`请提供参数 ${p.name}`);
      continue;
    }
    canonical[p.name] = v;
    if (p.type === 'department') {
      if (!ORG_CODE.test(v)) throw badRequest(`参数 ${p.name} 不是有效的部门编码`);
      filters.push({ [p.field]: `${v}*` });
    } else if (p.type === 'dict') {
      const values = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (values.length === 0 || values.length > MAX_VALUES)
        throw badRequest(`参数 ${p.name} 的取值个数应在 1 到 ${MAX_VALUES} 之间`);
      if (values.some((x) => /[*!<>=]/.test(x))) throw badRequest(`参数 ${p.name} 只能是字典值，用逗号分隔`);
      filters.push({ [p.field]: values.join(',') });
    } else {
      // A plain value: the '=' prefix keeps '*' or ',' in it from turning into a pattern or a list.
      filters.push({ [p.field]: `=${v}` });
    }
  }
  return { filters, range, key: JSON.stringify(Object.entries(canonical).sort()) };
}
