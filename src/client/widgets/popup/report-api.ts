import { getAction } from '../../api';
import type { Envelope } from '../../api';

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
/** Spec §9: popup report answers are reused for 30 s within a group. */
export const GROUP_CACHE_MS = 30_000;

const cache = new Map<string, { expires: number; value: Promise<Envelope<unknown>> }>();

/** GET through the one HTTP client; with a group id the same request within 30 s is answered from memory. */
function get<T>(
  url: string,
  params: Record<string, unknown> | undefined,
  groupId: string | undefined,
): Promise<Envelope<T>> {
  if (!groupId) return getAction<T>(url, params);
  const key = `${groupId}|${url}|${JSON.stringify(params ?? {})}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<Envelope<T>>;
  const value = getAction<T>(url, params);
  cache.set(key, { expires: now + GROUP_CACHE_MS, value: value as Promise<Envelope<unknown>> });
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
}

export const fetchReportColumns = (code: string, groupId?: string) =>
  get<ReportColumns>(`${REPORT_API}/getRpColumns/${encodeURIComponent(code)}`, undefined, groupId);

export const fetchQueryInfo = (id: string, groupId?: string) =>
  get<ReportQueryItem[]>(`${REPORT_API}/getQueryInfo/${encodeURIComponent(id)}`, undefined, groupId);

export const fetchReportData = (id: string, params: Record<string, unknown>, groupId?: string) =>
  get<ReportPage>(`${REPORT_API}/getData/${encodeURIComponent(id)}`, params, groupId);

/** The dictionary text of a value (comma lists translated item by item). */
export function dictText(value: unknown, items: DictItem[] | undefined): string {
  if (value === null || value === undefined) return '';
  if (!items) return String(value);
  return String(value)
    .split(',')
    .map((v) => items.find((i) => i.value === v)?.text ?? v)
    .join(',');
}
