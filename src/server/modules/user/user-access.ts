import type { FastifyRequest } from 'fastify';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { administratorsAmong, isAdministrator } from '../../auth/administrator.js';
import { refusal } from '../../audit/refusal.js';
import type { SecurityEvent } from '../../audit/security-log.js';
import { badRequest, bizError } from '../../http/errors.js';
import { userInScope } from '../../lib/org-scope.js';
import { dataRulePredicate, grantedDataRules } from '../../auth/data-rules.js';
import { RESERVED_USERNAME, USER_COLUMNS, USER_FIELDS } from './user-fields.js';

/** The menu component of the user page, whose data rules apply to users everywhere. */
const USER_PAGE_COMPONENT = 'system/UserList';

export const USER_NOT_FOUND = '未找到对应数据';

/**
 * The predicate of the users a request may see or change: not deleted, not the reserved account,
 * inside the caller's tenant and data scope, and within the data rules the caller's roles carry on the
 * user page (protocol §8) — so lists, exports, pickers and edits all agree. With `deleted`, the same
 * reach over the logically deleted users (the recycle bin).
 */
export async function visibleUsers(request: FastifyRequest, { deleted = false }: { deleted?: boolean } = {}) {
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
      eb('sysUser.delFlag', '=', deleted ? 1 : 0),
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

type UserRow = Awaited<ReturnType<typeof loadUser>>;

/**
 * Refuses a write on administrators by anyone who is not one: an administrator account is the key to
 * everything, so changing, resetting, freezing, deleting or forcing it out is theirs alone.
 */
async function refuseAdministrators(db: Kysely<Database>, request: FastifyRequest, users: UserRow[], event?: SecurityEvent) {
  const admins = await administratorsAmong(db, users.map((u) => u.id));
  if (admins.size === 0 || (await isAdministrator(db, request.user().userId))) return;
  const names = users.filter((u) => admins.has(u.id)).map((u) => u.username);
  const message = '只有系统管理员可以修改、重置、冻结或强制下线系统管理员';
  if (!event) throw bizError(message);
  throw await refusal(request, event, message, names.join(','), `${message}（目标：${names.join('、')}）`);
}

/**
 * The users a write may touch: all visible to the caller (scope, tenant, data rules; no partial
 * batches) and administrators only for administrators. With `event`, a refusal is security-logged;
 * with `deleted`, the users come from the recycle bin.
 */
export async function loadManagedUsers(
  db: Kysely<Database>,
  request: FastifyRequest,
  ids: string[],
  event?: SecurityEvent,
  opts: { deleted?: boolean } = {},
) {
  if (ids.length === 0) throw bizError('请选择一条记录！');
  const where = await visibleUsers(request, opts);
  const rows = await db.selectFrom('sysUser').select(USER_COLUMNS).where('sysUser.id', 'in', ids).where(where).execute();
  if (rows.length !== new Set(ids).size) {
    if (!event) throw bizError(USER_NOT_FOUND);
    throw await refusal(request, event, USER_NOT_FOUND, ids.join(',').slice(0, 500), '目标用户不存在或不在管理范围内');
  }
  await refuseAdministrators(db, request, rows, event);
  return rows;
}

export async function loadManagedUser(db: Kysely<Database>, request: FastifyRequest, id: string, event?: SecurityEvent) {
  const [row] = await loadManagedUsers(db, request, [id], event);
  return row;
}

/** A user a write may touch, named by id, staffId or username (in that order of preference). */
export async function findManagedUser(
  db: Kysely<Database>,
  request: FastifyRequest,
  t: { id?: string; staffId?: string; username?: string },
  event?: SecurityEvent,
) {
  if (t.id) return loadManagedUser(db, request, t.id, event);
  const row = await findUser(db, request, t, event);
  await refuseAdministrators(db, request, [row], event);
  return row;
}

/** A visible user named by staffId or username (reads and writes alike). */
export async function findUser(db: Kysely<Database>, request: FastifyRequest, t: { staffId?: string; username?: string }, event?: SecurityEvent) {
  if (!t.staffId && !t.username) throw badRequest('请提供 id、staffId 或 username');
  const visible = await visibleUsers(request);
  const row = await db
    .selectFrom('sysUser')
    .select(USER_COLUMNS)
    .where(visible)
    .$if(!!t.staffId, (q) => q.where('sysUser.staffId', '=', t.staffId as string))
    .$if(!t.staffId, (q) => q.where('sysUser.username', '=', t.username as string))
    .executeTakeFirst();
  if (row) return row;
  if (!event) throw bizError(USER_NOT_FOUND);
  throw await refusal(request, event, USER_NOT_FOUND, t.staffId ?? t.username, '目标用户不存在或不在管理范围内');
}
