import { useEffect, useState } from 'react';
import { getAction } from '../../api';
import { recordsOf } from './values';

export interface PagedListOptions {
  /** Default page size (10 for pickers, spec §9). */
  pageSize?: number;
  /** Fixed parameters sent with every page (sort, scope). */
  params?: Record<string, unknown>;
  /** Load only while true (e.g. while the dialog is open). */
  enabled?: boolean;
}

export interface PagedList<T> {
  records: T[];
  total: number;
  loading: boolean;
  pageNo: number;
  pageSize: number;
  setPage(pageNo: number, pageSize: number): void;
  /** Replaces the search conditions and goes back to page 1. */
  search(query: Record<string, unknown>): void;
}

/** A server list read page by page through the protocol's `pageNo`/`pageSize`; errors keep the last page. */
export function usePagedList<T>(url: string, { pageSize: initialSize = 10, params, enabled = true }: PagedListOptions = {}): PagedList<T> {
  const [page, setPageState] = useState({ pageNo: 1, pageSize: initialSize });
  const [query, setQuery] = useState<Record<string, unknown>>({});
  const [data, setData] = useState<{ key: string; records: T[]; total: number }>({ key: '', records: [], total: 0 });
  const request = JSON.stringify({ url, params: params ?? {}, query, page });

  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    const { url: u, params: fixed, query: q, page: p } = JSON.parse(request) as {
      url: string;
      params: Record<string, unknown>;
      query: Record<string, unknown>;
      page: { pageNo: number; pageSize: number };
    };
    getAction(u, { ...fixed, ...q, pageNo: p.pageNo, pageSize: p.pageSize })
      .then((res) => {
        if (!alive) return;
        setData((prev) => (res.success ? { key: request, ...recordsOf<T>(res.result) } : { ...prev, key: request }));
      })
      // The HTTP client already told the user; stop the spinner.
      .catch(() => alive && setData((prev) => ({ ...prev, key: request })));
    return () => {
      alive = false;
    };
  }, [request, enabled]);

  return {
    records: data.records,
    total: data.total,
    loading: enabled && data.key !== request,
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    setPage: (pageNo, pageSize) => setPageState({ pageNo, pageSize }),
    search: (q) => {
      setQuery(q);
      setPageState((p) => ({ ...p, pageNo: 1 }));
    },
  };
}
