import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { okMessage } from '../../../shared/envelope.js';
import { IdParam } from '../../lib/id-list.js';
import { forceLogout, resetPassword } from './account-actions.js';
import { findManagedUser } from './user-access.js';

const Str = (max = 100) => Type.String({ maxLength: max });

/**
 * Administrator actions on another account (protocol §10): reset its password, force it offline.
 * The target must be a user the caller may manage, like every other user write: inside his tenant and
 * data scope, and an administrator only for an administrator.
 */
export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  app.put(
    '/sys/user/changePassword',
    {
      config: { access: 'user:resetPassword' },
      schema: { body: Type.Object({ username: Str(64), password: Str(128), confirmpassword: Str(128) }) },
    },
    async (request) => {
      const { username, password, confirmpassword } = request.body;
      const target = await findManagedUser(db, request, { username }, 'password.reset');
      await resetPassword(ctx, request, target, password, confirmpassword);
      return okMessage('密码重置成功！');
    },
  );

  app.post(
    '/sys/online/forceLogout',
    {
      config: { access: 'user:forceLogout' },
      schema: { body: Type.Object({ userId: Type.Optional(IdParam()), username: Type.Optional(Str(64)) }) },
    },
    async (request) => {
      const { userId, username } = request.body;
      const target = await findManagedUser(db, request, { id: userId, username }, 'user.forceLogout');
      await forceLogout(ctx, request, target);
      return okMessage('强制退出成功！');
    },
  );
}
