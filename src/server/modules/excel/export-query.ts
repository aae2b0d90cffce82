import { Type } from '@sinclair/typebox';
import { badRequest } from '../../http/errors.js';

/** The longest list query carried as JSON text: room for a full advanced query, far below a request's limit. */
export const MAX_QUERY_JSON = 20_000;
const MAX_KEYS = 100;
const MAX_KEY_LENGTH = 80;
const MAX_VALUE_LENGTH = 4000;

/**
 * The query string of an export address: the list's parameters (bounded as ListQuery bounds them), or
 * the whole list query as one JSON text in `paramsStr`, which may be longer.
 */
export const ExportQuery = Type.Object(
  { paramsStr: Type.Optional(Type.String({ maxLength: MAX_QUERY_JSON })) },
  {
    propertyNames: { maxLength: MAX_KEY_LENGTH },
    additionalProperties: Type.Union([
      Type.String({ maxLength: MAX_VALUE_LENGTH }),
      Type.Array(Type.String({ maxLength: MAX_VALUE_LENGTH }), { maxItems: 50 }),
    ]),
  },
);

/**
 * The list query of an export request. The JeecgBoot Vue 2 clients send the list's query whole as
 * JSON in `paramsStr` (the online list's 导出 and 大数据导出, JeecgListMixin.handleExportXls2), filters,
 * sort and `selections` included; others send the list's parameters themselves. Keys of `paramsStr`
 * win over the plain parameters, so an export finds exactly what the list it came from shows.
 */
export function exportQuery(query: Record<string, unknown>): Record<string, unknown> {
  const { paramsStr, ...plain } = query;
  if (paramsStr === undefined) return plain;
  return { ...plain, ...listQueryOf(paramsStr, 'paramsStr') };
}

/**
 * A list query carried as one JSON object (its text, or the object itself): the values of a query
 * string, so scalars only, each as text; empty values are dropped as the clients drop them. The
 * advanced query may come as its condition array rather than its text. Sizes are bounded like a
 * query string's; anything else is a 400 naming the parameter.
 */
export function listQueryOf(param: unknown, name: string): Record<string, string> {
  let value = param;
  if (typeof value === 'string') {
    if (value.trim() === '') return {};
    if (value.length > MAX_QUERY_JSON) throw badRequest(`参数 ${name} 过长（最多 ${MAX_QUERY_JSON} 个字符）`);
    try {
      value = JSON.parse(value);
    } catch {
      throw badRequest(`参数 ${name} 不是有效的 JSON`);
    }
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest(`参数 ${name} 应为查询条件对象`);
  const entries = Object.entries(value);
  if (entries.length > MAX_KEYS) throw badRequest(`参数 ${name} 的查询条件过多（最多 ${MAX_KEYS} 个）`);
  const out: Array<[string, string]> = [];
  for (const [k, v] of entries) {
    if (k.length > MAX_KEY_LENGTH) throw badRequest(`参数 ${name} 的条件名过长：${k.slice(0, 20)}…`);
    if (v === null || v === undefined || v === '') continue;
    let text: string;
    if (typeof v === 'string') text = v;
    else if (typeof v === 'number' || typeof v === 'boolean') text = String(v);
    else if (typeof v === 'object' && k === 'superQueryParams') text = JSON.stringify(v);
    else throw badRequest(`参数 ${name}.${k} 应为文本或数字`);
    if (text.length > MAX_VALUE_LENGTH) throw badRequest(`参数 ${name}.${k} 过长（最多 ${MAX_VALUE_LENGTH} 个字符）`);
    out.push([k, text]);
  }
  // fromEntries defines own properties, so a key such as __proto__ stays a plain (unknown, ignored) key.
  return Object.fromEntries(out);
}
