import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, okMessage } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { IdParam, optionalIdList } from '../../lib/id-list.js';
import { grantDiff, logGrants } from '../../lib/permission-grants.js';
import { buildTree, livePermissions, treeModel } from '../permission/tree.js';
import { LINKS, trackLinkWrite } from '../history/link-change.js';
import { loadDepart, loadDepartRole } from './depart-access.js';

const SaveBody = (owner: 'departId' | 'roleId') =>
  Type.Object({
    [owner]: IdParam(),
    permissionIds: Type.Optional(Type.String({ maxLength: 200_000 })),
    // Accepted for compatibility; changes are computed against the stored grants.
    lastpermissionIds: Type.Optional(Type.String({ maxLength: 200_000 })),
  });

/**
 * Department authorisation: what a department may hand out (sys_depart_permission) and what each of
 * its department roles holds (sys_depart_role_permission, always within the department's set).
 * Taking a permission from a department takes it from the department's roles too.
 */
export async function departPermissionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.ctx.db.kysely;

  const departPermissionIds = async (departId: string) =>
    (await db.selectFrom('sysDepartPermission').select('permissionId').where('departId', '=', departId).execute()).map((r) => r.permissionId);
  const rolePermissionIds = async (roleId: string) =>
    (await db.selectFrom('sysDepartRolePermission').select('permissionId').where('roleId', '=', roleId).execute()).map((r) => r.permissionId);

  app.get(
    '/sys/permission/queryDepartPermission',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ departId: IdParam() }) } },
    async (request) => ok(await departPermissionIds((await loadDepart(db, request, request.query.departId)).id)),
  );

  app.post(
    '/sys/permission/saveDepartPermission',
    { config: { access: 'depart:authorize' }, schema: { body: SaveBody('departId') } },
    async (request) => {
      const body = request.body as { departId: string; permissionIds?: string };
      const depart = await loadDepart(db, request, body.departId);
      const wanted = optionalIdList(body.permissionIds, 'permissionIds', 5000);
      const diff = await grantDiff(db, request, wanted, await departPermissionIds(depart.id), depart.orgCode);
      const { added, removed } = diff;
      await db.transaction().execute(async (trx) => {
        if (removed.length) {
          // Its roles lose what the department lost: recorded on each role.
          const roles = (await trx.selectFrom('sysDepartRole').select('id').where('departId', '=', depart.id).execute()).map((r) => r.id);
          await trackLinkWrite(trx, request, [LINKS.departRolePermissions], roles, () =>
            trx.deleteFrom('sysDepartRolePermission').where('departId', '=', depart.id).where('permissionId', 'in', removed).execute(),
          );
        }
        await trackLinkWrite(trx, request, [LINKS.departPermissions], [depart.id], async () => {
          if (removed.length) await trx.deleteFrom('sysDepartPermission').where('departId', '=', depart.id).where('permissionId', 'in', removed).execute();
          if (added.length)
            await trx
              .insertInto('sysDepartPermission')
              .values(added.map((permissionId) => ({ id: newId(), departId: depart.id, permissionId, dataRuleIds: null })))
              .execute();
        });
      });
      await logGrants(db, request, depart.orgCode, `部门「${depart.departName}」`, diff);
      request.log.info({ by: request.user().userId, departId: depart.id, added, removed }, 'department permissions saved');
      return okMessage('保存成功！');
    },
  );

  // The department's own permissions as an authorisation tree for its roles.
  app.get(
    '/sys/sysDepartPermission/queryTreeListForDeptRole',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ departId: IdParam() }) } },
    async (request) => {
      const depart = await loadDepart(db, request, request.query.departId);
      const granted = new Set(await departPermissionIds(depart.id));
      const rows = (await livePermissions(db)).filter((r) => granted.has(r.id));
      return ok({ treeList: buildTree(rows, treeModel), ids: rows.map((r) => r.id) });
    },
  );

  app.get(
    '/sys/sysDepartPermission/queryDeptRolePermission',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ roleId: IdParam() }) } },
    async (request) => ok(await rolePermissionIds((await loadDepartRole(db, request, request.query.roleId)).id)),
  );

  app.post(
    '/sys/sysDepartPermission/saveDeptRolePermission',
    { config: { access: 'depart:authorize' }, schema: { body: SaveBody('roleId') } },
    async (request) => {
      const body = request.body as { roleId: string; permissionIds?: string };
      const role = await loadDepartRole(db, request, body.roleId);
      const wanted = optionalIdList(body.permissionIds, 'permissionIds', 5000);
      const allowed = new Set(await departPermissionIds(role.departId));
      const diff = await grantDiff(db, request, wanted, await rolePermissionIds(role.id), role.roleCode, allowed);
      const { added, removed } = diff;
      await db.transaction().execute((trx) =>
        trackLinkWrite(trx, request, [LINKS.departRolePermissions], [role.id], async () => {
          if (removed.length) await trx.deleteFrom('sysDepartRolePermission').where('roleId', '=', role.id).where('permissionId', 'in', removed).execute();
          if (added.length)
            await trx
              .insertInto('sysDepartRolePermission')
              .values(added.map((permissionId) => ({ id: newId(), departId: role.departId, roleId: role.id, permissionId, dataRuleIds: null })))
              .execute();
        }),
      );
      await logGrants(db, request, role.roleCode, `部门角色「${role.roleName}」`, diff);
      request.log.info({ by: request.user().userId, departRoleId: role.id, added, removed }, 'department role permissions saved');
      return okMessage('保存成功！');
    },
  );
}
