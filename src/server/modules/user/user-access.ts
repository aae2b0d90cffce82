import type { FastifyRequest } from 'fastify';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { bizError } from '../../http/errors.js';
import { userInScope } from '../../lib/org-scope.js';
import { dataRulePredicate, grantedDataRules } from '../../auth/data-rules.js';
import { RESERVED_USERNAME, USER_COLUMNS, USER_FIELDS } from './user-fields.js';

/** The menu component of the user page, whose data rules apply to users everywhere. */
const USER_PAGE_COMPONENT = 'system/UserList';

export const USER_NOT_FOUND = '未找到对应数据';

/**
 * The predicate of the users a request may see or change: not deleted, not the reserved account,
 * inside the caller's tenant and data scope, and within the data rules the caller's roles carry on the
 * user page (protocol §8) — so lists, exports, pickers and edits all agree.
 */
export async function visibleUsers(request: FastifyRequest) {
  const session = request.user();
  const scope = await request.scope();
  const rules = await grantedDataRules(request.server.ctx.db.kysely, session.userId, {
    component: USER_PAGE_COMPONENT,
  });
  const ruled = dataRulePredicate(rules, USER_FIELDS, session, (rule, reason) =>
    request.log.warn({ ruleId: rule.id, reason }, 'data rule unusable: rows hidden'),
  );
  return (eb: ExpressionBuilder<Database, 'sysUser'>) =>
    eb.and([
      eb('sysUser.delFlag', '=', 0),
      eb('sysUser.username', '!=', RESERVED_USERNAME),
      userInScope(eb, session, scope),
      ...(ruled ? [ruled(eb)] : []),
    ]);
}

/** One visible user (never the password hash), or the protocol's "not found" refusal. */
export async function loadUser(db: Kysely<Database>, request: FastifyRequest, id: string) {
  const where = await visibleUsers(request);
  const row = await db
    .selectFrom('sysUser')
    .select(USER_COLUMNS)
    .where('sysUser.id', '=', id)
    .where(where)
    .executeTakeFirst();
  if (!row) throw bizError(USER_NOT_FOUND);
  return row;
}

/** Every id must be a visible user, or the whole batch is refused (no partial changes). */
export async function loadUsers(db: Kysely<Database>, request: FastifyRequest, ids: string[]) {
  if (ids.length === 0) throw bizError('请选择一条记录！');
  const where = await visibleUsers(request);
  const rows = await db
    .selectFrom('sysUser')
    .select(USER_COLUMNS)
    .where('sysUser.id', 'in', ids)
    .where(where)
    .execute();
  if (rows.length !== ids.length) throw bizError(USER_NOT_FOUND);
  return rows;
}
