import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql, type SqlBool } from 'kysely';
import { ok, okMessage } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { badRequest, bizError } from '../../http/errors.js';
import { IdParam, BATCH_IDS_QUERY, batchIds, idList, optionalIdList } from '../../lib/id-list.js';
import { listFilters, paging, sortKeys } from '../../lib/list-query.js';
import { fetchPage, ListQuery } from '../../lib/paged-query.js';
import { contains, prefixRange } from '../../lib/like.js';
import { formatDateTime } from '../../../shared/time.js';
import { loadManagedUsers, loadUser, visibleUsers } from './user-access.js';
import { loadDepart, loadDepartByOrgCode, visibleDeparts } from '../depart/depart-access.js';
import { trackSystemWrite } from '../history/system-change.js';
import { setAccountStatus } from './account-actions.js';
import { accountRoutes } from './account-routes.js';
import { USER_COLUMNS, USER_FIELDS } from './user-fields.js';
import { probeSafeFields, USER_SENSITIVE } from '../../lib/sensitive.js';
import { joinListFields, UserBody } from './user-input.js';
import { decorateUsers } from './user-records.js';
import { createUser, updateUser } from './user-write.js';
import { ProbeLimit } from './probe-limit.js';
import { staffRoutes } from './staff-routes.js';
import { userRecycleRoutes } from './recycle-routes.js';
import { selfRoutes } from './self-routes.js';
import { roleUserRoutes } from './role-user-routes.js';
import { departMemberRoutes } from './depart-members.js';
import { scopedUserPage, type UserEB } from './user-page.js';

const Str = (max = 100) => Type.Optional(Type.String({ maxLength: max }));

/** Users of one department (exactly that one, not its subtree). */
const inDepartments = (eb: UserEB, departIds: string[]) =>
  eb.exists(
    eb
      .selectFrom('sysUserDepart as ud')
      .select('ud.id')
      .whereRef('ud.userId', '=', 'sysUser.id')
      .where('ud.depId', 'in', departIds),
  );

/** Users of the departments with these org codes or below them (one tenant's tree). */
const inDepartTrees = (eb: UserEB, tenantId: number, orgCodes: string[]) =>
  eb.exists(
    eb
      .selectFrom('sysUserDepart as ud')
      .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
      .select('ud.id')
      .whereRef('ud.userId', '=', 'sysUser.id')
      .where('d.tenantId', '=', tenantId)
      .where('d.delFlag', '=', '0')
      .where((inner) => inner.or(orgCodes.map((code) => prefixRange(inner.ref('d.orgCode'), code)))),
  );

/**
 * The user administration API (protocol §10 SysUser, spec §7). Reads are open to every signed-in user
 * because the user picker needs them, but every read and every change is limited to the caller's
 * tenant and data scope; changes need their button codes.
 */
export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;
  const probes = new ProbeLimit();

  // `departId` may name several departments (the Vue 3 list's department filter is a multiple choice).
  const listUsers = async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown>;
    const codes = optionalIdList(typeof query.code === 'string' ? query.code : undefined, 'code');
    const departId = optionalIdList(typeof query.departId === 'string' ? query.departId : undefined, 'departId');
    const paged = paging(query);
    if (codes.length) paged.pageSize = codes.length;
    const visible = await visibleUsers(request);
    const fields = await probeSafeFields(request, USER_FIELDS, USER_SENSITIVE);
    const q = db
      .selectFrom('sysUser')
      .select(USER_COLUMNS)
      .where(visible)
      .where((eb) => listFilters(eb, fields, query))
      .$if(codes.length > 0, (qb) => qb.where('sysUser.id', 'in', codes))
      .$if(departId.length > 0, (qb) => qb.where((eb) => inDepartments(eb, departId)));
    const result = await fetchPage(ctx.db, q, sortKeys(fields, query, ['createTime', 'desc']), paged);
    return ok({ ...result, records: await decorateUsers(ctx, result.records, request) });
  };
  app.get('/sys/user/list', { config: { access: 'login' }, schema: { querystring: ListQuery } }, listUsers);
  // The Vue 3 user page's list ("not per tenant" in the original): the same list, in the session's tenant.
  app.get('/sys/user/listAll', { config: { access: 'login' }, schema: { querystring: ListQuery } }, listUsers);

  app.get(
    '/sys/user/queryUserComponentData',
    {
      config: { access: 'login' },
      schema: {
        querystring: Type.Object({
          username: Str(64),
          realname: Str(64),
          sex: Str(2),
          birthday: Str(10),
          departId: Str(4000),
          field: Str(500),
          column: Str(100),
          order: Str(10),
          pageNo: Str(10),
          pageSize: Str(10),
        }),
      },
    },
    async (request) => {
      const query = request.query;
      const departIds = optionalIdList(query.departId, 'departId');
      const visible = await visibleUsers(request);
      const like = (col: 'sysUser.username' | 'sysUser.realname', text: string | undefined) => (eb: UserEB) =>
        text ? contains(eb.ref(col), text) : sql<SqlBool>`1 = 1`;
      const q = db
        .selectFrom('sysUser')
        .select(USER_COLUMNS)
        .where(visible)
        .where(like('sysUser.username', query.username?.trim()))
        .where(like('sysUser.realname', query.realname?.trim()))
        // The picker's sex and birthday filters are plain equality through the user field map.
        .where((eb) => listFilters(eb, USER_FIELDS, { sex: query.sex, birthday: query.birthday }))
        .$if(departIds.length > 0, (qb) => qb.where((eb) => inDepartments(eb, departIds)));
      const result = await fetchPage(ctx.db, q, sortKeys(USER_FIELDS, query, ['createTime', 'desc']), paging(query));
      return ok({ ...result, records: await decorateUsers(ctx, result.records, request) });
    },
  );

  // Members of one department (exactly that one), for the department page and the user picker.
  const DepUsersQuery = Type.Object({ id: IdParam(), realname: Str(64), username: Str(64) });
  const usersOfDepart = async (request: FastifyRequest<{ Querystring: typeof DepUsersQuery.static }>) => {
    const { id, realname, username } = request.query;
    const visible = await visibleUsers(request);
    const rows = await db
      .selectFrom('sysUser')
      .select(USER_COLUMNS)
      .where(visible)
      .where((eb) => inDepartments(eb, [id]))
      .$if(!!realname, (qb) => qb.where((eb) => contains(eb.ref('sysUser.realname'), realname as string)))
      .$if(!!username, (qb) => qb.where((eb) => contains(eb.ref('sysUser.username'), username as string)))
      .orderBy('sysUser.createTime', 'desc')
      .orderBy('sysUser.id')
      .limit(1000)
      .execute();
    return ok(await decorateUsers(ctx, rows, request));
  };
  app.get('/sys/user/queryUserByDepId', { config: { access: 'login' }, schema: { querystring: DepUsersQuery } }, usersOfDepart);
  app.get('/sys/sysDepart/getUsersByDepartId', { config: { access: 'login' }, schema: { querystring: DepUsersQuery } }, usersOfDepart);

  /**
   * The org codes of the departments a superior (userIdentity 2) is in charge of and may see: what the
   * department page lists when no department is chosen. Nobody else is in charge of any.
   */
  const chargedOrgCodes = async (request: FastifyRequest): Promise<string[]> => {
    const me = await db.selectFrom('sysUser').select(['userIdentity', 'departIds']).where('id', '=', request.user().userId).executeTakeFirst();
    const ids = me && Number(me.userIdentity) === 2 ? (me.departIds ?? '').split(',').map((id) => id.trim()).filter(Boolean) : [];
    if (ids.length === 0) return [];
    const visible = await visibleDeparts(request);
    const rows = await db.selectFrom('sysDepart').select('orgCode').where('sysDepart.id', 'in', ids).where(visible).execute();
    return rows.map((r) => r.orgCode);
  };

  /**
   * Members of departments and of their sub-departments (given by org code), paged, each user in the
   * caller's scope too, filtered by `username` / `realname` (contains; the `*` the Vue 3 search adds
   * around a value is dropped).
   */
  const membersOfDepartTrees = (request: FastifyRequest, roots: string[]) =>
    scopedUserPage(ctx, request, roots.length ? (eb) => inDepartTrees(eb, request.user().tenantId, roots) : null);

  /**
   * The JeecgBoot department page's user tab: members of a department and its sub-departments. The
   * department must be one the caller may see ("未找到对应部门" otherwise); `orgCode` carries the users'
   * department names, as the original sends them.
   */
  app.get('/sys/user/departUserList', { config: { access: 'login' }, schema: { querystring: ListQuery } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const [depId] = optionalIdList(typeof query.depId === 'string' ? query.depId.trim() || undefined : undefined, 'depId', 1);
    const roots = depId ? [(await loadDepart(db, request, depId)).orgCode] : await chargedOrgCodes(request);
    const result = await membersOfDepartTrees(request, roots);
    return ok({ ...result, records: result.records.map((r) => ({ ...r, orgCode: r.orgCodeTxt })) });
  });

  // The same for the Vue 3 department page, which names the department by its org code.
  app.get(
    '/sys/user/queryDepartPostByOrgCode',
    { config: { access: 'login' }, schema: { querystring: ListQuery } },
    async (request) => {
      const orgCode = (request.query as Record<string, unknown>).orgCode;
      if (typeof orgCode !== 'string' || !orgCode.trim()) return ok(await membersOfDepartTrees(request, []));
      return ok(await membersOfDepartTrees(request, [(await loadDepartByOrgCode(db, request, orgCode.trim())).orgCode]));
    },
  );

  app.get('/sys/user/queryById', { config: { access: 'login' }, schema: { querystring: Type.Object({ id: IdParam() }) } }, async (request) => {
    const user = await loadUser(db, request, request.query.id);
    const [record] = await decorateUsers(ctx, [user], request);
    return ok(record);
  });

  app.get(
    '/sys/user/queryUserRole',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ userid: IdParam() }) } },
    async (request) => {
      const user = await loadUser(db, request, request.query.userid);
      const rows = await db.selectFrom('sysUserRole').select('roleId').where('userId', '=', user.id).execute();
      return ok(rows.map((r) => r.roleId));
    },
  );

  app.get(
    '/sys/user/userDepartList',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ userId: IdParam() }) } },
    async (request) => {
      const user = await loadUser(db, request, request.query.userId);
      const rows = await db
        .selectFrom('sysUserDepart as ud')
        .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
        .select(['d.id', 'd.departName'])
        .where('ud.userId', '=', user.id)
        .orderBy('d.orgCode')
        .execute();
      return ok(rows.map((d) => ({ key: d.id, value: d.id, title: d.departName })));
    },
  );

  // Only the identifying fields can be probed, only by signed-in users, and only so often (CRED-04).
  app.get(
    '/sys/user/checkOnlyUser',
    {
      config: { access: 'login' },
      schema: { querystring: Type.Object({ username: Str(64), phone: Str(20), email: Str(100), workNo: Str(50), id: Type.Optional(IdParam()) }) },
    },
    async (request) => {
      probes.take(request.user().id);
      const { id, ...probe } = request.query;
      const checks: Array<['username' | 'phone' | 'email' | 'workNo', string]> = [
        ['username', '用户账号已存在'],
        ['phone', '手机号已存在'],
        ['email', '邮箱已存在'],
        ['workNo', '工号已存在'],
      ];
      const asked = checks.filter(([field]) => probe[field]?.trim());
      if (asked.length === 0) throw badRequest('请提供要校验的 username、phone、email 或 workNo');
      for (const [field, message] of asked) {
        let q = db.selectFrom('sysUser').select('id').where(field, '=', (probe[field] as string).trim());
        if (field !== 'username') q = q.where('delFlag', '=', 0);
        if (id) q = q.where('id', '!=', id);
        if (await q.executeTakeFirst()) throw bizError(message);
      }
      return okMessage('该值可用！');
    },
  );

  // A fresh id for the add form (the JeecgBoot department dialog asks for one before it saves).
  app.get('/sys/user/generateUserId', { config: { access: 'user:add' } }, async () => ok(newId()));

  app.post('/sys/user/add', { config: { access: 'user:add' }, preValidation: joinListFields, schema: { body: UserBody } }, async (request) => {
    await createUser(ctx, request, request.body, { userType: null, staffId: null });
    return okMessage('添加成功！');
  });

  const EditBody = Type.Composite([UserBody, Type.Object({ id: IdParam() })], { additionalProperties: false });
  const edit = async (request: FastifyRequest<{ Body: typeof EditBody.static }>) => {
    await updateUser(ctx, request, request.body.id, request.body);
    return okMessage('修改成功!');
  };
  app.put('/sys/user/edit', { config: { access: 'user:edit' }, preValidation: joinListFields, schema: { body: EditBody } }, edit);
  app.post('/sys/user/edit', { config: { access: 'user:edit' }, preValidation: joinListFields, schema: { body: EditBody } }, edit);

  /** Logical delete of users the caller may manage; the accounts' sessions end at once. Nobody deletes themselves. */
  const remove = async (request: FastifyRequest, ids: string[]) => {
    const session = request.user();
    if (ids.includes(session.userId)) throw bizError('不能删除当前登录用户');
    const users = await loadManagedUsers(db, request, ids);
    await db.transaction().execute((trx) =>
      trackSystemWrite(trx, request, 'sys_user', ids, 'delete', () =>
        trx.updateTable('sysUser').set({ delFlag: 1, updateBy: session.username, updateTime: formatDateTime() }).where('id', 'in', ids).execute(),
      ),
    );
    for (const u of users) await ctx.sessions.revokeUser(u.id);
    request.log.info({ by: session.userId, userIds: ids }, 'users deleted; sessions revoked');
  };
  app.delete('/sys/user/delete', { config: { access: 'user:delete' }, schema: { querystring: Type.Object({ id: IdParam() }) } }, async (request) => {
    await remove(request, [request.query.id]);
    return okMessage('删除用户成功');
  });
  app.delete(
    '/sys/user/deleteBatch',
    { config: { access: 'user:batch_delete' }, schema: { querystring: BATCH_IDS_QUERY } },
    async (request) => {
      await remove(request, batchIds(request));
      return okMessage('批量删除用户成功');
    },
  );

  const FrozenBody = Type.Object({
    ids: Type.String({ maxLength: 20000 }),
    status: Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal(1), Type.Literal(2)]),
  });
  const frozen = async (request: FastifyRequest<{ Body: typeof FrozenBody.static }>) => {
    const ids = idList(request.body.ids, 'ids');
    const status = Number(request.body.status) === 2 ? 2 : 1;
    await setAccountStatus(ctx, request, await loadManagedUsers(db, request, ids, 'user.frozen'), status);
    return okMessage('操作成功!');
  };
  app.put('/sys/user/frozenBatch', { config: { access: 'user:frozen' }, schema: { body: FrozenBody } }, frozen);
  app.post('/sys/user/frozenBatch', { config: { access: 'user:frozen' }, schema: { body: FrozenBody } }, frozen);

  await accountRoutes(app);
  await staffRoutes(app, probes);
  await userRecycleRoutes(app);
  await selfRoutes(app);
  await roleUserRoutes(app);
  await departMemberRoutes(app);
}
