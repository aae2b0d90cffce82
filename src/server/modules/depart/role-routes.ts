import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, okMessage } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import { bizError } from '../../http/errors.js';
import { ungrantablePermissions } from '../../lib/grantable.js';
import { IdParam, idList, optionalIdList } from '../../lib/id-list.js';
import { listFilters, paging, sortKeys } from '../../lib/list-query.js';
import { userInScope } from '../../lib/org-scope.js';
import { fetchPage, ListQuery } from '../../lib/paged-query.js';
import { loadDepart, loadDepartRole } from './depart-access.js';
import { DEPART_ROLE_FIELDS, DepartRoleBody } from './depart-fields.js';

/**
 * Department roles (sys_depart_role): roles that live inside one department and give its members a
 * subset of the department's permissions. Managing them is department authorisation (depart:authorize).
 */
export async function departRoleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.ctx.db.kysely;

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
    return ok(await fetchPage(q, sortKeys(DEPART_ROLE_FIELDS, query, ['createTime', 'desc']), paging(query)));
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
    await db
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
      .execute();
    request.log.info({ by: session.userId, departRoleId: id, departId: depart.id }, 'department role created');
    return okMessage('添加成功！');
  });

  const EditBody = Type.Composite([DepartRoleBody, Type.Object({ id: IdParam() })], { additionalProperties: false });
  const edit = async (request: FastifyRequest<{ Body: typeof EditBody.static }>) => {
    const role = await loadDepartRole(db, request, request.body.id);
    if (await codeTaken(role.departId, request.body.roleCode, role.id)) throw bizError('该部门下已存在此角色编码');
    const session = request.user();
    await db
      .updateTable('sysDepartRole')
      .set({
        roleName: request.body.roleName.trim(),
        roleCode: request.body.roleCode,
        description: request.body.description?.trim() || null,
        updateBy: session.username,
        updateTime: formatDateTime(),
      })
      .where('id', '=', role.id)
      .execute();
    return okMessage('编辑成功!');
  };
  app.put('/sys/sysDepartRole/edit', { config: { access: 'depart:authorize' }, schema: { body: EditBody } }, edit);
  app.post('/sys/sysDepartRole/edit', { config: { access: 'depart:authorize' }, schema: { body: EditBody } }, edit);

  const remove = async (request: FastifyRequest, ids: string[]) => {
    for (const id of ids) await loadDepartRole(db, request, id);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sysDepartRoleUser').where('droleId', 'in', ids).execute();
      await trx.deleteFrom('sysDepartRolePermission').where('roleId', 'in', ids).execute();
      await trx.deleteFrom('sysDepartRole').where('id', 'in', ids).execute();
    });
    request.log.info({ by: request.user().userId, departRoleIds: ids }, 'department roles deleted');
  };
  app.delete('/sys/sysDepartRole/delete', { config: { access: 'depart:authorize' }, schema: { querystring: Type.Object({ id: IdParam() }) } }, async (request) => {
    await remove(request, [request.query.id]);
    return okMessage('删除成功!');
  });
  app.delete(
    '/sys/sysDepartRole/deleteBatch',
    { config: { access: 'depart:authorize' }, schema: { querystring: Type.Object({ ids: Type.String({ maxLength: 20000 }) }) } },
    async (request) => {
      await remove(request, idList(request.query.ids, 'ids'));
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
      const { userId } = request.body;
      const session = request.user();
      const scope = await request.scope();
      const user = await db
        .selectFrom('sysUser')
        .select('id')
        .where('id', '=', userId)
        .where('delFlag', '=', 0)
        .where((eb) => userInScope(eb, session, scope))
        .executeTakeFirst();
      if (!user) throw bizError('未找到对应数据');
      const wanted = optionalIdList(request.body.newRoleId, 'newRoleId');
      const old = optionalIdList(request.body.oldRoleId, 'oldRoleId');
      const roles = [];
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
      if (changed.length) {
        const perms = await db.selectFrom('sysDepartRolePermission').select('permissionId').where('roleId', 'in', changed).execute();
        const refused = await ungrantablePermissions(db, request, [...new Set(perms.map((p) => p.permissionId))]);
        if (refused.length) throw bizError(`无权授予或收回权限：${refused.join('、')}`);
      }
      await db.transaction().execute(async (trx) => {
        if (removed.length) await trx.deleteFrom('sysDepartRoleUser').where('userId', '=', user.id).where('droleId', 'in', removed).execute();
        if (added.length) await trx.insertInto('sysDepartRoleUser').values(added.map((droleId) => ({ id: newId(), userId: user.id, droleId }))).execute();
      });
      request.log.info({ by: session.userId, userId: user.id, added, removed }, 'department roles of user changed');
      return okMessage('添加成功！');
    },
  );
}
