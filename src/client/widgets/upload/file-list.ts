import type { UploadFile } from 'antd';
import { splitValues } from '../picker-kit/values';

/** Display name of a stored path: its last segment. */
export function nameOfPath(path: string): string {
  const clean = path.split('?')[0];
  return decodeURIComponent(clean.slice(clean.lastIndexOf('/') + 1)) || path;
}

/** File names in table cells are cut to 5 characters (spec §9). */
export function shortFileName(name: string, max = 5): string {
  const chars = [...name];
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : name;
}

/** The field value (comma-joined paths) as upload list items, keeping names the list already knows. */
export function filesOfValue(value: string | null | undefined, known: UploadFile[]): UploadFile[] {
  return splitValues(value).map((path) => {
    const same = known.find((f) => f.status === 'done' && (f.response as { path?: string } | undefined)?.path === path);
    return same ?? { uid: `stored:${path}`, name: nameOfPath(path), status: 'done', response: { path } };
  });
}

/** Paths of the finished items, in list order. */
export function pathsOfFiles(files: UploadFile[]): string[] {
  return files.filter((f) => f.status === 'done').map((f) => (f.response as { path?: string } | undefined)?.path ?? '').filter(Boolean);
}
