import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables.js';
import { refusal } from '../../audit/refusal.js';
import { bizError } from '../../http/errors.js';
import { grantableRoles } from '../../lib/grantable.js';
import { departInScope } from '../../lib/org-scope.js';
import { newId } from '../../../shared/ids.js';
import { LINKS, trackLinkWrite } from '../history/link-change.js';

/**
 * What an editor may change in a user's roles, departments and tenants (AC-02). Every id must exist
 * and be within the editor's reach; links the editor cannot reach (a department outside their
 * subtree, a role they could not grant, a tenant they are not in) are kept as they are, so an edit
 * never silently removes what the editor cannot see. Refusals are security-logged (user.roles,
 * user.departs, user.tenants) against the edited user.
 */

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

export async function currentRoleIds(db: Kysely<Database>, userId: string) {
  return (await db.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId).execute()).map((r) => r.roleId);
}

export async function currentDepartIds(db: Kysely<Database>, userId: string) {
  return (await db.selectFrom('sysUserDepart').select('depId').where('userId', '=', userId).execute()).map((r) => r.depId);
}

/** The role set after the edit of `target` (a username, for the security log), or null when it does not change. */
export async function nextRoleIds(db: Kysely<Database>, request: FastifyRequest, wanted: string[], current: string[], target: string) {
  const tenantId = request.user().tenantId;
  const existing = wanted.length
    ? await db.selectFrom('sysRole').select(['id', 'roleName']).where('id', 'in', wanted).where('tenantId', 'in', [0, tenantId]).execute()
    : [];
  if (existing.length !== wanted.length) throw bizError('所选角色不存在');
  const grantable = await grantableRoles(db, request, [...new Set([...wanted, ...current])]);
  const added = existing.filter((r) => !current.includes(r.id) && !grantable.has(r.id));
  if (added.length) throw await refusal(request, 'user.roles', `无权分配角色：${added.map((r) => r.roleName).join('、')}`, target);
  const next = [...new Set([...wanted, ...current.filter((id) => !grantable.has(id))])];
  return sameSet(next, current) ? null : next;
}

/** Ids among `ids` of departments the caller may see (tenant and data scope). */
export async function visibleDepartIds(db: Kysely<Database>, request: FastifyRequest, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const session = request.user();
  const scope = await request.scope();
  const rows = await db
    .selectFrom('sysDepart')
    .select('id')
    .where('id', 'in', ids)
    .where('delFlag', '=', '0')
    .where((eb) => departInScope(eb, session, scope))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The department set after the edit (order kept: the first is the default current one), or null when unchanged. */
export async function nextDepartIds(db: Kysely<Database>, request: FastifyRequest, wanted: string[], current: string[], target: string) {
  const visible = await visibleDepartIds(db, request, [...new Set([...wanted, ...current])]);
  if (wanted.some((id) => !visible.has(id))) throw await refusal(request, 'user.departs', '所选部门不存在或不在您的管理范围内', target);
  const next = [...new Set([...wanted, ...current.filter((id) => !visible.has(id))])];
  return sameSet(next, current) ? null : next;
}

/** Departments a user is in charge of (`departIds`): each must be visible to the editor. */
export async function checkedChargeDeparts(db: Kysely<Database>, request: FastifyRequest, ids: string[], target: string) {
  const visible = await visibleDepartIds(db, request, ids);
  if (ids.some((id) => !visible.has(id))) throw await refusal(request, 'user.departs', '负责部门不存在或不在您的管理范围内', target);
  return ids.length ? ids.join(',') : null;
}

/** Tenants after the edit: only the editor's own tenants may be given or taken; others are kept. */
export async function nextTenantIds(request: FastifyRequest, wanted: number[], current: number[], target: string) {
  const mine = request.user().relTenantIds;
  const foreign = wanted.filter((id) => !mine.includes(id));
  if (foreign.length) throw await refusal(request, 'user.tenants', `无权分配租户：${foreign.join(',')}`, target);
  return [...new Set([...wanted, ...current.filter((id) => !mine.includes(id))])].sort((a, b) => a - b);
}

/**
 * Writes a user's tenants: rel_tenant_ids (the protocol's field, read by sessions) and its indexed form
 * sys_user_tenant (migration 0012, which the list scopes query), always together.
 */
export async function replaceTenants(db: Kysely<Database>, userId: string, tenantIds: number[]) {
  const ids = [...new Set(tenantIds)].sort((a, b) => a - b);
  await db.updateTable('sysUser').set({ relTenantIds: ids.length ? ids.join(',') : null }).where('id', '=', userId).execute();
  await db.deleteFrom('sysUserTenant').where('userId', '=', userId).execute();
  if (ids.length) await db.insertInto('sysUserTenant').values(ids.map((tenantId) => ({ userId, tenantId }))).execute();
}

/** Replaces a user's roles; the change is recorded in the user's history (field `roles`). */
export async function replaceRoles(trx: Transaction<Database>, request: FastifyRequest, userId: string, roleIds: string[]) {
  await trackLinkWrite(trx, request, [LINKS.userRoles], [userId], async () => {
    await trx.deleteFrom('sysUserRole').where('userId', '=', userId).execute();
    if (roleIds.length) await trx.insertInto('sysUserRole').values(roleIds.map((roleId) => ({ id: newId(), userId, roleId }))).execute();
  });
}

/** Replaces a user's departments; the change is recorded in the user's history (field `departs`). */
export async function replaceDeparts(trx: Transaction<Database>, request: FastifyRequest, userId: string, departIds: string[]) {
  await trackLinkWrite(trx, request, [LINKS.userDeparts], [userId], async () => {
    await trx.deleteFrom('sysUserDepart').where('userId', '=', userId).execute();
    if (departIds.length) await trx.insertInto('sysUserDepart').values(departIds.map((depId) => ({ id: newId(), userId, depId }))).execute();
  });
}

/** The user's current department after a change: kept if still one of theirs, else the first, else none. */
export async function orgCodeFor(db: Kysely<Database>, departIds: string[], current: string | null) {
  if (departIds.length === 0) return null;
  const rows = await db.selectFrom('sysDepart').select(['id', 'orgCode']).where('id', 'in', departIds).execute();
  if (current && rows.some((r) => r.orgCode === current)) return current;
  return rows.find((r) => r.id === departIds[0])?.orgCode ?? rows[0]?.orgCode ?? null;
}
