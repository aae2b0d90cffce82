import type { SelectQueryBuilder } from 'kysely';
import type { PageResult } from '../../shared/envelope.js';
import { listFilters, paging, sortKeys, type FieldMap } from './list-query.js';
import { fetchPage, type PageDb } from './paged-query.js';

/**
 * One page of a list endpoint (protocol §8) over one table: the base query (with fixed predicates such
 * as tenant or delFlag) gets the request's filters, the allow-listed sort and the page window.
 */
export async function listPage<R>(
  db: PageDb,
  // Any table, typed or not; the caller's predicates are already applied.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  base: SelectQueryBuilder<any, any, object>,
  fields: FieldMap,
  query: Record<string, unknown>,
  fallback: [string, 'asc' | 'desc'],
): Promise<PageResult<R>> {
  const filtered = base.where((eb) => listFilters(eb, fields, query)).selectAll();
  return (await fetchPage(db, filtered, sortKeys(fields, query, fallback), paging(query))) as PageResult<R>;
}
