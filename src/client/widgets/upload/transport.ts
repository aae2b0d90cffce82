import axios from 'axios';
import { getAction, uploadAction } from '../../api';
import { t } from '../../locale/zh-CN';

/** Where a file goes: our server, the attachment endpoint, or object storage directly. */
export type UploadTarget = 'server' | 'attachment' | 'oss';

export interface Uploaded {
  /** What the field stores: the server's relative path or the object's URL. */
  path: string;
  name: string;
}

type Progress = (percent: number) => void;

export class UploadFailed extends Error {}

function failure(message: string | undefined): UploadFailed {
  return new UploadFailed(message || t.widgets.unknownError);
}

/** `/sys/common/upload` (spec §7): form `file`, `biz`, `isup=1`; the stored path comes back in `message`. */
export async function uploadToServer(file: File, biz: string | undefined, onProgress: Progress): Promise<Uploaded> {
  const form = new FormData();
  form.append('file', file);
  if (biz) form.append('biz', biz);
  form.append('isup', '1');
  const res = await uploadAction<{ path?: string } | null>('/sys/common/upload', form, onProgress);
  if (!res.success) throw failure(res.message);
  const path = res.result?.path || res.message;
  if (!path) throw failure('');
  return { path, name: file.name };
}

/** `/api/sys/attachment/upload?path=fileList|aritcle`: answers fileName, filePath, fileSize. */
export async function uploadAttachment(file: File, folder: 'fileList' | 'aritcle', biz: string | undefined, onProgress: Progress): Promise<Uploaded> {
  const form = new FormData();
  form.append('file', file);
  if (biz) form.append('biz', biz);
  const res = await uploadAction<{ fileName: string; filePath: string }>(`/api/sys/attachment/upload?path=${folder}`, form, onProgress);
  if (!res.success || !res.result) throw failure(res.message);
  return { path: res.result.filePath, name: res.result.fileName || file.name };
}

export interface OssSignature {
  accessid: string;
  host: string;
  policy: string;
  signature: string;
  dir?: string;
  /** Unix seconds. */
  expire?: number;
}

let signature: OssSignature | null = null;

/** Refresh when less than this is left of the policy's life (spec §9). */
export const SIGNATURE_REFRESH_MS = 5_000;

/** The upload policy from `/api/ali/oss/getSignature`, reused until 5 s before it expires. */
export async function ossSignature(now = Date.now()): Promise<OssSignature> {
  if (signature && signature.expire && signature.expire * 1000 - now > SIGNATURE_REFRESH_MS) return signature;
  const res = await getAction<OssSignature>('/api/ali/oss/getSignature');
  if (!res.success || !res.result) throw failure(res.message || t.widgets.upload.ossNotReady);
  signature = res.result;
  return signature;
}

/** Tests start without a cached policy. */
export function forgetOssSignature(): void {
  signature = null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Object key: the rich-text editor's `dir + uploads/admin/{YYYYMMDD}/{filename}` (spec §7); other
 * uploads add a random part so two files of one name do not overwrite each other.
 */
export function ossKey(dir: string, fileName: string, richText: boolean, now = new Date()): string {
  const day = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  const name = fileName.replace(/[\\/]/g, '_');
  const unique = richText ? '' : `${Math.random().toString(36).slice(2, 10)}_`;
  return `${dir}uploads/admin/${day}/${unique}${name}`;
}

/**
 * Form POST straight to the store's host with key, policy, OSSAccessKeyId, signature and
 * success_action_status 200. A bare axios call on purpose: our token and headers must not go to the store.
 */
export async function uploadToOss(file: File, richText: boolean, onProgress: Progress): Promise<Uploaded> {
  const sig = await ossSignature();
  const key = ossKey(sig.dir ?? '', file.name, richText);
  const form = new FormData();
  form.append('key', key);
  form.append('policy', sig.policy);
  form.append('OSSAccessKeyId', sig.accessid);
  form.append('signature', sig.signature);
  form.append('success_action_status', '200');
  form.append('file', file);
  try {
    await axios.post(sig.host, form, {
      onUploadProgress: (e) => onProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
    });
  } catch (e) {
    throw failure(e instanceof Error ? e.message : '');
  }
  return { path: `${sig.host.replace(/\/+$/, '')}/${key}`, name: file.name };
}

export async function sendFile(
  file: File,
  opts: { target: UploadTarget; biz?: string; folder?: 'fileList' | 'aritcle'; richText?: boolean },
  onProgress: Progress,
): Promise<Uploaded> {
  if (opts.target === 'oss') return uploadToOss(file, opts.richText ?? false, onProgress);
  if (opts.target === 'attachment') return uploadAttachment(file, opts.folder ?? 'fileList', opts.biz, onProgress);
  return uploadToServer(file, opts.biz, onProgress);
}
