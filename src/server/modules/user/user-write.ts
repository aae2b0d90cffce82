import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/tables.js';
import { parseIds } from '../../auth/sessions.js';
import { passwordProblem } from '../../auth/password.js';
import { bizError } from '../../http/errors.js';
import { optionalIdList } from '../../lib/id-list.js';
import { keepStoredValues, USER_SENSITIVE } from '../../lib/sensitive.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import { loadManagedUser } from './user-access.js';
import { logLinkChanges } from './user-link-log.js';
import { trackSystemWrite } from '../history/system-change.js';
import { checkedUsername, profilePatch, tenantIdList, type ProfilePatch, type UserBodyT } from './user-input.js';
import {
  checkedChargeDeparts,
  currentDepartIds,
  currentRoleIds,
  nextDepartIds,
  nextRoleIds,
  nextTenantIds,
  orgCodeFor,
  replaceDeparts,
  replaceTenants,
  replaceRoles,
} from './user-links.js';

/** Staff accounts (/api/sys/staff/user) are ordinary users marked `userType 'staff'` with an HR `staffId`. */
export interface AccountKind {
  userType: 'staff' | null;
  staffId: string | null;
  /** Staff may be created without a password: they sign in by SMS until an administrator sets one. */
  passwordOptional?: boolean;
}

/** Phone, e-mail and work number identify a person at sign-in and in pickers: one active user each. */
export async function checkUnique(db: Kysely<Database>, patch: ProfilePatch, exceptId?: string) {
  const checks: Array<['phone' | 'email' | 'workNo', string]> = [
    ['phone', '手机号已存在'],
    ['email', '邮箱已存在'],
    ['workNo', '工号已存在'],
  ];
  for (const [field, message] of checks) {
    const value = patch[field];
    if (!value) continue;
    let q = db.selectFrom('sysUser').select('id').where(field, '=', value).where('delFlag', '=', 0);
    if (exceptId) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) throw bizError(message);
  }
}

async function checkPost(db: Kysely<Database>, post: string | null | undefined, tenantId: number) {
  if (!post) return;
  const found = await db.selectFrom('sysPosition').select('id').where('code', '=', post).where('tenantId', '=', tenantId).executeTakeFirst();
  if (!found) throw bizError('所选职务不存在');
}

/** POST /sys/user/add and the staff variants: a new active account with its roles and departments. */
export async function createUser(ctx: AppContext, request: FastifyRequest, body: UserBodyT, kind: AccountKind) {
  const db = ctx.db.kysely;
  const session = request.user();
  const username = checkedUsername(body.username);
  const patch = profilePatch(body);
  if (!patch.realname) throw bizError('请输入用户姓名');
  let password = body.password ?? '';
  if (!password && kind.passwordOptional) password = crypto.randomBytes(24).toString('base64url');
  else {
    const problem = passwordProblem(password);
    if (problem) throw bizError(problem);
    if (body.confirmpassword !== undefined && body.confirmpassword !== null && body.confirmpassword !== password)
      throw bizError('两次输入的密码不一样！');
  }
  // Names stay taken after a logical delete (the column is unique).
  if (await db.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirst()) throw bizError('用户账号已存在');
  await checkUnique(db, patch);
  await checkPost(db, patch.post, session.tenantId);
  const roleIds = (await nextRoleIds(db, request, optionalIdList(body.selectedroles, 'selectedroles'), [], username)) ?? [];
  const departIds = (await nextDepartIds(db, request, optionalIdList(body.selecteddeparts, 'selecteddeparts'), [], username)) ?? [];
  const chargeIds = await checkedChargeDeparts(db, request, optionalIdList(body.departIds, 'departIds'), username);
  const wantedTenants = tenantIdList(body.relTenantIds) ?? [];
  const tenants = await nextTenantIds(request, wantedTenants.length ? wantedTenants : session.tenantId ? [session.tenantId] : [], [], username);
  const id = newId();
  const passwordHash = await ctx.hasher.hash(password);
  await db.transaction().execute(async (trx) => {
    await trackSystemWrite(trx, request, 'sys_user', [id], 'add', async () => trx
      .insertInto('sysUser')
      .values({
        id,
        username,
        realname: patch.realname as string,
        passwordHash,
        avatar: patch.avatar ?? null,
        birthday: patch.birthday ?? null,
        sex: patch.sex ?? null,
        email: patch.email ?? null,
        phone: patch.phone ?? null,
        orgCode: await orgCodeFor(trx, departIds, null),
        status: 1,
        delFlag: 0,
        workNo: patch.workNo ?? null,
        post: patch.post ?? null,
        telephone: patch.telephone ?? null,
        userIdentity: patch.userIdentity ?? 1,
        departIds: chargeIds,
        relTenantIds: tenants.length ? tenants.join(',') : null,
        userType: kind.userType,
        staffId: kind.staffId,
        createBy: session.username,
        createTime: formatDateTime(),
        updateBy: null,
        updateTime: null,
      })
      .execute());
    await replaceRoles(trx, request, id, roleIds);
    await replaceDeparts(trx, request, id, departIds);
    await replaceTenants(trx, id, tenants);
  });
  await logLinkChanges(db, request, username, {
    roles: roleIds.length ? { before: [], after: roleIds } : undefined,
    departs: departIds.length ? { before: [], after: departIds } : undefined,
    tenants: tenants.length ? { before: [], after: tenants } : undefined,
  });
  request.log.info({ by: session.userId, userId: id, roleIds, departIds }, 'user created');
  return { id, username };
}

/**
 * PUT /sys/user/edit and the staff update: copies the allow-listed profile fields onto the loaded row.
 * Username and password never change here (AC-02). Only a user the caller may manage can be edited
 * (scope; administrators only by administrators). A change of roles, departments or tenants ends the
 * user's sessions so the new rights and scope apply at once, and closes his sockets (TOK-02).
 */
export async function updateUser(ctx: AppContext, request: FastifyRequest, id: string, body: UserBodyT, kind?: Partial<AccountKind>) {
  const db = ctx.db.kysely;
  const session = request.user();
  const event = body.selectedroles !== undefined ? 'user.roles' : body.selecteddeparts !== undefined ? 'user.departs' : body.relTenantIds !== undefined ? 'user.tenants' : undefined;
  const user = await loadManagedUser(db, request, id, event);
  // A form that loaded masked personal fields sends the masks back: those keep the stored values.
  const patch = profilePatch(keepStoredValues(USER_SENSITIVE, body, user));
  await checkUnique(db, patch, id);
  if (patch.post !== user.post) await checkPost(db, patch.post, session.tenantId);
  const beforeRoles = body.selectedroles === undefined ? [] : await currentRoleIds(db, id);
  const roles =
    body.selectedroles === undefined ? null : await nextRoleIds(db, request, optionalIdList(body.selectedroles, 'selectedroles'), beforeRoles, user.username);
  const beforeDeparts = body.selecteddeparts === undefined ? [] : await currentDepartIds(db, id);
  const departs =
    body.selecteddeparts === undefined
      ? null
      : await nextDepartIds(db, request, optionalIdList(body.selecteddeparts, 'selecteddeparts'), beforeDeparts, user.username);
  const extra: { departIds?: string | null; relTenantIds?: string | null; orgCode?: string | null; staffId?: string | null } = {};
  if (body.departIds !== undefined) extra.departIds = await checkedChargeDeparts(db, request, optionalIdList(body.departIds, 'departIds'), user.username);
  const wantedTenants = tenantIdList(body.relTenantIds);
  const beforeTenants = parseIds(user.relTenantIds);
  let tenants: number[] | null = null;
  if (wantedTenants !== undefined) {
    const next = await nextTenantIds(request, wantedTenants, beforeTenants, user.username);
    if (next.join(',') !== [...beforeTenants].sort((a, b) => a - b).join(',')) tenants = next;
    extra.relTenantIds = next.length ? next.join(',') : null;
  }
  if (departs) extra.orgCode = await orgCodeFor(db, departs, user.orgCode);
  if (kind?.staffId !== undefined) extra.staffId = kind.staffId;
  await db.transaction().execute(async (trx) => {
    await trackSystemWrite(trx, request, 'sys_user', [id], 'edit', () => trx
      .updateTable('sysUser')
      .set({ ...patch, ...extra, updateBy: session.username, updateTime: formatDateTime() })
      .where('id', '=', id)
      .execute());
    if (roles) await replaceRoles(trx, request, id, roles);
    if (departs) await replaceDeparts(trx, request, id, departs);
    if (extra.relTenantIds !== undefined) await replaceTenants(trx, id, parseIds(extra.relTenantIds));
  });
  if (!roles && !departs && !tenants) {
    request.log.info({ by: session.userId, userId: id }, 'user edited');
    return;
  }
  await logLinkChanges(db, request, user.username, {
    roles: roles ? { before: beforeRoles, after: roles } : undefined,
    departs: departs ? { before: beforeDeparts, after: departs } : undefined,
    tenants: tenants ? { before: beforeTenants, after: tenants } : undefined,
  });
  // Someone editing his own links keeps the session he is working in when it still fits: roles are
  // read on every request anyway, but a session left in a department or tenant he no longer belongs
  // to would keep its old scope, so then it ends too and he signs in again.
  const own = id === session.userId;
  const keep = own && (!departs || extra.orgCode === session.orgCode) && (!tenants || tenants.includes(session.tenantId));
  await ctx.sessions.revokeUser(id, keep ? session.id : undefined);
  request.log.info({ by: session.userId, userId: id, roles, departs, tenants }, 'user roles, departments or tenants changed; sessions revoked');
}
