import { getAction, postAction } from '../../api';
import { recordsOf } from '../picker-kit/values';
import type { DictOption } from './useDictOptions';

/** Page sizes of the generic dictionary select (spec §9): 30 when browsing, 10 when searching. */
export const DICT_PAGE_SIZE = 30;
export const DICT_SEARCH_PAGE_SIZE = 10;
/** Load the next page when the list is scrolled within this many pixels of its end. */
export const SCROLL_LOAD_PX = 5;

export interface PagedSourceConfig {
  url: string;
  method?: 'get' | 'post';
  /** Record keys of the value and the label (default 'id' and 'name'). */
  idKey?: string;
  nameKey?: string;
  /** Parameter that carries the search text (default nameKey). */
  searchKey?: string;
  /** Wrap the search text in asterisks: the protocol's "contains" query. */
  like?: boolean;
  params?: Record<string, unknown>;
}

export interface PagedOptions {
  options: DictOption[];
  pages: number;
  ok: boolean;
  message: string;
}

/** One page of options from a configurable list endpoint (reads `result.records` and `result.pages`). */
export async function fetchPagedOptions(cfg: PagedSourceConfig, pageNo: number, keyword: string): Promise<PagedOptions> {
  const idKey = cfg.idKey ?? 'id';
  const nameKey = cfg.nameKey ?? 'name';
  const kw = keyword.trim();
  const params: Record<string, unknown> = { ...(cfg.params ?? {}), pageNo, pageSize: kw ? DICT_SEARCH_PAGE_SIZE : DICT_PAGE_SIZE };
  if (kw) params[cfg.searchKey ?? nameKey] = cfg.like ? `*${kw}*` : kw;
  const res = cfg.method === 'post' ? await postAction(cfg.url, params) : await getAction(cfg.url, params);
  if (!res.success) return { options: [], pages: 0, ok: false, message: res.message };
  const page = recordsOf<Record<string, unknown>>(res.result);
  return {
    options: page.records.map((r) => ({ value: String(r[idKey]), label: String(r[nameKey] ?? r[idKey]) })),
    pages: page.pages,
    ok: true,
    message: '',
  };
}

/** Matches of a (table) dictionary for a keyword: `/sys/dict/loadDict/{dict}`. */
export async function searchDict(dict: string, keyword: string): Promise<DictOption[]> {
  const res = await getAction<Array<{ value: string; text: string }>>(`/sys/dict/loadDict/${dict}`, { keyword: keyword.trim(), pageSize: DICT_SEARCH_PAGE_SIZE });
  return res.success && Array.isArray(res.result) ? res.result.map((i) => ({ value: String(i.value), label: String(i.text) })) : [];
}

/** Labels of stored values of a (table) dictionary: `/sys/dict/loadDictItem/{dict}?key=a,b`. */
export async function dictLabels(dict: string, values: string[]): Promise<string[]> {
  const res = await getAction<string[]>(`/sys/dict/loadDictItem/${dict}`, { key: values.join(',') });
  return res.success && Array.isArray(res.result) ? res.result.map(String) : [];
}
