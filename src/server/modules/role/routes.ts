import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, okMessage } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import { refusal } from '../../audit/refusal.js';
import { bizError } from '../../http/errors.js';
import { attachDictText } from '../../lib/dict-text.js';
import { grantableRoles } from '../../lib/grantable.js';
import { IdParam, BATCH_IDS_QUERY, batchIds, optionalIdList } from '../../lib/id-list.js';
import { listFilters, paging, sortKeys } from '../../lib/list-query.js';
import { fetchPage, ListQuery } from '../../lib/paged-query.js';
import { grantDiff, logGrants } from '../../lib/permission-grants.js';
import { buildTree, livePermissions, treeModel } from '../permission/tree.js';
import { ADMIN_ROLE_CODE } from '../../auth/administrator.js';
import { ROLE_FIELDS, RoleBody, roleTenants, type RoleBodyT } from './role-fields.js';
import { trackedWrite, trackSystemWrite } from '../history/system-change.js';
import { LINKS, trackLinkWrite } from '../history/link-change.js';

/**
 * Roles (protocol §10 SysRole) and their authorisation. Global roles (tenant 0) and the session
 * tenant's roles are visible to every signed-in user (the role picker); changes need the role codes,
 * and a caller may only touch roles he could grant himself (lib/grantable.ts).
 * Permissions are read per request, so a saved authorisation applies on the users' next call without
 * ending their sessions; removing a role from users (delete) ends theirs, as any role change does.
 */
export async function roleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;
  const tenants = roleTenants;

  const loadRole = async (request: FastifyRequest, id: string) => {
    const role = await db.selectFrom('sysRole').selectAll().where('id', '=', id).where('tenantId', 'in', tenants(request)).executeTakeFirst();
    if (!role) throw bizError('未找到对应数据');
    return role;
  };
  /** A role the caller may change: visible, and grantable by them (AC-03); refusals are security-logged. */
  const loadManageable = async (request: FastifyRequest, id: string) => {
    const role = await loadRole(request, id);
    if (!(await grantableRoles(db, request, [role.id])).has(role.id))
      throw await refusal(request, 'role.permissions', `无权管理角色：${role.roleName}`, role.roleCode);
    return role;
  };
  const codeTaken = async (roleCode: string, exceptId?: string) => {
    let q = db.selectFrom('sysRole').select('id').where('roleCode', '=', roleCode);
    if (exceptId) q = q.where('id', '!=', exceptId);
    return !!(await q.executeTakeFirst());
  };
  const checkWorkClass = async (request: FastifyRequest, workClass: string | null, roleCode: string) => {
    if (workClass === '3' && (await request.scope()).kind !== 'all')
      throw await refusal(request, 'role.permissions', '无权设置不受机构范围限制的角色', roleCode);
  };

  app.get('/sys/role/list', { config: { access: 'login' }, schema: { querystring: ListQuery } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const q = db
      .selectFrom('sysRole')
      .selectAll()
      .where('tenantId', 'in', tenants(request))
      .where((eb) => listFilters(eb, ROLE_FIELDS, query));
    const result = await fetchPage(ctx.db, q, sortKeys(ROLE_FIELDS, query, ['createTime', 'desc']), paging(query));
    return ok({ ...result, records: await attachDictText(db, ctx.defs, result.records, ROLE_FIELDS) });
  });

  const allRoles = async (request: FastifyRequest) =>
    ok(await db.selectFrom('sysRole').selectAll().where('tenantId', 'in', tenants(request)).orderBy('createTime').orderBy('id').execute());
  app.get('/sys/role/queryall', { config: { access: 'login' } }, allRoles);
  // The Vue 3 user form's role choice ("not per tenant" in the original): the same roles, by session tenant.
  app.get('/sys/role/queryallNoByTenant', { config: { access: 'login' } }, allRoles);

  app.get(
    '/sys/role/checkRoleCode',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ roleCode: Type.String({ maxLength: 50 }), id: Type.Optional(IdParam()) }) } },
    async (request) => {
      if (await codeTaken(request.query.roleCode.trim(), request.query.id)) throw bizError('角色编码已存在');
      return okMessage('该值可用！');
    },
  );

  const values = (body: RoleBodyT) => ({
    roleName: body.roleName.trim(),
    roleCode: body.roleCode,
    description: body.description?.trim() || null,
    workClass: body.workClass || null,
  });

  app.post('/sys/role/add', { config: { access: 'role:add' }, schema: { body: RoleBody } }, async (request) => {
    const v = values(request.body);
    const session = request.user();
    await checkWorkClass(request, v.workClass, v.roleCode);
    if (await codeTaken(v.roleCode)) throw bizError('角色编码已存在');
    const id = newId();
    await trackedWrite(db, request, 'sys_role', [id], 'add', (trx) =>
      trx
      .insertInto('sysRole')
      .values({ id, ...v, tenantId: session.tenantId, createBy: session.username, createTime: formatDateTime(), updateBy: null, updateTime: null })
      .execute());
    request.log.info({ by: session.userId, roleId: id, roleCode: v.roleCode }, 'role created');
    return okMessage('添加成功！');
  });

  const EditBody = Type.Composite([RoleBody, Type.Object({ id: IdParam() })], { additionalProperties: false });
  const edit = async (request: FastifyRequest<{ Body: typeof EditBody.static }>) => {
    const role = await loadManageable(request, request.body.id);
    const v = values(request.body);
    await checkWorkClass(request, v.workClass, v.roleCode);
    if (role.roleCode === ADMIN_ROLE_CODE && v.roleCode !== role.roleCode) throw bizError('系统管理员角色的编码不能修改');
    if (await codeTaken(v.roleCode, role.id)) throw bizError('角色编码已存在');
    const session = request.user();
    await trackedWrite(db, request, 'sys_role', [role.id], 'edit', (trx) =>
      trx
      .updateTable('sysRole')
      .set({ ...v, updateBy: session.username, updateTime: formatDateTime() })
      .where('id', '=', role.id)
      .execute());
    request.log.info({ by: session.userId, roleId: role.id, workClass: v.workClass }, 'role edited');
    return okMessage('修改成功!');
  };
  app.put('/sys/role/edit', { config: { access: 'role:edit' }, schema: { body: EditBody } }, edit);
  app.post('/sys/role/edit', { config: { access: 'role:edit' }, schema: { body: EditBody } }, edit);

  const remove = async (request: FastifyRequest, ids: string[]) => {
    const roles = [];
    for (const id of ids) roles.push(await loadManageable(request, id));
    if (roles.some((r) => r.roleCode === ADMIN_ROLE_CODE)) throw bizError('系统管理员角色不能删除');
    const holders = await db.selectFrom('sysUserRole').select('userId').distinct().where('roleId', 'in', ids).execute();
    await db.transaction().execute(async (trx) => {
      await trackLinkWrite(trx, request, [LINKS.userRoles], holders.map((h) => h.userId), () =>
        trx.deleteFrom('sysUserRole').where('roleId', 'in', ids).execute(),
      );
      await trx.deleteFrom('sysRolePermission').where('roleId', 'in', ids).execute();
      await trackSystemWrite(trx, request, 'sys_role', ids, 'delete', () => trx.deleteFrom('sysRole').where('id', 'in', ids).execute());
    });
    for (const h of holders) await ctx.sessions.revokeUser(h.userId);
    request.log.info({ by: request.user().userId, roleIds: ids, users: holders.length }, 'roles deleted; holders signed out');
  };
  app.delete('/sys/role/delete', { config: { access: 'role:delete' }, schema: { querystring: Type.Object({ id: IdParam() }) } }, async (request) => {
    await remove(request, [request.query.id]);
    return okMessage('删除角色成功');
  });
  app.delete(
    '/sys/role/deleteBatch',
    { config: { access: 'role:delete' }, schema: { querystring: BATCH_IDS_QUERY } },
    async (request) => {
      await remove(request, batchIds(request));
      return okMessage('批量删除角色成功');
    },
  );

  // The authorisation tree carries names and icons only (no codes or components), for the role and
  // department authorisation dialogs.
  app.get('/sys/role/queryTreeList', { config: { access: 'login' } }, async () => {
    const rows = await livePermissions(db);
    return ok({ treeList: buildTree(rows, treeModel), ids: rows.map((r) => r.id) });
  });

  app.get(
    '/sys/permission/queryRolePermission',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ roleId: IdParam() }) } },
    async (request) => {
      const role = await loadRole(request, request.query.roleId);
      const rows = await db.selectFrom('sysRolePermission').select('permissionId').where('roleId', '=', role.id).execute();
      return ok(rows.map((r) => r.permissionId));
    },
  );

  app.post(
    '/sys/permission/saveRolePermission',
    {
      config: { access: 'role:authorize' },
      schema: {
        body: Type.Object({
          roleId: IdParam(),
          permissionIds: Type.Optional(Type.String({ maxLength: 200_000 })),
          // Accepted for compatibility; the change is computed against the stored grants.
          lastpermissionIds: Type.Optional(Type.String({ maxLength: 200_000 })),
        }),
      },
    },
    async (request) => {
      const role = await loadManageable(request, request.body.roleId);
      const wanted = optionalIdList(request.body.permissionIds, 'permissionIds', 5000);
      const current = (await db.selectFrom('sysRolePermission').select('permissionId').where('roleId', '=', role.id).execute()).map((r) => r.permissionId);
      const diff = await grantDiff(db, request, wanted, current, role.roleCode);
      const { added, removed } = diff;
      await db.transaction().execute((trx) =>
        trackLinkWrite(trx, request, [LINKS.rolePermissions, LINKS.roleDataRules], [role.id], async () => {
          if (removed.length) await trx.deleteFrom('sysRolePermission').where('roleId', '=', role.id).where('permissionId', 'in', removed).execute();
          if (added.length)
            await trx
              .insertInto('sysRolePermission')
              .values(added.map((permissionId) => ({ id: newId(), roleId: role.id, permissionId, dataRuleIds: null })))
              .execute();
        }),
      );
      await logGrants(db, request, role.roleCode, `角色「${role.roleName}」`, diff);
      request.log.info({ by: request.user().userId, roleId: role.id, added, removed }, 'role permissions saved');
      return okMessage('保存成功！');
    },
  );
}
