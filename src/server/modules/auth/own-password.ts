import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { okMessage } from '../../../shared/envelope.js';
import { securityLog } from '../../audit/security-log.js';
import { passwordProblem } from '../../auth/password.js';
import { bizError } from '../../http/errors.js';
import { guardedCheck } from './attempt.js';

/**
 * Changes the caller's own password (`/sys/user/updatePassword`, the staff `reset_password`). The old
 * password is checked under the same account lock as sign-in, so a stolen session cannot be used to
 * guess it without limit; the new one ends every other session of the user.
 */
export async function changeOwnPassword(ctx: AppContext, request: FastifyRequest, oldPassword: string, newPassword: string) {
  const session = request.user();
  const db = ctx.db.kysely;
  const user = await db.selectFrom('sysUser').selectAll().where('id', '=', session.userId).executeTakeFirstOrThrow();
  // The policy needs no secret, so a refused new password does not use up an attempt.
  const problem = passwordProblem(newPassword);
  if (problem) throw bizError(problem);
  const ok = await guardedCheck(ctx, request, {
    kind: 'password',
    account: user.username.toLowerCase(),
    username: user.username,
    userId: user.id,
    check: () => ctx.hasher.verify(user.passwordHash, oldPassword),
  });
  if (!ok) throw bizError('旧密码输入错误');
  await db
    .updateTable('sysUser')
    .set({ passwordHash: await ctx.hasher.hash(newPassword) })
    .where('id', '=', user.id)
    .execute();
  await ctx.sessions.revokeUser(user.id, session.id);
  await securityLog(request, { event: 'password.change', content: '修改本人密码', target: user.username });
  return okMessage('密码修改成功！');
}
