import { Type } from '@sinclair/typebox';
import { sql, type SelectQueryBuilder, type SelectQueryNode } from 'kysely';
import { page, type PageResult } from '../../shared/envelope.js';
import type { Db } from '../db/connect.js';
import type { Paging } from './list-query.js';

/**
 * The query string of a list endpoint: any field names (they are resolved against a FieldMap later,
 * unknown ones ignored), with bounded sizes so no value can be huge.
 */
export const ListQuery = Type.Record(
  Type.String({ maxLength: 80 }),
  Type.Union([Type.String({ maxLength: 4000 }), Type.Array(Type.String({ maxLength: 4000 }), { maxItems: 50 })]),
);

/** Lists count exactly up to this many rows; beyond it the total is an estimate (`totalEstimated`). */
export const COUNT_CAP = 10_000;

/**
 * From this offset on a page is read by deferred join: the ids of the window first (sort key and id
 * only), then the rows of those ids, so a deep page never sorts or skips over whole rows. Shallow pages
 * stay one query, which is cheaper there.
 */
const DEFER_FROM_OFFSET = 1_000;

// The builders are typed per table by the caller; here only count/order/limit are added.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery<O = unknown> = SelectQueryBuilder<any, any, O>;

/** The database a list query is built on: the count and the row estimate run there. */
export type PageDb = Pick<Db, 'kysely' | 'dialect'>;

/**
 * One page of a filtered query: the total from the same WHERE (exact up to `countCap` matching rows,
 * estimated beyond), then the requested slice in the given order with `idColumn` as the tie-breaker,
 * so pages never overlap. `db` is the database `query` was built on; the count runs there.
 */
export async function fetchPage<O>(
  db: PageDb,
  query: AnyQuery<O>,
  sort: Array<[string, 'asc' | 'desc']>,
  { pageNo, pageSize }: Paging,
  idColumn = 'id',
  countCap = COUNT_CAP,
): Promise<PageResult<O>> {
  const { total, estimated } = await boundedCount(db, query, countCap);
  const ordered = <Q extends AnyQuery<unknown>>(q: Q): Q => {
    let out = q;
    for (const [field, dir] of sort) out = out.orderBy(sql.ref(field), dir) as Q;
    return out.orderBy(sql.ref(idColumn)) as Q;
  };
  const offset = (pageNo - 1) * pageSize;
  let records: O[];
  if (offset >= DEFER_FROM_OFFSET && deferrable(query.toOperationNode(), sort)) {
    const window = await ordered(query.clearSelect().select(sql.ref(idColumn).as('pageId')))
      .limit(pageSize)
      .offset(offset)
      .execute();
    const ids = window.map((r) => (r as { pageId: unknown }).pageId);
    records = ids.length ? await ordered(query.where(sql.ref(idColumn), 'in', ids)).execute() : [];
  } else {
    records = await ordered(query).limit(pageSize).offset(offset).execute();
  }
  const result = page(records, total, pageNo, pageSize);
  return estimated ? { ...result, totalEstimated: true } : result;
}

/**
 * `select count(*) from (<query> limit cap+1)`: exact while the count is cheap; past the cap the
 * planner's estimate (PostgreSQL) or the table's analysed row count (SQLite, unfiltered lists), never
 * less than what was counted.
 */
export async function boundedCount(db: PageDb, query: AnyQuery, cap = COUNT_CAP): Promise<{ total: number; estimated: boolean }> {
  const capped = query.clearSelect().clearOrderBy().select(sql<number>`1`.as('one')).limit(cap + 1);
  const row = await db.kysely
    .selectFrom(capped.as('capped'))
    .select(sql<number | string>`count(*)`.as('n'))
    .executeTakeFirst();
  const counted = Number(row?.n ?? 0);
  if (counted <= cap) return { total: counted, estimated: false };
  return { total: Math.max(counted, Math.round(await estimatedRows(db, query))), estimated: true };
}

async function estimatedRows(db: PageDb, query: AnyQuery): Promise<number> {
  if (db.dialect === 'postgres') {
    const [row] = await query.clearOrderBy().explain('json');
    const cell = row ? Object.values(row)[0] : undefined;
    const plans = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined;
    return Number(plans?.[0]?.Plan?.['Plan Rows'] ?? 0);
  }
  const node = query.toOperationNode();
  const table = soleTable(node);
  if (!table || node.where) return 0;
  // sqlite_stat1 exists once ANALYZE ran (db/statistics.ts); the first number of a row is the row count.
  const stats = await sql<{ stat: string }>`select stat from sqlite_stat1 where tbl = ${table}`
    .execute(db.kysely)
    .then((r) => r.rows)
    .catch(() => []);
  return Math.max(0, ...stats.map((s) => parseInt(s.stat, 10) || 0));
}

/** The one table a query reads, or undefined when it joins or reads a subquery. */
function soleTable(node: SelectQueryNode): string | undefined {
  const froms = node.from?.froms ?? [];
  if (froms.length !== 1 || node.joins?.length) return undefined;
  const from = froms[0];
  return from.kind === 'TableNode' ? (from as unknown as { table: { identifier: { name: string } } }).table.identifier.name : undefined;
}

/**
 * Whether the id window can be chosen without the select list: one table (the sort keys are its
 * columns, never a select alias such as a computed column), no grouping or set operations.
 */
function deferrable(node: SelectQueryNode, sort: Array<[string, 'asc' | 'desc']>): boolean {
  if (!soleTable(node) || node.groupBy || node.having || node.distinctOn || node.with || node.setOperations?.length) return false;
  if (node.frontModifiers?.some((m) => m.modifier === 'Distinct')) return false;
  const plain = (name: string) => name.replace(/_/g, '').toLowerCase();
  const aliases = new Set(
    (node.selections ?? [])
      .map((s) => s.selection)
      .filter((s) => s.kind === 'AliasNode')
      .map((s) => plain((s as unknown as { alias: { name?: string } }).alias.name ?? '')),
  );
  return sort.every(([field]) => !aliases.has(plain(field.split('.').pop() ?? field)));
}
