import type { ApiRef, PageApis } from './types';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export interface ResolvedApi {
  url: string;
  method: HttpMethod;
}

const DEFAULT_METHODS: Record<keyof PageApis, HttpMethod> = {
  list: 'get',
  add: 'post',
  edit: 'put',
  delete: 'delete',
  deleteBatch: 'delete',
  queryById: 'get',
  exportXls: 'get',
  importExcel: 'post',
};

/** An API reference with its method (declared, else the default for its role). */
export function apiOf(ref: ApiRef | undefined, fallback: HttpMethod = 'get'): ResolvedApi | null {
  if (!ref) return null;
  if (typeof ref === 'string') return { url: ref, method: fallback };
  return { url: ref.url, method: ref.method ?? fallback };
}

export function pageApi(apis: PageApis | undefined, name: keyof PageApis): ResolvedApi | null {
  return apiOf(apis?.[name], DEFAULT_METHODS[name]);
}

export interface PathValues {
  id?: string;
  ids?: string;
  code?: string;
}

/**
 * Fills `{id}`, `{ids}` and `{code}` in a path (values URI-encoded) and says which ones it used, so
 * that the caller sends the others as query parameters instead.
 */
export function fillPath(url: string, values: PathValues): { url: string; used: Set<keyof PathValues> } {
  const used = new Set<keyof PathValues>();
  const filled = url.replace(/\{(id|ids|code)\}/g, (_m, key: keyof PathValues) => {
    used.add(key);
    return encodeURIComponent(values[key] ?? '').replace(/%2C/gi, ',');
  });
  return { url: filled, used };
}
