import { Type } from '@sinclair/typebox';
import { badRequest } from '../http/errors.js';

/** The most ids one batch request may name (a page holds at most 1000 rows). */
export const MAX_BATCH_IDS = 1000;
const MAX_ID_LENGTH = 64;
/**
 * The longest id list text: every id at its longest, each with a URL-encoded comma. The router's path
 * parameter limit and Node's request-head limit are raised to fit it (app.ts), so a batch of
 * MAX_BATCH_IDS ids works in a path or a query, not only in a body.
 */
export const MAX_ID_LIST_CHARS = MAX_BATCH_IDS * (MAX_ID_LENGTH + 3);

type RawIds = string | readonly unknown[] | null | undefined;

/** The ids of `a,b,c,` (the Vue2 client leaves a trailing comma) or of a JSON array: trimmed, unique. */
function splitIds(raw: RawIds, name: string): string[] {
  if (raw === null || raw === undefined) return [];
  const parts = typeof raw === 'string' ? raw.split(',') : raw.map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null));
  if (parts.some((p) => p === null)) throw badRequest(`参数 ${name} 格式不正确`);
  return [...new Set((parts as string[]).map((s) => s.trim()).filter(Boolean))];
}

function bounded(ids: string[], name: string, max: number): string[] {
  if (ids.length > max) throw badRequest(`参数 ${name} 最多 ${max} 个，请分批操作`);
  return ids;
}

/** The ids of a batch endpoint: at least one, at most MAX_BATCH_IDS, each no longer than an id. */
export function idList(raw: RawIds, name = 'ids'): string[] {
  const ids = bounded(splitIds(raw, name), name, MAX_BATCH_IDS);
  if (ids.length === 0) throw badRequest(`参数 ${name} 不能为空`);
  if (ids.some((id) => id.length > MAX_ID_LENGTH)) throw badRequest(`参数 ${name} 格式不正确`);
  return ids;
}

/** An `ids` value: `a,b,c` text, or repeated `ids=` parameters. */
const IdListValue = () =>
  Type.Union([Type.String({ maxLength: MAX_ID_LIST_CHARS }), Type.Array(Type.String({ maxLength: MAX_ID_LIST_CHARS }))]);

/**
 * The query schema of a batch endpoint. `ids` may instead come in a JSON body (`{"ids":"a,b"}` or
 * `{"ids":["a","b"]}`, DELETE or POST), so it is optional here and `batchIds` insists on it.
 */
export const BATCH_IDS_QUERY = Type.Object({ ids: Type.Optional(IdListValue()) });

/** The ids of a batch request: from the JSON body when it names them, otherwise from the query. */
export function batchIds(request: { query: unknown; body: unknown }, name = 'ids'): string[] {
  const pick = (source: unknown): unknown =>
    source && typeof source === 'object' && Object.hasOwn(source, name) ? (source as Record<string, unknown>)[name] : undefined;
  const raw = pick(request.body) ?? pick(request.query);
  if (raw !== undefined && raw !== null && typeof raw !== 'string' && !Array.isArray(raw))
    throw badRequest(`参数 ${name} 格式不正确`);
  return idList(raw as RawIds, name);
}

/** What a record id looks like: 32-hex ids, md5 stable ids, Snowflake numbers as strings. */
export const ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
const ID = new RegExp(ID_PATTERN);

/** A TypeBox id parameter; anything else is a 400 before a handler runs (SQL-10). */
export const IdParam = () => Type.String({ pattern: ID_PATTERN, maxLength: MAX_ID_LENGTH });

/** A path parameter holding one id or a comma list of them (the online delete path `…/{ids}`). */
export const IdListParam = () => Type.String({ maxLength: MAX_ID_LIST_CHARS });

/**
 * An optional comma list of ids (list filters, role and department selections): empty gives `[]`;
 * each id must look like an id (SQL-10); trimmed, unique, bounded. Bound only as `IN (?, ?, …)`.
 */
export function optionalIdList(raw: string | null | undefined, name: string, max = MAX_BATCH_IDS): string[] {
  if (raw === null || raw === undefined || raw.trim() === '') return [];
  const ids = bounded(splitIds(raw, name), name, max);
  if (ids.some((id) => !ID.test(id))) throw badRequest(`参数 ${name} 格式不正确`);
  return ids;
}
