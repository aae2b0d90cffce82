import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Definitions } from '../../definitions/load.js';
import { badRequest } from '../../http/errors.js';
import { contains } from '../../lib/like.js';
import { resolveTableDict, tableDictItems, type DictItem, type RowFilter } from '../../lib/table-dict.js';
import { tableDictScope } from './dict-scope.js';

/** A dictionary code with a comma is a table dictionary (`table,text,code[,filter]`), else a plain code. */
export const isTableDict = (code: string) => code.includes(',');

const model = (value: string, text: string): DictItem => ({ value, text, title: text, label: text });

/**
 * Items of a plain dictionary ordered by sortOrder; every status, as the original's getDictItems.
 * `keyword` matches text or value (bound LIKE), `values` limits to those values.
 */
export async function plainDictItems(
  db: Kysely<Database>,
  code: string,
  opts: { keyword?: string; values?: string[]; limit?: number; offset?: number } = {},
): Promise<DictItem[]> {
  if (opts.values && opts.values.length === 0) return [];
  let q = plainItemsQuery(db, code, opts).select(['i.itemValue', 'i.itemText']).orderBy('i.sortOrder').orderBy('i.itemValue');
  if (opts.limit) q = q.limit(opts.limit);
  if (opts.offset) q = q.offset(opts.offset);
  return (await q.execute()).map((r) => model(r.itemValue, r.itemText));
}

export async function countPlainDictItems(db: Kysely<Database>, code: string, keyword?: string): Promise<number> {
  const row = await plainItemsQuery(db, code, { keyword })
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function plainItemsQuery(db: Kysely<Database>, code: string, opts: { keyword?: string; values?: string[] }) {
  let q = db
    .selectFrom('sysDictItem as i')
    .innerJoin('sysDict as d', 'd.id', 'i.dictId')
    .where('d.dictCode', '=', code)
    .where('d.delFlag', '=', 0);
  if (opts.keyword) {
    const keyword = opts.keyword;
    q = q.where((eb) => eb.or([contains(eb.ref('i.itemText'), keyword), contains(eb.ref('i.itemValue'), keyword)]));
  }
  if (opts.values?.length) q = q.where('i.itemValue', 'in', opts.values.slice(0, 500));
  return q;
}

export interface ItemsOptions {
  keyword?: string;
  /** Only these values (codes). */
  values?: string[];
  limit?: number;
  tenantId?: number;
  /** The rows of a table dictionary's table the caller may see (tableDictScope). */
  scope?: (table: string) => Promise<RowFilter | undefined>;
}

/** Items of any dictionary code; table dictionaries only through the allow-list (SQL-01/02). */
export async function dictItems(db: Kysely<Database>, defs: Definitions, code: string, opts: ItemsOptions = {}) {
  if (isTableDict(code)) {
    const ref = resolveTableDict(defs, code);
    const scope = opts.scope ? await opts.scope(ref.table) : undefined;
    return tableDictItems(db, ref, { keyword: opts.keyword, codes: opts.values, limit: opts.limit, tenantId: opts.tenantId, scope });
  }
  if (opts.keyword?.includes(',')) {
    // A comma keyword is a list of exact texts or values, as for table dictionaries.
    const list = opts.keyword.split(',').map((s) => s.trim()).filter(Boolean);
    const all = await plainDictItems(db, code, { values: opts.values });
    return all.filter((i) => list.includes(i.text) || list.includes(i.value)).slice(0, opts.limit);
  }
  return plainDictItems(db, code, { keyword: opts.keyword, values: opts.values, limit: opts.limit });
}

/** Items as a caller reads them through the dictionary API: the session's tenant and data scope. */
export function callerDictItems(request: FastifyRequest, code: string, opts: Omit<ItemsOptions, 'tenantId' | 'scope'> = {}) {
  const { db, defs } = request.server.ctx;
  return dictItems(db.kysely, defs, code, {
    ...opts,
    tenantId: request.user().tenantId,
    scope: (table) => tableDictScope(request, table),
  });
}

/**
 * The `[orderby:field,asc|desc]` annotation some clients append to a keyword (SQL-02): the field may
 * only be `text` or `value` (the dictionary's own columns) and the direction asc or desc.
 */
export function splitOrderAnnotation(keyword: string | undefined): { keyword?: string; order?: { by: 'text' | 'value'; desc: boolean } } {
  if (!keyword || !keyword.toLowerCase().includes('[orderby:')) return { keyword };
  const m = /^(.*)\[orderby:(text|value|code),(asc|desc)\]$/i.exec(keyword);
  if (!m) throw badRequest('keyword 中的排序标记只能是 [orderby:text|value,asc|desc]');
  const by = m[2].toLowerCase() === 'text' ? 'text' : 'value';
  return { keyword: m[1] || undefined, order: { by, desc: m[3].toLowerCase() === 'desc' } };
}

export function sortItems(items: DictItem[], order?: { by: 'text' | 'value'; desc: boolean }): DictItem[] {
  if (!order) return items;
  const sorted = [...items].sort((a, b) => a[order.by].localeCompare(b[order.by], 'zh-CN'));
  return order.desc ? sorted.reverse() : sorted;
}
