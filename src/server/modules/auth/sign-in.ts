import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { LoginThrottle } from '../../auth/throttle.js';
import { bizError } from '../../http/errors.js';
import { initialOrgCode, loginResult, type UserRow } from './login-result.js';

/** One generic failure text for unknown users and wrong passwords (no account enumeration). */
export const LOGIN_FAILED = '用户名或密码错误';

export function throttleOf(ctx: AppContext) {
  return new LoginThrottle(ctx.db.kysely, ctx.cfg);
}

export function appCodeOf(request: FastifyRequest, ctx: AppContext): string {
  const raw = request.headers['x-app-code'];
  const code = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  return /^[A-Z][A-Z0-9-]{1,40}$/.test(code) ? code : ctx.cfg.defaultAppCode;
}

export async function refuseIfLocked(ctx: AppContext, account: string, ip: string) {
  const wait = await throttleOf(ctx).blockedFor(account, ip);
  if (wait > 0) throw bizError(`登录失败次数过多，请 ${Math.ceil(wait / 60_000)} 分钟后再试`);
}

/** Checks the account may sign in (active, not frozen) and opens a session; returns the login result. */
export async function openSession(ctx: AppContext, request: FastifyRequest, user: UserRow) {
  if (user.delFlag !== 0) throw bizError(LOGIN_FAILED);
  if (user.status !== 1) throw bizError('该用户已冻结');
  const db = ctx.db.kysely;
  const orgCode = await initialOrgCode(db, user);
  const tenantIds = (user.relTenantIds ?? '').split(',').map(Number).filter((n) => n > 0);
  const activeTenants = tenantIds.length
    ? await db.selectFrom('sysTenant').select('id').where('id', 'in', tenantIds).where('status', '=', 1).execute()
    : [];
  if (tenantIds.length && activeTenants.length === 0) throw bizError('与该用户关联的租户均已被冻结，无法登录！');
  const tenantId = activeTenants[0]?.id ?? 0;
  const token = await ctx.sessions.create(user.id, tenantId, orgCode, appCodeOf(request, ctx), request.ip);
  if (orgCode && orgCode !== user.orgCode) {
    await db.updateTable('sysUser').set({ orgCode }).where('id', '=', user.id).execute();
  }
  request.log.info({ userId: user.id, username: user.username }, 'login success');
  return loginResult(db, { ...user, orgCode }, token, orgCode);
}

/** Password sign-in shared by /sys/login and the staff login, with throttling and lockout. */
export async function passwordSignIn(ctx: AppContext, request: FastifyRequest, username: string, password: string) {
  const account = username.trim().toLowerCase();
  await refuseIfLocked(ctx, account, request.ip);
  const user = await ctx.db.kysely.selectFrom('sysUser').selectAll().where('username', '=', username.trim()).executeTakeFirst();
  // Verify even for unknown users so timing does not reveal which accounts exist.
  const ok = await ctx.hasher.verify(user?.passwordHash ?? (await dummyHash(ctx)), password);
  if (!user || !ok || user.delFlag !== 0) {
    await throttleOf(ctx).fail(account, request.ip);
    request.log.warn({ username: account }, 'login failed');
    throw bizError(LOGIN_FAILED);
  }
  await throttleOf(ctx).succeed(account);
  return openSession(ctx, request, user);
}

const dummyHashes = new WeakMap<AppContext, Promise<string>>();
function dummyHash(ctx: AppContext): Promise<string> {
  let h = dummyHashes.get(ctx);
  if (!h) {
    h = ctx.hasher.hash('not-a-real-password');
    dummyHashes.set(ctx, h);
  }
  return h;
}
