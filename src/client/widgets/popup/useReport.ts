import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { feedback } from '../../api/feedback';
import { getDictItems } from '../../session/dicts';
import { parseSorter } from './popup-config';
import {
  fetchQueryInfo,
  fetchReportColumns,
  fetchReportData,
  type DictItem,
  type ReportColumns,
  type ReportPage,
  type ReportQueryItem,
} from './report-api';

/** Spec §9: popup reports show 10 rows a page (10/20/30). */
export const REPORT_PAGE_SIZES = [10, 20, 30];

export type QueryValues = Record<string, unknown>;
export interface ReportSort {
  column?: string;
  order?: 'asc' | 'desc';
}

export const isRange = (item: ReportQueryItem) => item.mode !== 'single';
const stripQuotes = (v: unknown) => (typeof v === 'string' ? v.replace(/^'(.*)'$/, '$1') : v);
const formatOf = (item: ReportQueryItem) => (item.view === 'datetime' ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD');
const isDay = (v: unknown): v is Dayjs => !!v && typeof v === 'object' && 'format' in (v as object);

/** Query-form values as request parameters: `field`, or `field_begin`/`field_end` for a range. */
export function queryParams(items: ReportQueryItem[], values: QueryValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of items) {
    const v = values[item.field];
    if (isRange(item)) {
      const [b, e] = Array.isArray(v) ? (v as unknown[]) : [];
      out[`${item.field}_begin`] = isDay(b) ? b.format(formatOf(item)) : b;
      out[`${item.field}_end`] = isDay(e) ? e.format(formatOf(item)) : e;
    } else if (Array.isArray(v)) out[item.field] = v.join(',');
    else out[item.field] = isDay(v) ? v.format(formatOf(item)) : v;
  }
  return out;
}

export interface ReportOptions {
  /** Load only while true (an open dialog). */
  enabled: boolean;
  param?: Record<string, unknown>;
  sorter?: string;
  groupId?: string;
}

/**
 * A popup report's state (spec §4): columns first, then query items (with their options), then pages of
 * data whenever the query, sort or page changes. `param` entries go out as `self_<name>` and pre-fill the
 * query item of the same name.
 */
export function useReport(code: string, { enabled, param, sorter, groupId }: ReportOptions) {
  const [head, setHead] = useState<ReportColumns | null>(null);
  const [items, setItems] = useState<ReportQueryItem[]>([]);
  const [itemOptions, setItemOptions] = useState<Record<string, DictItem[]>>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: REPORT_PAGE_SIZES[0] });
  const [sort, setSort] = useState<ReportSort>(() => parseSorter(sorter) ?? {});
  const [query, setQuery] = useState<QueryValues>({});
  const [data, setData] = useState<ReportPage>({ total: 0, records: [] });
  const [loading, setLoading] = useState(false);
  const paramKey = JSON.stringify(param ?? {});

  useEffect(() => {
    if (!enabled || !code) return;
    let live = true;
    void (async () => {
      setLoading(true);
      try {
        const cols = await fetchReportColumns(code, groupId);
        if (!live || !cols.success) return;
        const info = await fetchQueryInfo(cols.result.cgRpConfigId, groupId);
        if (!live) return;
        if (!info.success) feedback().message.warning(info.message);
        const list = info.success && Array.isArray(info.result) ? info.result : [];
        const selfParams = JSON.parse(paramKey) as Record<string, unknown>;
        const initial: QueryValues = {};
        for (const item of list)
          if (item.field in selfParams) initial[item.field] = stripQuotes(selfParams[item.field]);
        const opts: Record<string, DictItem[]> = {};
        for (const item of list) {
          const known = cols.result.dictOptions[item.field];
          const dict =
            item.config === '1' && item.dictTable
              ? `${item.dictTable},${item.dictText},${item.dictCode}`
              : item.dictCode;
          if (known) opts[item.field] = known;
          else if (dict)
            opts[item.field] = (await getDictItems(dict)).map((d) => ({
              value: String(d.value),
              text: String(d.text ?? d.title ?? d.label ?? d.value),
            }));
        }
        if (!live) return;
        setItemOptions(opts);
        setQuery(initial);
        setItems(list);
        setHead(cols.result);
      } catch {
        // The HTTP client already told the user.
      } finally {
        if (live) setLoading(false);
      }
    })();
    return () => {
      live = false;
    };
  }, [enabled, code, groupId, paramKey]);

  useEffect(() => {
    if (!enabled || !head) return;
    let live = true;
    const selfParams = Object.fromEntries(
      Object.entries(JSON.parse(paramKey) as Record<string, unknown>).map(([k, v]) => [`self_${k}`, v]),
    );
    void (async () => {
      setLoading(true);
      try {
        const res = await fetchReportData(
          head.cgRpConfigId,
          {
            ...selfParams,
            ...queryParams(items, query),
            column: sort.column,
            order: sort.column ? sort.order : undefined,
            pageNo: page.pageNo,
            pageSize: page.pageSize,
          },
          groupId,
        );
        if (live && res.success && res.result)
          setData({ total: Number(res.result.total) || 0, records: res.result.records ?? [] });
      } catch {
        // The HTTP client already told the user.
      } finally {
        if (live) setLoading(false);
      }
    })();
    return () => {
      live = false;
    };
  }, [enabled, head, items, query, sort, page, paramKey, groupId]);

  return {
    head,
    items,
    itemOptions,
    data,
    loading,
    page,
    sort,
    query,
    search: (values: QueryValues) => {
      setQuery(values);
      setPage((x) => ({ ...x, pageNo: 1 }));
    },
    change: (next: { pageNo: number; pageSize: number }, nextSort: ReportSort) => {
      setSort(nextSort);
      setPage(next);
    },
  };
}

export type ReportState = ReturnType<typeof useReport>;
