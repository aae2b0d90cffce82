import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import { ok, okMessage } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import { bizError, notFound } from '../../http/errors.js';
import { BATCH_IDS_QUERY, batchIds, idList } from '../../lib/id-list.js';
import { dataRuleRoutes } from './data-rule-routes.js';
import { PermissionBody, PermissionEditBody, permissionValues } from './fields.js';
import { deletePermissions, refreshLeaf, permissionSubtree } from './hierarchy.js';
import { buildTree, livePermissions, parentIds, permissionNode, treeModel } from './tree.js';
import { LINKS, trackLinkWrite } from '../history/link-change.js';
import { trackSystemWrite } from '../history/system-change.js';

/**
 * Menu and permission administration (protocol §10 SysPermission). The administration tree shows
 * hidden menus, components and every permission code, so its reads need `permission:list`.
 */
export async function permissionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.ctx.db.kysely;
  const read = { access: 'permission:list' } as const;

  app.get(
    '/sys/permission/list',
    { config: read, schema: { querystring: Type.Object({ name: Type.Optional(Type.String({ maxLength: 100 })) }) } },
    async (request) => {
      const rows = await livePermissions(db);
      const name = request.query.name?.trim();
      if (name) {
        // A search answers the matching rows as a flat list, each still telling whether it has children.
        const parents = new Set(rows.map((r) => r.parentId));
        return ok(rows.filter((r) => r.name.includes(name)).map((r) => permissionNode(r, parents.has(r.id))));
      }
      return ok(buildTree(rows, permissionNode));
    },
  );

  app.get('/sys/permission/getSystemMenuList', { config: read }, async () => {
    const rows = await db
      .selectFrom('sysPermission')
      .selectAll()
      .where('menuType', '=', 0)
      .where('delFlag', '=', 0)
      .orderBy('sortNo')
      .orderBy('id')
      .execute();
    const parents = await parentIds(db);
    return ok(rows.map((r) => permissionNode(r, parents.has(r.id))));
  });

  const childrenOf = async (ids: string[]) => {
    const rows = await db
      .selectFrom('sysPermission')
      .selectAll()
      .where('parentId', 'in', ids)
      .where('delFlag', '=', 0)
      .orderBy('sortNo')
      .orderBy('id')
      .execute();
    const parents = await parentIds(db);
    return rows.map((r) => permissionNode(r, parents.has(r.id)));
  };

  app.get(
    '/sys/permission/getSystemSubmenu',
    { config: read, schema: { querystring: Type.Object({ parentId: Type.String({ minLength: 1, maxLength: 64 }) }) } },
    async (request) => ok(await childrenOf([request.query.parentId])),
  );

  app.get(
    '/sys/permission/getSystemSubmenuBatch',
    { config: read, schema: { querystring: Type.Object({ parentIds: Type.String({ maxLength: 40000 }) }) } },
    async (request) => {
      const ids = idList(request.query.parentIds, 'parentIds');
      const children = await childrenOf(ids);
      const map: Record<string, typeof children> = {};
      for (const id of ids) map[id] = children.filter((c) => c.parentId === id);
      return ok(map);
    },
  );

  app.get('/sys/permission/queryTreeList', { config: read }, async () => {
    const rows = await livePermissions(db);
    return ok({ treeList: buildTree(rows, treeModel), ids: rows.map((r) => r.id) });
  });

  /** The parent must be a live row other than the node itself or one of its descendants. */
  const checkParent = async (parentId: string, menuType: number, selfId?: string) => {
    if (menuType === 0) return;
    if (!parentId) throw bizError('请选择上级菜单');
    const parent = await db.selectFrom('sysPermission').select('id').where('id', '=', parentId).where('delFlag', '=', 0).executeTakeFirst();
    if (!parent) throw bizError('上级菜单不存在');
    if (selfId && (await permissionSubtree(db, [selfId])).includes(parentId)) throw bizError('上级菜单不能是自己或自己的下级');
  };

  app.post('/sys/permission/add', { config: { access: 'permission:add' }, schema: { body: PermissionBody } }, async (request) => {
    const v = permissionValues(request.body);
    await checkParent(v.parentId, v.menuType);
    const id = newId();
    await db.transaction().execute(async (trx) => {
      await trackSystemWrite(trx, request, 'sys_permission', [id], 'add', () =>
        trx
        .insertInto('sysPermission')
        .values({ id, ...v, isLeaf: 1, delFlag: 0, ruleFlag: 0, createBy: request.user().username, createTime: formatDateTime(), updateBy: null, updateTime: null })
        .execute());
      await refreshLeaf(trx, v.parentId);
    });
    request.log.info({ permissionId: id, parentId: v.parentId, perms: v.perms }, 'permission added');
    return okMessage('添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/permission/edit',
    config: { access: 'permission:edit' },
    schema: { body: PermissionEditBody },
    handler: async (request) => {
      const body = request.body as Static<typeof PermissionEditBody>;
      const row = await db.selectFrom('sysPermission').selectAll().where('id', '=', body.id).where('delFlag', '=', 0).executeTakeFirst();
      if (!row) throw notFound('未找到对应实体');
      const v = permissionValues(body);
      await checkParent(v.parentId, v.menuType, row.id);
      await db.transaction().execute(async (trx) => {
        await trackSystemWrite(trx, request, 'sys_permission', [row.id], 'edit', () =>
          trx
          .updateTable('sysPermission')
          .set({ ...v, updateBy: request.user().username, updateTime: formatDateTime() })
          .where('id', '=', row.id)
          .execute());
        if (row.parentId !== v.parentId) {
          await refreshLeaf(trx, row.parentId);
          await refreshLeaf(trx, v.parentId);
        }
      });
      request.log.info({ permissionId: row.id, perms: v.perms }, 'permission edited');
      return okMessage('编辑成功!');
    },
  });

  const remove = async (request: FastifyRequest, ids: string[], username: string) => {
    const rows = await db.selectFrom('sysPermission').select(['id', 'parentId']).where('id', 'in', ids).where('delFlag', '=', 0).execute();
    if (rows.length === 0) return [];
    const now = formatDateTime();
    const all = await db.transaction().execute(async (trx) => {
      const every = await permissionSubtree(trx, rows.map((r) => r.id));
      // The grants the delete takes away are recorded on the roles, departments and department roles that held them.
      const roles = (await trx.selectFrom('sysRolePermission').select('roleId').distinct().where('permissionId', 'in', every).execute()).map((r) => r.roleId);
      const departs = (await trx.selectFrom('sysDepartPermission').select('departId').distinct().where('permissionId', 'in', every).execute()).map((r) => r.departId);
      const departRoles = (await trx.selectFrom('sysDepartRolePermission').select('roleId').distinct().where('permissionId', 'in', every).execute()).map((r) => r.roleId);
      await trackLinkWrite(trx, request, [LINKS.rolePermissions, LINKS.roleDataRules], roles, () =>
        trackLinkWrite(trx, request, [LINKS.departPermissions], departs, () =>
          trackLinkWrite(trx, request, [LINKS.departRolePermissions], departRoles, () =>
            trackSystemWrite(trx, request, 'sys_permission', every, 'delete', () => deletePermissions(trx, every, username, now)),
          ),
        ),
      );
      for (const parent of new Set(rows.map((r) => r.parentId))) await refreshLeaf(trx, parent);
      return every;
    });
    return all;
  };

  app.delete(
    '/sys/permission/delete',
    { config: { access: 'permission:delete' }, schema: { querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }) } },
    async (request) => {
      const removed = await remove(request, [request.query.id], request.user().username);
      if (removed.length === 0) throw notFound('未找到对应实体');
      request.log.info({ permissionIds: removed }, 'permissions deleted');
      return okMessage('删除成功!');
    },
  );

  app.delete(
    '/sys/permission/deleteBatch',
    { config: { access: 'permission:delete' }, schema: { querystring: BATCH_IDS_QUERY } },
    async (request) => {
      const removed = await remove(request, batchIds(request), request.user().username);
      request.log.info({ permissionIds: removed }, 'permissions deleted');
      return okMessage('批量删除成功!');
    },
  );

  await app.register(dataRuleRoutes);
}
