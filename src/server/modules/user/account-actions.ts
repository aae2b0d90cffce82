import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { passwordProblem } from '../../auth/password.js';
import { securityLog } from '../../audit/security-log.js';
import { bizError } from '../../http/errors.js';
import { formatDateTime } from '../../../shared/time.js';
import { trackedWrite } from '../history/system-change.js';

/** The target of an account action: a user the caller may manage (user-access.ts loadManagedUser/findManagedUser). */
interface Target {
  id: string;
  username: string;
}

/**
 * What an administrator does to other people's accounts, shared by the console routes and the staff
 * API: set a password, freeze or unfreeze, force out. The caller has already loaded the targets as
 * users he may manage; each action ends the sessions it must and is security-logged.
 */

/** Sets a user's password (admin reset): his sessions end, except the caller's own when he resets himself. */
export async function resetPassword(ctx: AppContext, request: FastifyRequest, target: Target, password: string, confirm?: string) {
  if (confirm !== undefined && confirm !== password) throw bizError('两次输入的密码不一样！');
  const problem = passwordProblem(password);
  if (problem) throw bizError(problem);
  const session = request.user();
  await ctx.db.kysely
    .updateTable('sysUser')
    .set({ passwordHash: await ctx.hasher.hash(password), updateBy: session.username, updateTime: formatDateTime() })
    .where('id', '=', target.id)
    .execute();
  await ctx.sessions.revokeUser(target.id, target.id === session.userId ? session.id : undefined);
  await securityLog(request, { event: 'password.reset', target: target.username, content: `管理员重置了用户 ${target.username} 的密码` });
}

/** Freezes (2) or unfreezes (1) users; frozen users' sessions end. Nobody freezes himself. */
export async function setAccountStatus(ctx: AppContext, request: FastifyRequest, targets: Target[], status: 1 | 2) {
  const session = request.user();
  if (status === 2 && targets.some((t) => t.id === session.userId)) throw bizError('不能冻结当前登录用户');
  const ids = targets.map((t) => t.id);
  await trackedWrite(ctx.db.kysely, request, 'sys_user', ids, 'edit', (trx) =>
    trx.updateTable('sysUser').set({ status, updateBy: session.username, updateTime: formatDateTime() }).where('id', 'in', ids).execute(),
  );
  if (status === 2) for (const t of targets) await ctx.sessions.revokeUser(t.id);
  const names = targets.map((t) => t.username);
  await securityLog(request, {
    event: 'user.frozen',
    target: names.join(',').slice(0, 500),
    content: `${status === 2 ? '冻结' : '解冻'}用户：${names.join('、')}`,
  });
}

/** Ends every session of a user at once (and so his sockets). */
export async function forceLogout(ctx: AppContext, request: FastifyRequest, target: Target) {
  await ctx.sessions.revokeUser(target.id);
  await securityLog(request, { event: 'user.forceLogout', target: target.username, content: `强制用户 ${target.username} 下线` });
}
