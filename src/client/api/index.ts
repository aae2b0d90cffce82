import type { AxiosProgressEvent, Method } from 'axios';
import type { Envelope } from '../../shared/envelope';
import { getRuntimeConfig } from '../config/runtime';
import { t } from '../locale/zh-CN';
import { feedback } from './feedback';
import { http } from './http';
import type { QueryParams } from './params';

export { getRuntimeConfig } from '../config/runtime';
export { ApiError } from './errors';
export { http } from './http';
export type { Envelope };

/**
 * Request helpers of the protocol (spec §7). Each resolves to the server's envelope for any 2xx reply
 * (check `success`); HTTP errors and network failures are shown by the error catalogue and reject
 * with `ApiError`.
 */
export async function getAction<T = unknown>(url: string, params?: QueryParams): Promise<Envelope<T>> {
  return (await http.get<Envelope<T>>(url, { params, sign: true })).data;
}

/** Signed POST with a JSON body. */
export async function postAction<T = unknown>(url: string, data?: unknown): Promise<Envelope<T>> {
  return (await http.post<Envelope<T>>(url, data ?? {}, { sign: true })).data;
}

/** Signed request with a chosen method: GET/DELETE send `data` as query, the others as JSON body. */
export async function httpAction<T = unknown>(url: string, data: unknown, method: Method | string): Promise<Envelope<T>> {
  const m = method.toLowerCase();
  const asQuery = m === 'get' || m === 'delete';
  const res = await http.request<Envelope<T>>({
    url,
    method: m,
    sign: true,
    params: asQuery ? (data as QueryParams) : undefined,
    data: asQuery ? undefined : data,
  });
  return res.data;
}

export async function putAction<T = unknown>(url: string, data?: unknown): Promise<Envelope<T>> {
  return (await http.put<Envelope<T>>(url, data ?? {})).data;
}

export async function deleteAction<T = unknown>(url: string, params?: QueryParams): Promise<Envelope<T>> {
  return (await http.delete<Envelope<T>>(url, { params })).data;
}

/** GET a file as a Blob; a JSON refusal in its place goes through the error catalogue and rejects. */
export async function getFile(url: string, params?: QueryParams): Promise<Blob> {
  return (await http.get<Blob>(url, { params, responseType: 'blob' })).data;
}

/** Downloads a file under a name; an empty reply shows 文件下载失败 and resolves false. */
export async function downloadFile(url: string, fileName: string, params?: QueryParams): Promise<boolean> {
  const blob = await getFile(url, params);
  if (!blob || blob.size === 0) {
    feedback().message.warning(t.shell.http.downloadFailed);
    return false;
  }
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(href);
  return true;
}

/** Multipart POST; `onProgress` gets whole percents. */
export async function uploadAction<T = unknown>(
  url: string,
  formData: FormData,
  onProgress?: (percent: number) => void,
): Promise<Envelope<T>> {
  const res = await http.post<Envelope<T>>(url, formData, {
    onUploadProgress: onProgress
      ? (e: AxiosProgressEvent) => onProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 0)
      : undefined,
  });
  return res.data;
}

/** A stored file path as a URL: absolute URLs stay, others get the static domain (spec §7). */
export function staticUrl(path: string | null | undefined): string {
  if (!path) return '';
  if (/^(https?:)?\/\//i.test(path) || path.startsWith('data:') || path.startsWith('blob:')) return path;
  const domain = getRuntimeConfig().staticDomain.replace(/\/+$/, '');
  return `${domain}/${path.replace(/^\/+/, '')}`;
}
