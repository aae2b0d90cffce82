import type { FastifyRequest } from 'fastify';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { page } from '../../../shared/envelope.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/tables.js';
import { contains } from '../../lib/like.js';
import { paging, sortKeys } from '../../lib/list-query.js';
import { fetchPage } from '../../lib/paged-query.js';
import { probeSafeFields, USER_SENSITIVE } from '../../lib/sensitive.js';
import { visibleUsers } from './user-access.js';
import { USER_COLUMNS, USER_FIELDS } from './user-fields.js';
import { decorateUsers } from './user-records.js';

export type UserEB = ExpressionBuilder<Database, 'sysUser'>;

/** A query text value, trimmed; the `*` the Vue 3 search puts around a value is dropped. */
export function queryText(request: FastifyRequest, key: string): string {
  const value = (request.query as Record<string, unknown>)[key];
  return typeof value === 'string' ? value.trim().replace(/^\*+|\*+$/g, '') : '';
}

/**
 * One page of the users in the caller's scope that `where` picks (null: none), filtered by `username` /
 * `realname` (contains), sorted as asked (newest first by default) and masked as every user list is.
 */
export async function scopedUserPage(ctx: AppContext, request: FastifyRequest, where: ((eb: UserEB) => Expression<SqlBool>) | null) {
  const query = request.query as Record<string, unknown>;
  const paged = paging(query);
  if (!where) return page([], 0, paged.pageNo, paged.pageSize);
  const visible = await visibleUsers(request);
  const fields = await probeSafeFields(request, USER_FIELDS, USER_SENSITIVE);
  const [username, realname] = [queryText(request, 'username'), queryText(request, 'realname')];
  const q = ctx.db.kysely
    .selectFrom('sysUser')
    .select(USER_COLUMNS)
    .where(visible)
    .where(where)
    .$if(!!username, (qb) => qb.where((eb) => contains(eb.ref('sysUser.username'), username)))
    .$if(!!realname, (qb) => qb.where((eb) => contains(eb.ref('sysUser.realname'), realname)));
  const result = await fetchPage(ctx.db, q, sortKeys(fields, query, ['createTime', 'desc']), paged);
  return { ...result, records: await decorateUsers(ctx, result.records, request) };
}
