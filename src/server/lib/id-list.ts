import { Type } from '@sinclair/typebox';
import { badRequest } from '../http/errors.js';

export const MAX_BATCH_IDS = 500;

/** `ids=a,b,c,` of batch endpoints (the Vue2 client leaves a trailing comma): trimmed, unique, bounded. */
export function idList(raw: string | undefined, name = 'ids'): string[] {
  const ids = [...new Set((raw ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  if (ids.length === 0) throw badRequest(`参数 ${name} 不能为空`);
  if (ids.length > MAX_BATCH_IDS) throw badRequest(`参数 ${name} 最多 ${MAX_BATCH_IDS} 个`);
  if (ids.some((id) => id.length > 64)) throw badRequest(`参数 ${name} 格式不正确`);
  return ids;
}

/** What a record id looks like: 32-hex ids, md5 stable ids, Snowflake numbers as strings. */
export const ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
const ID = new RegExp(ID_PATTERN);

/** A TypeBox id parameter; anything else is a 400 before a handler runs (SQL-10). */
export const IdParam = () => Type.String({ pattern: ID_PATTERN, maxLength: 64 });

/**
 * An optional comma list of ids (list filters, role and department selections): empty gives `[]`;
 * each id must look like an id (SQL-10); trimmed, unique, bounded. Bound only as `IN (?, ?, …)`.
 */
export function optionalIdList(raw: string | null | undefined, name: string, max = MAX_BATCH_IDS): string[] {
  if (raw === null || raw === undefined || raw.trim() === '') return [];
  const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
  if (ids.length > max) throw badRequest(`参数 ${name} 最多 ${max} 个`);
  if (ids.some((id) => !ID.test(id))) throw badRequest(`参数 ${name} 格式不正确`);
  return ids;
}
