import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, okMessage } from '../../../shared/envelope.js';
import { formatDateTime } from '../../../shared/time.js';
import { securityLog } from '../../audit/security-log.js';
import { bizError } from '../../http/errors.js';
import { IdParam } from '../../lib/id-list.js';
import { guardedCheck } from './attempt.js';

/**
 * The caller's own sessions (personal centre 我的会话) and the lock screen's password check. Every
 * route works on the session's own user only: ids name sessions, never tokens or their hashes, and an
 * id of someone else's session is refused like an unknown one. Revocation goes through the session
 * store, which closes the ended sessions' sockets.
 */
export async function sessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;

  app.get('/sys/user/mySessions', { config: { access: 'login' } }, async (request) => {
    const session = request.user();
    const rows = await ctx.sessions.listOwn(session.userId);
    return ok(
      rows.map((r) => ({
        id: r.id,
        current: r.id === session.id,
        userAgent: r.userAgent,
        clientIp: r.clientIp,
        createTime: formatDateTime(r.createdAt),
        lastActiveTime: formatDateTime(r.lastSeenAt),
      })),
    );
  });

  app.post(
    '/sys/user/mySessions/revoke',
    { config: { access: 'login' }, schema: { body: Type.Object({ id: IdParam() }) } },
    async (request) => {
      const session = request.user();
      const { id } = request.body;
      if (id === session.id) throw bizError('当前会话请使用退出登录');
      if (!(await ctx.sessions.revokeOwn(session.userId, id))) throw bizError('会话不存在或已结束');
      await securityLog(request, { event: 'session.revoke', content: '退出本人的另一个会话', target: id });
      return okMessage('已退出该会话');
    },
  );

  app.post('/sys/user/mySessions/revokeOthers', { config: { access: 'login' } }, async (request) => {
    const session = request.user();
    const ended = await ctx.sessions.revokeUser(session.userId, session.id);
    if (ended.length) {
      await securityLog(request, { event: 'session.revoke', content: `退出本人其他所有会话（${ended.length} 个）`, target: ended.join(',') });
    }
    return ok({ count: ended.length }, ended.length ? `已退出 ${ended.length} 个会话` : '没有其他会话');
  });

  // Unlocking the lock screen proves the password again, under the same account lock as sign-in.
  app.post(
    '/sys/user/checkPassword',
    { config: { access: 'login' }, schema: { body: Type.Object({ password: Type.String({ minLength: 1, maxLength: 128 }) }) } },
    async (request) => {
      const session = request.user();
      const user = await ctx.db.kysely
        .selectFrom('sysUser')
        .select(['id', 'username', 'passwordHash'])
        .where('id', '=', session.userId)
        .executeTakeFirstOrThrow();
      const passed = await guardedCheck(ctx, request, {
        kind: 'unlock',
        account: user.username.toLowerCase(),
        username: user.username,
        userId: user.id,
        check: () => ctx.hasher.verify(user.passwordHash, request.body.password),
      });
      if (!passed) throw bizError('密码错误');
      return okMessage('密码正确');
    },
  );
}
