import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { securityLog } from '../../audit/security-log.js';
import { bizError } from '../../http/errors.js';
import { guardedCheck } from './attempt.js';
import { consumeSmsCode, maskMobile } from './sms.js';
import { initialOrgCode, loginResult, type UserRow } from './login-result.js';

/** One generic failure text for unknown users and wrong passwords (no account enumeration). */
export const LOGIN_FAILED = '用户名或密码错误';

/**
 * The application a new session belongs to. It decides data scope (spec §6), so the X-App-Code header
 * may only pick one of the codes this deployment is configured to serve (APP_CODE, APP_CODES);
 * anything else gets the default, never a wider scope.
 */
export function appCodeOf(request: FastifyRequest, ctx: AppContext): string {
  const raw = request.headers['x-app-code'];
  const code = ((Array.isArray(raw) ? raw[0] : raw) ?? '').trim();
  return ctx.cfg.appCodes.includes(code) ? code : ctx.cfg.defaultAppCode;
}

/** Checks the account may sign in (active, not frozen) and opens a session; returns the login result. */
export async function openSession(ctx: AppContext, request: FastifyRequest, user: UserRow) {
  const who = { userId: user.id, username: user.username, target: user.username };
  const refuse = async (reason: string, message: string) => {
    await securityLog(request, { event: 'login.failure', content: `登录失败：${reason}`, ok: false, ...who });
    return bizError(message);
  };
  if (user.delFlag !== 0) throw await refuse('账号已删除', LOGIN_FAILED);
  if (user.status !== 1) throw await refuse('账号已冻结', '该用户已冻结');
  const db = ctx.db.kysely;
  const orgCode = await initialOrgCode(db, user);
  const tenantIds = (user.relTenantIds ?? '').split(',').map(Number).filter((n) => n > 0);
  const activeTenants = tenantIds.length
    ? await db.selectFrom('sysTenant').select('id').where('id', 'in', tenantIds).where('status', '=', 1).execute()
    : [];
  if (tenantIds.length && activeTenants.length === 0)
    throw await refuse('关联租户均已冻结', '与该用户关联的租户均已被冻结，无法登录！');
  const tenantId = activeTenants[0]?.id ?? 0;
  const token = await ctx.sessions.create(user.id, tenantId, orgCode, appCodeOf(request, ctx), request.ip, request.headers['user-agent']);
  if (orgCode && orgCode !== user.orgCode) {
    await db.updateTable('sysUser').set({ orgCode }).where('id', '=', user.id).execute();
  }
  await securityLog(request, { event: 'login.success', content: '登录成功', ...who });
  return loginResult(db, { ...user, orgCode }, token, orgCode);
}

/**
 * The account a user name and password prove, under the account lock and address limit; throws the
 * generic failure otherwise. A null password (one the Vue 3 sign-in sent that does not decrypt) is a
 * wrong one: counted, same answer.
 */
export async function provePassword(ctx: AppContext, request: FastifyRequest, username: string, password: string | null): Promise<UserRow> {
  const name = username.trim();
  const user = await ctx.db.kysely.selectFrom('sysUser').selectAll().where('username', '=', name).executeTakeFirst();
  const ok = await guardedCheck(ctx, request, {
    kind: 'login',
    account: name.toLowerCase(),
    username: name,
    userId: user?.id ?? null,
    // Verify even for unknown users so timing does not reveal which accounts exist.
    check: async () =>
      (await ctx.hasher.verify(user?.passwordHash ?? (await dummyHash(ctx)), password ?? '')) && password !== null && user?.delFlag === 0,
  });
  if (!user || !ok) throw bizError(LOGIN_FAILED);
  return user;
}

/** Password sign-in shared by /sys/login and the staff login. */
export async function passwordSignIn(ctx: AppContext, request: FastifyRequest, username: string, password: string) {
  return openSession(ctx, request, await provePassword(ctx, request, username, password));
}

/** SMS sign-in: the code is counted against the number's lock before it is consumed. */
export async function phoneSignIn(ctx: AppContext, request: FastifyRequest, mobile: string, code: string) {
  let user: UserRow | undefined;
  const ok = await guardedCheck(ctx, request, {
    kind: 'login',
    account: `phone:${mobile}`,
    username: maskMobile(mobile),
    check: async () => {
      if (!(await consumeSmsCode(ctx, mobile, code))) return false;
      user = await userByPhone(ctx, mobile);
      return !!user;
    },
  });
  if (!ok || !user) throw bizError('手机验证码错误');
  return openSession(ctx, request, user);
}

/** The live account a mobile number belongs to (SMS and Feishu sign-in). */
export function userByPhone(ctx: AppContext, mobile: string): Promise<UserRow | undefined> {
  return ctx.db.kysely.selectFrom('sysUser').selectAll().where('phone', '=', mobile).where('delFlag', '=', 0).executeTakeFirst();
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
