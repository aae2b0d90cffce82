import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, okMessage } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import { refusal } from '../../audit/refusal.js';
import { securityLog } from '../../audit/security-log.js';
import { bizError } from '../../http/errors.js';
import { grantableDepartRoles } from '../../lib/grantable.js';
import { IdParam, BATCH_IDS_QUERY, batchIds, optionalIdList } from '../../lib/id-list.js';
import { listFilters, paging, sortKeys } from '../../lib/list-query.js';
import { fetchPage, ListQuery } from '../../lib/paged-query.js';
import { loadManagedUser } from '../user/user-access.js';
import { loadDepart, loadDepartRole } from './depart-access.js';
import { deleteDepartRoles } from './depart-role-delete.js';
import { LINKS, trackLinkWrite } from '../history/link-change.js';
import { trackedWrite } from '../history/system-change.js';
import { DEPART_ROLE_FIELDS, DepartRoleBody } from './depart-fields.js';

/**
 * Department roles (sys_depart_role): roles that live inside one department and give its members a
 * subset of the department's permissions. Managing them is department authorisation (depart:authorize).
 */
export async function departRoleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  const codeTaken = async (departId: string, roleCode: string, exceptId?: string) => {
    let q = db.selectFrom('sysDepartRole').select('id').where('departId', '=', departId).where('roleCode', '=', roleCode);
    if (exceptId) q = q.where('id', '!=', exceptId);
    return !!(await q.executeTakeFirst());
  };

  app.get('/sys/sysDepartRole/list', { config: { access: 'login' }, schema: { querystring: ListQuery } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const deptId = optionalIdList(typeof query.deptId === 'string' ? query.deptId : undefined, 'deptId', 1);
    if (deptId.length === 0) throw bizError('请先选择部门');
    const depart = await loadDepart(db, request, deptId[0]);
    const q = db
      .selectFrom('sysDepartRole')
      .selectAll()
      .where('departId', '=', depart.id)
      .where((eb) => listFilters(eb, DEPART_ROLE_FIELDS, query));
    return ok(await fetchPage(ctx.db, q, sortKeys(DEPART_ROLE_FIELDS, query, ['createTime', 'desc']), paging(query)));
  });

  app.get(
    '/sys/sysDepartRole/getDeptRoleList',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ departId: IdParam(), userId: Type.Optional(IdParam()) }) } },
    async (request) => {
      const depart = await loadDepart(db, request, request.query.departId);
      return ok(await db.selectFrom('sysDepartRole').selectAll().where('departId', '=', depart.id).orderBy('createTime').orderBy('id').execute());
    },
  );

  app.get(
    '/sys/sysDepartRole/getDeptRoleByUserId',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ userId: IdParam(), departId: IdParam() }) } },
    async (request) => {
      const depart = await loadDepart(db, request, request.query.departId);
      const rows = await db
        .selectFrom('sysDepartRoleUser as ru')
        .innerJoin('sysDepartRole as r', 'r.id', 'ru.droleId')
        .select(['ru.id', 'ru.userId', 'ru.droleId'])
        .where('ru.userId', '=', request.query.userId)
        .where('r.departId', '=', depart.id)
        .execute();
      return ok(rows);
    },
  );

  app.post('/sys/sysDepartRole/add', { config: { access: 'depart:authorize' }, schema: { body: DepartRoleBody } }, async (request) => {
    const body = request.body;
    if (!body.departId) throw bizError('请先选择部门');
    const depart = await loadDepart(db, request, body.departId);
    if (await codeTaken(depart.id, body.roleCode)) throw bizError('该部门下已存在此角色编码');
    const session = request.user();
    const id = newId();
    await trackedWrite(db, request, 'sys_depart_role', [id], 'add', (trx) => trx
      .insertInto('sysDepartRole')
      .values({
        id,
        departId: depart.id,
        roleName: body.roleName.trim(),
        roleCode: body.roleCode,
        description: body.description?.trim() || null,
        createBy: session.username,
        createTime: formatDateTime(),
        updateBy: null,
        updateTime: null,
      })
      .execute());
    request.log.info({ by: session.userId, departRoleId: id, departId: depart.id }, 'department role created');
    return okMessage('添加成功！');
  });

  const EditBody = Type.Composite([DepartRoleBody, Type.Object({ id: IdParam() })], { additionalProperties: false });
  const edit = async (request: FastifyRequest<{ Body: typeof EditBody.static }>) => {
    const role = await loadDepartRole(db, request, request.body.id);
    if (await codeTaken(role.departId, request.body.roleCode, role.id)) throw bizError('该部门下已存在此角色编码');
    const session = request.user();
    await trackedWrite(db, request, 'sys_depart_role', [role.id], 'edit', (trx) => trx
      .updateTable('sysDepartRole')
      .set({
        roleName: request.body.roleName.trim(),
        roleCode: request.body.roleCode,
        description: request.body.description?.trim() || null,
        updateBy: session.username,
        updateTime: formatDateTime(),
      })
      .where('id', '=', role.id)
      .execute());
    return okMessage('编辑成功!');
  };
  app.put('/sys/sysDepartRole/edit', { config: { access: 'depart:authorize' }, schema: { body: EditBody } }, edit);
  app.post('/sys/sysDepartRole/edit', { config: { access: 'depart:authorize' }, schema: { body: EditBody } }, edit);

  const remove = async (request: FastifyRequest, ids: string[]) => {
    for (const id of ids) await loadDepartRole(db, request, id);
    const holders = await db.selectFrom('sysDepartRoleUser').select('userId').distinct().where('droleId', 'in', ids).execute();
    await db.transaction().execute((trx) => deleteDepartRoles(trx, request, ids));
    // Like any change of a user's roles, taking them away ends the holders' sessions.
    for (const h of holders) await ctx.sessions.revokeUser(h.userId);
    request.log.info({ by: request.user().userId, departRoleIds: ids, users: holders.length }, 'department roles deleted; holders signed out');
  };
  app.delete('/sys/sysDepartRole/delete', { config: { access: 'depart:authorize' }, schema: { querystring: Type.Object({ id: IdParam() }) } }, async (request) => {
    await remove(request, [request.query.id]);
    return okMessage('删除成功!');
  });
  app.delete(
    '/sys/sysDepartRole/deleteBatch',
    { config: { access: 'depart:authorize' }, schema: { querystring: BATCH_IDS_QUERY } },
    async (request) => {
      await remove(request, batchIds(request));
      return okMessage('批量删除成功!');
    },
  );

  /**
   * Gives a member of the roles' department the roles in `newRoleId` and takes away those in
   * `oldRoleId` that are not in it (comma lists, protocol of the original).
   */
  app.post(
    '/sys/sysDepartRole/deptRoleUserAdd',
    {
      config: { access: 'depart:authorize' },
      schema: {
        body: Type.Object({
          userId: IdParam(),
          newRoleId: Type.Optional(Type.String({ maxLength: 20000 })),
          oldRoleId: Type.Optional(Type.String({ maxLength: 20000 })),
        }),
      },
    },
    async (request) => {
      const session = request.user();
      const user = await loadManagedUser(db, request, request.body.userId, 'user.roles');
      const wanted = optionalIdList(request.body.newRoleId, 'newRoleId');
      const old = optionalIdList(request.body.oldRoleId, 'oldRoleId');
      const roles: Awaited<ReturnType<typeof loadDepartRole>>[] = [];
      for (const id of new Set([...wanted, ...old])) roles.push(await loadDepartRole(db, request, id));
      const memberOf = new Set(
        (await db.selectFrom('sysUserDepart').select('depId').where('userId', '=', user.id).execute()).map((r) => r.depId),
      );
      if (roles.some((r) => wanted.includes(r.id) && !memberOf.has(r.departId))) throw bizError('该用户不属于此部门，不能分配该部门的角色');
      const linked = new Set(
        (await db.selectFrom('sysDepartRoleUser').select('droleId').where('userId', '=', user.id).execute()).map((r) => r.droleId),
      );
      const added = wanted.filter((id) => !linked.has(id));
      const removed = old.filter((id) => !wanted.includes(id) && linked.has(id));
      const changed = [...added, ...removed];
      const grantable = await grantableDepartRoles(db, request, changed);
      const refused = roles.filter((r) => changed.includes(r.id) && !grantable.has(r.id));
      if (refused.length)
        throw await refusal(request, 'user.roles', `无权分配或收回部门角色：${refused.map((r) => r.roleName).join('、')}`, user.username);
      if (changed.length === 0) return okMessage('添加成功！');
      await db.transaction().execute((trx) =>
        trackLinkWrite(trx, request, [LINKS.userDepartRoles], [user.id], async () => {
          if (removed.length) await trx.deleteFrom('sysDepartRoleUser').where('userId', '=', user.id).where('droleId', 'in', removed).execute();
          if (added.length) await trx.insertInto('sysDepartRoleUser').values(added.map((droleId) => ({ id: newId(), userId: user.id, droleId }))).execute();
        }),
      );
      const names = (ids: string[]) => (ids.length ? roles.filter((r) => ids.includes(r.id)).map((r) => r.roleName).join('、') : '无');
      await securityLog(request, {
        event: 'user.roles',
        target: user.username,
        content: `用户 ${user.username} 的部门角色。新增：${names(added)}；收回：${names(removed)}`,
      });
      // Rights changed: his sessions end like on any role change (his own current one is kept, since
      // department roles change only codes, which are read on every request).
      await ctx.sessions.revokeUser(user.id, user.id === session.userId ? session.id : undefined);
      request.log.info({ by: session.userId, userId: user.id, added, removed }, 'department roles of user changed; sessions revoked');
      return okMessage('添加成功！');
    },
  );
}
