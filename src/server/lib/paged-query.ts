import { Type } from '@sinclair/typebox';
import { sql, type SelectQueryBuilder } from 'kysely';
import { page, type PageResult } from '../../shared/envelope.js';
import type { Paging } from './list-query.js';

/**
 * The query string of a list endpoint: any field names (they are resolved against a FieldMap later,
 * unknown ones ignored), with bounded sizes so no value can be huge.
 */
export const ListQuery = Type.Record(
  Type.String({ maxLength: 80 }),
  Type.Union([Type.String({ maxLength: 4000 }), Type.Array(Type.String({ maxLength: 4000 }), { maxItems: 50 })]),
);

/**
 * One page of a filtered query: the total from the same WHERE, then the requested slice in the given
 * order with `id` as the tie-breaker, so pages never overlap.
 */
export async function fetchPage<O>(
  // The builders are typed per table by the caller; here only count/order/limit are added.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<any, any, O>,
  sort: Array<[string, 'asc' | 'desc']>,
  { pageNo, pageSize }: Paging,
  idColumn = 'id',
): Promise<PageResult<O>> {
  const counted = (await query
    .clearSelect()
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirst()) as { n: number | string } | undefined;
  const total = Number(counted?.n ?? 0);
  let q = query;
  for (const [field, dir] of sort) q = q.orderBy(sql.ref(field), dir);
  const records = await q
    .orderBy(sql.ref(idColumn))
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize)
    .execute();
  return page(records, total, pageNo, pageSize);
}
