import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { badRequest, bizError } from '../../http/errors.js';
import { startsWith } from '../../lib/like.js';
import { departInScope } from '../../lib/org-scope.js';
import { optionalIdList } from '../../lib/id-list.js';
import { visibleUsers } from '../user/user-access.js';

/** One send reaches at most this many people; more is refused, not cut, so nobody is silently left out. */
export const MAX_RECIPIENTS = 1000;

export interface RecipientChoice {
  userIds?: string | null;
  roleIds?: string | null;
  departIds?: string | null;
}

/**
 * The active users a send goes to: the chosen users, the members of the chosen roles and of the chosen
 * departments (with their sub-departments), all within what the sender may see (tenant, data scope,
 * data rules — the user page's predicate). A chosen user, role or department outside that is refused;
 * members of a role or department outside the sender's scope are simply not his to reach.
 */
export async function resolveRecipients(db: Kysely<Database>, request: FastifyRequest, choice: RecipientChoice): Promise<string[]> {
  const userIds = optionalIdList(choice.userIds, 'userIds');
  const roleIds = optionalIdList(choice.roleIds, 'roleIds');
  const departIds = optionalIdList(choice.departIds, 'departIds');
  if (userIds.length + roleIds.length + departIds.length === 0) throw badRequest('请选择接收人：用户、角色或部门至少选一项');
  const session = request.user();
  const visible = await visibleUsers(request);
  const active = () => db.selectFrom('sysUser').select('sysUser.id').where(visible).where('sysUser.status', '=', 1);
  const found = new Set<string>();

  if (userIds.length > 0) {
    const rows = await active().where('sysUser.id', 'in', userIds).execute();
    if (rows.length !== userIds.length) throw bizError('所选用户中有不存在、已冻结或不在您管理范围内的用户');
    for (const r of rows) found.add(r.id);
  }
  if (roleIds.length > 0) {
    const roles = await db.selectFrom('sysRole').select('id').where('id', 'in', roleIds).where('tenantId', 'in', [0, session.tenantId]).execute();
    if (roles.length !== roleIds.length) throw bizError('所选角色不存在');
    const rows = await active()
      .where('sysUser.id', 'in', (eb) => eb.selectFrom('sysUserRole').select('sysUserRole.userId').where('sysUserRole.roleId', 'in', roleIds))
      .execute();
    for (const r of rows) found.add(r.id);
  }
  if (departIds.length > 0) {
    const scope = await request.scope();
    const departs = await db
      .selectFrom('sysDepart')
      .select(['sysDepart.id', 'sysDepart.orgCode'])
      .where('sysDepart.id', 'in', departIds)
      .where((eb) => departInScope(eb, session, scope))
      .execute();
    if (departs.length !== departIds.length) throw bizError('所选部门不存在或不在您管理范围内');
    const codes = departs.map((d) => d.orgCode ?? '').filter(Boolean);
    if (codes.length > 0) {
      const rows = await active()
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('sysUserDepart as ud')
              .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
              .select('ud.id')
              .whereRef('ud.userId', '=', 'sysUser.id')
              .where((inner) => inner.or(codes.map((c) => startsWith(inner.ref('d.orgCode'), c)))),
          ),
        )
        .execute();
      for (const r of rows) found.add(r.id);
    }
  }
  if (found.size === 0) throw bizError('所选范围内没有可接收消息的用户');
  if (found.size > MAX_RECIPIENTS) throw badRequest(`一次最多发送给 ${MAX_RECIPIENTS} 人，当前选择了 ${found.size} 人，请缩小范围后分批发送`);
  return [...found];
}
