import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, page } from '../../../shared/envelope.js';
import { bizError } from '../../http/errors.js';
import { contains } from '../../lib/like.js';
import { optionalIdList } from '../../lib/id-list.js';
import { paging, sortKeys } from '../../lib/list-query.js';
import { fetchPage, ListQuery } from '../../lib/paged-query.js';
import { probeSafeFields, USER_SENSITIVE } from '../../lib/sensitive.js';
import { visibleUsers } from './user-access.js';
import { USER_COLUMNS, USER_FIELDS } from './user-fields.js';
import { decorateUsers } from './user-records.js';

/**
 * `GET /sys/user/userRoleList?roleId=`: the users holding a role, paged (the role page's user drawer),
 * filtered by `username` / `realname` (contains; the `*` the Vue 3 search adds around a value is dropped). The role must be global or of the session's tenant
 * (the roles the role list shows) and only users in the caller's scope are listed, masked as every user
 * list is. Without a role the page is empty, as in the original.
 */
export async function roleUserRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  app.get('/sys/user/userRoleList', { config: { access: 'login' }, schema: { querystring: ListQuery } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const text = (key: string) => (typeof query[key] === 'string' ? (query[key] as string).trim().replace(/^\*+|\*+$/g, '') : '');
    const paged = paging(query);
    const [roleId] = optionalIdList(text('roleId') || undefined, 'roleId', 1);
    if (!roleId) return ok(page([], 0, paged.pageNo, paged.pageSize));
    const role = await db
      .selectFrom('sysRole')
      .select('id')
      .where('id', '=', roleId)
      .where('tenantId', 'in', [0, request.user().tenantId])
      .executeTakeFirst();
    if (!role) throw bizError('未找到对应角色');
    const visible = await visibleUsers(request);
    const fields = await probeSafeFields(request, USER_FIELDS, USER_SENSITIVE);
    const [username, realname] = [text('username'), text('realname')];
    const q = db
      .selectFrom('sysUser')
      .select(USER_COLUMNS)
      .where(visible)
      .where((eb) =>
        eb.exists(eb.selectFrom('sysUserRole as ur').select('ur.id').whereRef('ur.userId', '=', 'sysUser.id').where('ur.roleId', '=', role.id)),
      )
      .$if(!!username, (qb) => qb.where((eb) => contains(eb.ref('sysUser.username'), username)))
      .$if(!!realname, (qb) => qb.where((eb) => contains(eb.ref('sysUser.realname'), realname)));
    const result = await fetchPage(ctx.db, q, sortKeys(fields, query, ['createTime', 'desc']), paged);
    return ok({ ...result, records: await decorateUsers(ctx, result.records, request) });
  });
}
