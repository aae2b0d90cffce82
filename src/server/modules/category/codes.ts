import { bizError } from '../../http/errors.js';

/** One level of a category code: a letter and two digits (A01 … A99, B01 …), as the original's rule. */
const SEGMENT = /^([A-Z])(\d{2})$/;

/**
 * The code after the highest generated sibling code under `prefix` (the parent's code, '' for roots):
 * B01A01 → B01A02, A99 → B01; the first child is prefix + A01. Hand-written sibling codes that do not
 * follow the pattern are ignored.
 */
export function nextCategoryCode(prefix: string, siblingCodes: string[]): string {
  let best = '';
  for (const code of siblingCodes) {
    if (!code.startsWith(prefix)) continue;
    const seg = code.slice(prefix.length);
    if (SEGMENT.test(seg) && seg > best) best = seg;
  }
  return prefix + (best ? incrementSegment(best) : 'A01');
}

export function incrementSegment(seg: string): string {
  const m = SEGMENT.exec(seg);
  if (!m) throw bizError('分类编码格式不正确');
  const n = Number(m[2]);
  if (n < 99) return `${m[1]}${String(n + 1).padStart(2, '0')}`;
  if (m[1] === 'Z') throw bizError('该层级的分类编码已用完');
  return `${String.fromCharCode(m[1].charCodeAt(0) + 1)}01`;
}
