import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { LoginThrottle } from '../../auth/throttle.js';
import { securityLog } from '../../audit/security-log.js';
import { bizError } from '../../http/errors.js';

/**
 * What a guarded check proves: a sign-in (password or SMS code), the old password of a change, or the
 * password that unlocks a locked screen.
 */
export type AttemptKind = 'login' | 'password' | 'unlock';

const LOCKED: Record<AttemptKind, string> = {
  login: '登录失败次数过多',
  password: '密码错误次数过多',
  unlock: '密码错误次数过多',
};

const FAILED: Record<AttemptKind, string> = {
  login: '登录失败：凭据错误',
  password: '旧密码校验失败',
  unlock: '解锁屏幕时密码错误',
};

export interface GuardedCheck {
  kind: AttemptKind;
  /** The throttle key of the account (lower-case user name, or `phone:<mobile>`). */
  account: string;
  /** Who the attempt was for, as the security log names it (the name typed, never a secret). */
  username: string | null;
  userId?: string | null;
  /** The expensive or secret-consuming check itself; runs only once the attempt is counted. */
  check: () => Promise<boolean>;
}

/**
 * Runs a credential check under the account lock and the address limit: the attempt is counted
 * before the check runs (so a burst cannot outrun the lock), refused with a Chinese message while
 * locked, kept as a failure when the check fails, and taken back when it succeeds. Sign-in, SMS
 * sign-in and the old password of a password change all go through here, sharing one lock per account.
 */
export async function guardedCheck(ctx: AppContext, request: FastifyRequest, g: GuardedCheck): Promise<boolean> {
  const begun = await new LoginThrottle(ctx.db.kysely, ctx.cfg).begin(g.account, request.ip);
  const who = { username: g.username, userId: g.userId ?? null, target: g.username };
  if (!begun.ok) {
    await securityLog(request, { event: 'login.locked', content: '锁定期间的尝试被拒绝', ok: false, ...who });
    throw bizError(`${LOCKED[g.kind]}，请 ${waitText(begun.waitMs)}后再试`);
  }
  const { attempt } = begun;
  if (await g.check()) {
    await attempt.succeed();
    return true;
  }
  await securityLog(request, {
    event: g.kind === 'login' ? 'login.failure' : 'password.failure',
    content: `${FAILED[g.kind]}（连续第 ${attempt.failures} 次）`,
    ok: false,
    ...who,
  });
  if (attempt.locksOnFailure) {
    const minutes = Math.ceil(ctx.cfg.loginLockMs / 60_000);
    await securityLog(request, {
      event: 'login.locked',
      content: `连续失败 ${attempt.failures} 次，账号锁定 ${minutes} 分钟`,
      ok: false,
      ...who,
    });
  }
  return false;
}

/** A wait in the largest whole unit a person reads easily: "45 秒", "10 分钟", "3 小时". */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} 秒`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} 分钟`;
  return `${Math.ceil(seconds / 3600)} 小时`;
}
