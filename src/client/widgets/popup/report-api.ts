import { getAction } from '../../api';
import type { Envelope } from '../../api';
import { getTenantId, getToken } from '../../session';

/** Popup report shapes of protocol.md §6. */
export interface ReportColumn {
  title: string;
  dataIndex: string;
  /** A key of `dictOptions`: the value is shown as its dictionary text. */
  customRender?: string;
  width?: number;
  sorter?: boolean;
  isTotal?: string;
}

export interface DictItem {
  value: string;
  text: string;
}

export interface ReportColumns {
  cgRpConfigId: string;
  cgRpConfigName: string;
  columns: ReportColumn[];
  dictOptions: Record<string, DictItem[]>;
  /** Seconds the console may reuse this report's answers within a popup group (0: never). */
  cacheSeconds?: number;
}

export interface ReportQueryItem {
  field: string;
  label: string;
  view: string;
  mode: 'single' | 'group' | 'range';
  config?: string;
  dictCode?: string;
  dictTable?: string;
  dictText?: string;
  hidden?: string;
}

export interface ReportPage {
  total: number;
  records: Array<Record<string, unknown>>;
}

export const REPORT_API = '/online/cgreport/api';
/** Spec §7: popup report answers are reused for 30 s within a group, unless the report says otherwise. */
export const GROUP_CACHE_MS = 30_000;

interface CacheEntry {
  at: number;
  report: string;
  value: Promise<Envelope<unknown>>;
}

const cache = new Map<string, CacheEntry>();
/** Each report's own reuse time (its definition's cacheSeconds), learnt from its columns answer. */
const ttlByReport = new Map<string, number>();

const ttlOf = (report: string) => ttlByReport.get(report) ?? GROUP_CACHE_MS;

/**
 * GET through the one HTTP client; with a group id the same request within the report's reuse time is
 * answered from memory. Entries belong to one session and tenant, so a colleague signing in at the
 * same workstation never sees the previous user's answers.
 */
function get<T>(
  url: string,
  params: Record<string, unknown> | undefined,
  groupId: string | undefined,
  report: string,
): Promise<Envelope<T>> {
  if (!groupId || ttlOf(report) <= 0) return getAction<T>(url, params);
  const key = JSON.stringify([getToken(), getTenantId(), groupId, url, params ?? {}]);
  const now = Date.now();
  for (const [k, e] of cache) if (now - e.at >= ttlOf(e.report)) cache.delete(k);
  const hit = cache.get(key);
  if (hit) return hit.value as Promise<Envelope<T>>;
  const value = getAction<T>(url, params);
  cache.set(key, { at: now, report, value: value as Promise<Envelope<unknown>> });
  // A failed answer is not kept.
  value.then(
    (res) => {
      if (!res.success) cache.delete(key);
    },
    () => cache.delete(key),
  );
  return value;
}

export function clearReportCache(): void {
  cache.clear();
  ttlByReport.clear();
}

export async function fetchReportColumns(code: string, groupId?: string) {
  const res = await get<ReportColumns>(
    `${REPORT_API}/getRpColumns/${encodeURIComponent(code)}`,
    undefined,
    groupId,
    code,
  );
  const seconds = res.success ? res.result?.cacheSeconds : undefined;
  if (typeof seconds === 'number') {
    ttlByReport.set(code, seconds * 1000);
    ttlByReport.set(res.result.cgRpConfigId, seconds * 1000);
  }
  return res;
}

export const fetchQueryInfo = (id: string, groupId?: string) =>
  get<ReportQueryItem[]>(`${REPORT_API}/getQueryInfo/${encodeURIComponent(id)}`, undefined, groupId, id);

export const fetchReportData = (id: string, params: Record<string, unknown>, groupId?: string) =>
  get<ReportPage>(`${REPORT_API}/getData/${encodeURIComponent(id)}`, params, groupId, id);

/** The dictionary text of a value (comma lists translated item by item). */
export function dictText(value: unknown, items: DictItem[] | undefined): string {
  if (value === null || value === undefined) return '';
  if (!items) return String(value);
  return String(value)
    .split(',')
    .map((v) => items.find((i) => i.value === v)?.text ?? v)
    .join(',');
}
