import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../../shared/envelope.js';
import { bizError } from '../../http/errors.js';
import { optionalIdList } from '../../lib/id-list.js';
import { ListQuery } from '../../lib/paged-query.js';
import { queryText, scopedUserPage } from './user-page.js';

/**
 * `GET /sys/user/userRoleList?roleId=`: the users holding a role, paged (the role page's user drawer),
 * filtered by `username` / `realname` (user-page.ts). The role must be global or of the session's
 * tenant (the roles the role list shows) and only users in the caller's scope are listed, masked as every user
 * list is. Without a role the page is empty, as in the original.
 */
export async function roleUserRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  app.get('/sys/user/userRoleList', { config: { access: 'login' }, schema: { querystring: ListQuery } }, async (request) => {
    const [roleId] = optionalIdList(queryText(request, 'roleId') || undefined, 'roleId', 1);
    if (!roleId) return ok(await scopedUserPage(ctx, request, null));
    const role = await db
      .selectFrom('sysRole')
      .select('id')
      .where('id', '=', roleId)
      .where('tenantId', 'in', [0, request.user().tenantId])
      .executeTakeFirst();
    if (!role) throw bizError('未找到对应角色');
    return ok(
      await scopedUserPage(ctx, request, (eb) =>
        eb.exists(eb.selectFrom('sysUserRole as ur').select('ur.id').whereRef('ur.userId', '=', 'sysUser.id').where('ur.roleId', '=', role.id)),
      ),
    );
  });
}
