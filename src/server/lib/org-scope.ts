import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DataScope } from '../auth/scope.js';
import type { Session } from '../auth/sessions.js';
import type { Database } from '../db/tables.js';
import { prefixRange } from './like.js';

/**
 * Row predicates for the data scope (spec §6) of the organisation tables. Departments belong to one
 * tenant and sit in a tree whose org codes grow by prefix; users are in scope through the departments
 * they belong to (sys_user_depart). Every read and every mutation target in the user and department
 * APIs goes through these, so a row outside the caller's scope simply does not exist for them (AC-04).
 */

const NOTHING = sql<SqlBool>`1 = 0`;

/** Departments the caller may see: the session's tenant, then the subtree, organisation or own departments. */
export function departInScope(
  eb: ExpressionBuilder<Database, 'sysDepart'>,
  session: Session,
  scope: DataScope,
): Expression<SqlBool> {
  const tenant = eb('sysDepart.tenantId', '=', session.tenantId);
  switch (scope.kind) {
    case 'all':
      return tenant;
    case 'dept':
    case 'org':
      return eb.and([tenant, prefixRange(eb.ref('sysDepart.orgCode'), scope.orgCodePrefix)]);
    case 'doctor':
      return eb.and([
        tenant,
        eb('sysDepart.id', 'in', eb.selectFrom('sysUserDepart').select('sysUserDepart.depId').where('sysUserDepart.userId', '=', scope.userId)),
      ]);
    case 'none':
      return NOTHING;
  }
}

/**
 * Users the caller may see: members of the session's tenant (when the deployment uses tenants), then
 * by scope — everyone, those with a department in the subtree or organisation, or only oneself.
 */
export function userInScope(eb: ExpressionBuilder<Database, 'sysUser'>, session: Session, scope: DataScope): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (session.tenantId > 0) {
    // Per row a primary-key probe of sys_user_tenant, so the list keeps walking its sort index.
    parts.push(
      eb.exists(
        eb
          .selectFrom('sysUserTenant as ut')
          .select('ut.userId')
          .whereRef('ut.userId', '=', 'sysUser.id')
          .where('ut.tenantId', '=', session.tenantId),
      ),
    );
  }
  switch (scope.kind) {
    case 'all':
      break;
    case 'dept':
    case 'org':
      // Per row (in sort order) an index probe of the user's departments, so a page stops after a few
      // rows; an IN over the subtree's members would collect and sort all of them first.
      parts.push(
        eb.exists(
          eb
            .selectFrom('sysUserDepart as ud')
            .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
            .select('ud.id')
            .whereRef('ud.userId', '=', 'sysUser.id')
            .where((inner) => prefixRange(inner.ref('d.orgCode'), scope.orgCodePrefix)),
        ),
      );
      break;
    case 'doctor':
      parts.push(eb('sysUser.id', '=', scope.userId));
      break;
    case 'none':
      return NOTHING;
  }
  return eb.and(parts);
}
