import { Type } from '@sinclair/typebox';
import { sql, type SelectQueryBuilder, type SelectQueryNode } from 'kysely';
import { page, type PageResult } from '../../shared/envelope.js';
import type { Db } from '../db/connect.js';
import { tablesOf } from '../db/write-stamps.js';
import { tieOrder, type Paging } from './list-query.js';

/**
 * The query string of a list endpoint: any field names (they are resolved against a FieldMap later,
 * unknown ones ignored), with bounded sizes so no value can be huge.
 */
export const ListQuery = Type.Record(
  Type.String({ maxLength: 80 }),
  Type.Union([
    Type.String({ maxLength: 4000 }),
    Type.Array(Type.String({ maxLength: 4000 }), { maxItems: 50 }),
  ]),
);

/** Lists count exactly up to this many rows; beyond it the total is an estimate (`totalEstimated`). */
export const COUNT_CAP = 10_000;

/** From this offset on a page is read by deferred join (deepPage); shallow pages stay one query. */
const DEFER_FROM_OFFSET = 1_000;

// The builders are typed per table by the caller; here only count/order/limit are added.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery<O = unknown> = SelectQueryBuilder<any, any, O>;

/** The database a list query is built on: the count and the row estimate run there. */
export type PageDb = Pick<Db, 'kysely' | 'dialect' | 'listCache'>;

/**
 * One page of a filtered query: the total from the same WHERE (exact up to `countCap` matching rows,
 * estimated beyond), then the requested slice in the given order with `idColumn` as the tie-breaker
 * (tieOrder), so pages never overlap. `db` is the database `query` was built on; the count runs there.
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
    return out.orderBy(sql.ref(idColumn), tieOrder(sort)) as Q;
  };
  const offset = (pageNo - 1) * pageSize;
  const records =
    offset >= DEFER_FROM_OFFSET && deferrable(query.toOperationNode(), sort)
      ? await deepPage(db, query, sort, { offset, pageSize, idColumn }, ordered)
      : await ordered(query).limit(pageSize).offset(offset).execute();
  const result = page(records, total, pageNo, pageSize);
  return estimated ? { ...result, totalEstimated: true } : result;
}

type Window = { pageId: unknown };

/**
 * A page deep in a list, by deferred join: the ids of the window first (sort key and id only), then the
 * rows of those ids, so a deep page never sorts or skips over whole rows. Where the database keeps page
 * anchors (list-cache.ts) and the list sorts by at most one key, the window seeks from the nearest
 * remembered row before it instead of skipping from the start, and remembers the rows before and after
 * this page: paging on, or asking the same page again, costs what page 1 does.
 */
async function deepPage<O>(
  db: PageDb,
  query: AnyQuery<O>,
  sort: Array<[string, 'asc' | 'desc']>,
  { offset, pageSize, idColumn }: { offset: number; pageSize: number; idColumn: string },
  ordered: <Q extends AnyQuery<unknown>>(q: Q) => Q,
): Promise<O[]> {
  const key = sort[0];
  const base = ordered(query.clearSelect().select(sql.ref(idColumn).as('pageId'))) as AnyQuery<Window>;
  const node = query.toOperationNode();
  const tables = tablesOf(node);
  const anchors = sort.length <= 1 && tables ? db.listCache : undefined;
  let windows: Window[];
  if (!anchors || !tables) windows = await base.limit(pageSize).offset(offset).execute();
  else {
    const compiled = base.compile();
    const list = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
    const stamp = await anchors.stamp(tables);
    // Seeking compares sort keys, and a NULL key compares with nothing: such lists skip from the start.
    let complete = key ? anchors.keyComplete(list, stamp) : true;
    if (complete === undefined && key) {
      const nulls = query
        .clearSelect()
        .clearOrderBy()
        .select(sql<number>`1`.as('one'))
        .where(sql.ref(key[0]), 'is', null);
      complete = !(await nulls.limit(1).executeTakeFirst());
      await anchors.setKeyComplete(list, stamp, complete, tables);
    }
    const anchor = complete ? anchors.nearest(list, stamp, offset) : undefined;
    const skip = offset - (anchor?.position ?? 0);
    const from = anchor ? base.where(seekAfter(soleTable(node)!, key, idColumn, anchor.id)) : base;
    // One row more before the page when skipping: the anchor of this page for the next time.
    windows = await from
      .limit(pageSize + (skip > 0 ? 1 : 0))
      .offset(Math.max(0, skip - 1))
      .execute();
    const before = skip > 0 ? windows.shift() : undefined;
    if (complete) {
      const found = [];
      if (before) found.push({ position: offset, id: before.pageId });
      const last = windows.at(-1);
      if (last && windows.length === pageSize) found.push({ position: offset + pageSize, id: last.pageId });
      await anchors.remember(list, stamp, found, tables);
    }
  }
  const ids = windows.map((r) => r.pageId);
  return ids.length ? await ordered(query.where(sql.ref(idColumn), 'in', ids)).execute() : [];
}

/**
 * The rows after the anchor row in the order `key, id` (both in the key's direction): `key` beyond the
 * anchor's, or equal with an id beyond. The key's bound comes first on its own so the key's index serves
 * it as a range; the anchor's key is read from the table, so no value crosses between database and
 * JavaScript types.
 */
function seekAfter(table: string, key: [string, 'asc' | 'desc'] | undefined, idColumn: string, id: unknown) {
  const column = (ref: string) => sql.ref(`pageAnchor.${ref.split('.').pop() ?? ref}`);
  const op = sql.raw(key?.[1] === 'desc' ? '<' : '>');
  const idAfter = sql<boolean>`${sql.ref(idColumn)} ${op} ${id}`;
  if (!key) return idAfter;
  const [field] = key;
  const anchorKey = sql`(select ${column(field)} from ${sql.table(table)} as ${sql.id('pageAnchor')} where ${column(idColumn)} = ${id})`;
  return sql<boolean>`(${sql.ref(field)} ${op}= ${anchorKey} and (${sql.ref(field)} ${op} ${anchorKey} or ${idAfter}))`;
}

/**
 * `select count(*) from (<query> limit cap+1)`: exact while the count is cheap; past the cap the
 * planner's estimate (PostgreSQL) or the table's analysed row count times the share of sampled rows
 * the query keeps (SQLite, single-table queries), never less than what was counted. Answered again from the list cache until the tables change.
 */
export async function boundedCount(
  db: PageDb,
  query: AnyQuery,
  cap = COUNT_CAP,
): Promise<{ total: number; estimated: boolean }> {
  const capped = query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`1`.as('one'))
    .limit(cap + 1);
  const counting = db.kysely.selectFrom(capped.as('capped')).select(sql<number | string>`count(*)`.as('n'));
  const count = async () => {
    const counted = Number((await counting.executeTakeFirst())?.n ?? 0);
    if (counted <= cap) return { total: counted, estimated: false };
    return { total: Math.max(counted, Math.round(await estimatedRows(db, query))), estimated: true };
  };
  // Counted once per change of the list's tables where the database keeps a list cache.
  const cache = db.listCache;
  const tables = cache && tablesOf(query.toOperationNode());
  if (!cache || !tables) return count();
  const compiled = counting.compile();
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const stamp = await cache.stamp(tables);
  const known = cache.count(key, stamp);
  if (known) return known;
  const answer = await count();
  await cache.setCount(key, stamp, answer, tables);
  return answer;
}

async function estimatedRows(db: PageDb, query: AnyQuery): Promise<number> {
  if (db.dialect === 'postgres') {
    const [row] = await query.clearOrderBy().explain('json');
    const cell = row ? Object.values(row)[0] : undefined;
    const plans = (typeof cell === 'string' ? JSON.parse(cell) : cell) as
      Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined;
    return Number(plans?.[0]?.Plan?.['Plan Rows'] ?? 0);
  }
  const node = query.toOperationNode();
  const table = soleTable(node);
  if (!table || node.groupBy || node.having) return 0;
  // sqlite_stat1 exists once ANALYZE ran (db/statistics.ts); the first number of a row is the row count.
  const stats = await sql<{ stat: string }>`select stat from sqlite_stat1 where tbl = ${table}`
    .execute(db.kysely)
    .then((r) => r.rows)
    .catch(() => []);
  const rows = Math.max(0, ...stats.map((s) => parseInt(s.stat, 10) || 0));
  return node.where && rows ? rows * (await keptShare(db, query, table)) : rows;
}

/** Runs of rowids sampled across a table, and the rowids in each: about a thousand rows read. */
const SAMPLE_RUNS = 32;
const SAMPLE_RUN_LENGTH = 32;

/**
 * The share of a table's rows that a query's WHERE keeps, from runs of rowids spread evenly over the
 * table (SQLite has no planner estimate to ask): tenants, scopes and filters are judged on rows from
 * the whole table, not only its oldest, and the rowid ranges are read by seek.
 */
async function keptShare(db: PageDb, query: AnyQuery, table: string): Promise<number> {
  const bounds = await db.kysely
    .selectFrom(sql.table(table).as('t'))
    .select([sql<number | null>`min(rowid)`.as('low'), sql<number | null>`max(rowid)`.as('high')])
    .executeTakeFirst();
  const low = Number(bounds?.low ?? 0);
  const high = Number(bounds?.high ?? -1);
  if (high < low) return 0;
  const step = Math.max(SAMPLE_RUN_LENGTH, (high - low + 1) / SAMPLE_RUNS);
  const runs = [];
  for (let from = low; from <= high; from += step) {
    const start = Math.floor(from);
    runs.push(sql`rowid between ${start} and ${start + SAMPLE_RUN_LENGTH - 1}`);
  }
  const sampled = sql<boolean>`(${sql.join(runs, sql` or `)})`;
  const countOf = async (q: AnyQuery) =>
    Number(
      (
        await q
          .clearSelect()
          .clearOrderBy()
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const seen = await countOf(db.kysely.selectFrom(sql.table(table).as('t')).where(sampled));
  return seen ? (await countOf(query.where(sampled))) / seen : 0;
}

/** The one table a query reads, or undefined when it joins or reads a subquery. */
function soleTable(node: SelectQueryNode): string | undefined {
  const froms = node.from?.froms ?? [];
  if (froms.length !== 1 || node.joins?.length) return undefined;
  const from = froms[0];
  return from.kind === 'TableNode'
    ? (from as unknown as { table: { identifier: { name: string } } }).table.identifier.name
    : undefined;
}

/**
 * Whether the id window can be chosen without the select list: one table (the sort keys are its
 * columns, never a select alias such as a computed column), no grouping or set operations.
 */
function deferrable(node: SelectQueryNode, sort: Array<[string, 'asc' | 'desc']>): boolean {
  if (
    !soleTable(node) ||
    node.groupBy ||
    node.having ||
    node.distinctOn ||
    node.with ||
    node.setOperations?.length
  )
    return false;
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
