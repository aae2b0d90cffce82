import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import { ok, okMessage } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import { badRequest, bizError, notFound } from '../../http/errors.js';
import { contains } from '../../lib/like.js';
import type { Database } from '../../db/tables.js';
import { LINKS, trackLinkWrite } from '../history/link-change.js';
import { trackedWrite, trackSystemWrite } from '../history/system-change.js';

type Trx = Kysely<Database>;

const Id = Type.String({ minLength: 1, maxLength: 64 });

/**
 * Data rules (sys_permission_data_rule) restrict the rows a permission shows: a column, a condition
 * from the `rule_conditions` dictionary and a value. Raw SQL rules are not accepted, and the column is
 * a plain identifier, so whoever applies a rule can bind its value.
 */
export async function dataRuleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.ctx.db.kysely;
  const conditions = app.ctx.defs.dicts.find((d) => d.code === 'rule_conditions')?.items.map((i) => i.value) ?? [];

  const RuleBody = Type.Object({
    permissionId: Id,
    ruleName: Type.String({ minLength: 1, maxLength: 50 }),
    ruleColumn: Type.Optional(Type.Union([Type.String({ maxLength: 64, pattern: '^([A-Za-z_][A-Za-z0-9_]*)?$' }), Type.Null()])),
    ruleConditions: Type.String({ minLength: 1, maxLength: 20 }),
    ruleValue: Type.String({ maxLength: 300 }),
    status: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Null()])),
  });
  const RuleEditBody = Type.Composite([Type.Object({ id: Id }), RuleBody]);
  type RuleInput = Static<typeof RuleBody>;

  const values = (b: RuleInput) => {
    if (!conditions.includes(b.ruleConditions)) throw badRequest('请求体 ruleConditions 的取值不在允许范围内');
    return {
      permissionId: b.permissionId,
      ruleName: b.ruleName.trim(),
      ruleColumn: b.ruleColumn || null,
      ruleConditions: b.ruleConditions,
      ruleValue: b.ruleValue,
      status: b.status ?? '1',
    };
  };
  const livePermission = async (id: string) => {
    const p = await db.selectFrom('sysPermission').select('id').where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();
    if (!p) throw notFound('菜单不存在');
  };
  const refreshRuleFlag = async (trx: Trx, request: FastifyRequest, permissionId: string) => {
    const any = await trx.selectFrom('sysPermissionDataRule').select('id').where('permissionId', '=', permissionId).executeTakeFirst();
    await trackSystemWrite(trx, request, 'sys_permission', [permissionId], 'edit', () =>
      trx.updateTable('sysPermission').set({ ruleFlag: any ? 1 : 0 }).where('id', '=', permissionId).execute(),
    );
  };
  const rulesOf = (permissionId: string) =>
    db.selectFrom('sysPermissionDataRule').selectAll().where('permissionId', '=', permissionId).orderBy('createTime').orderBy('id');

  /** Role grants keep only rule ids that still exist. */
  const dropRuleFromGrants = async (trx: Trx, request: FastifyRequest, permissionId: string, ruleId: string) => {
    const grants = await trx.selectFrom('sysRolePermission').select(['id', 'roleId', 'dataRuleIds']).where('permissionId', '=', permissionId).execute();
    for (const g of grants) {
      const ids = (g.dataRuleIds ?? '').split(',').filter(Boolean);
      if (!ids.includes(ruleId)) continue;
      const rest = ids.filter((x) => x !== ruleId).join(',');
      await trackLinkWrite(trx, request, [LINKS.roleDataRules], [g.roleId], () =>
        trx.updateTable('sysRolePermission').set({ dataRuleIds: rest || null }).where('id', '=', g.id).execute(),
      );
    }
  };

  const read = { access: 'permission:list' } as const;

  app.get(
    '/sys/permission/getPermRuleListByPermId',
    { config: read, schema: { querystring: Type.Object({ permissionId: Id }) } },
    async (request) => ok(await rulesOf(request.query.permissionId).execute()),
  );

  app.get(
    '/sys/permission/queryPermissionRule',
    {
      config: read,
      schema: {
        querystring: Type.Object({
          permissionId: Id,
          ruleName: Type.Optional(Type.String({ maxLength: 50 })),
          ruleColumn: Type.Optional(Type.String({ maxLength: 64 })),
        }),
      },
    },
    async (request) => {
      let q = rulesOf(request.query.permissionId);
      for (const field of ['ruleName', 'ruleColumn'] as const) {
        const v = request.query[field];
        if (v) q = q.where((eb) => contains(eb.ref(field), v));
      }
      return ok(await q.execute());
    },
  );

  app.post(
    '/sys/permission/addPermissionRule',
    { config: { access: 'permission:datarule' }, schema: { body: RuleBody } },
    async (request) => {
      const v = values(request.body);
      await livePermission(v.permissionId);
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await trackSystemWrite(trx, request, 'sys_permission_data_rule', [id], 'add', () =>
          trx
            .insertInto('sysPermissionDataRule')
            .values({ id, ...v, createBy: request.user().username, createTime: formatDateTime(), updateBy: null, updateTime: null })
            .execute(),
        );
        await refreshRuleFlag(trx, request, v.permissionId);
      });
      request.log.info({ ruleId: id, permissionId: v.permissionId }, 'data rule added');
      return okMessage('添加成功！');
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/permission/editPermissionRule',
    config: { access: 'permission:datarule' },
    schema: { body: RuleEditBody },
    handler: async (request) => {
      const b = request.body as Static<typeof RuleEditBody>;
      const row = await db.selectFrom('sysPermissionDataRule').select(['id', 'permissionId']).where('id', '=', b.id).executeTakeFirst();
      if (!row) throw notFound('未找到对应实体');
      // A rule stays with its permission.
      const v = { ...values(b), permissionId: row.permissionId };
      await trackedWrite(db, request, 'sys_permission_data_rule', [row.id], 'edit', (trx) =>
        trx
          .updateTable('sysPermissionDataRule')
          .set({ ...v, updateBy: request.user().username, updateTime: formatDateTime() })
          .where('id', '=', row.id)
          .execute(),
      );
      request.log.info({ ruleId: row.id }, 'data rule edited');
      return okMessage('编辑成功!');
    },
  });

  app.delete(
    '/sys/permission/deletePermissionRule',
    { config: { access: 'permission:datarule' }, schema: { querystring: Type.Object({ id: Id }) } },
    async (request) => {
      const row = await db.selectFrom('sysPermissionDataRule').select(['id', 'permissionId']).where('id', '=', request.query.id).executeTakeFirst();
      if (!row) throw notFound('未找到对应实体');
      await db.transaction().execute(async (trx) => {
        // Off the roles first, while the roles' history can still name the rule.
        await dropRuleFromGrants(trx, request, row.permissionId, row.id);
        await trackSystemWrite(trx, request, 'sys_permission_data_rule', [row.id], 'delete', () =>
          trx.deleteFrom('sysPermissionDataRule').where('id', '=', row.id).execute(),
        );
        await refreshRuleFlag(trx, request, row.permissionId);
      });
      request.log.info({ ruleId: row.id, permissionId: row.permissionId }, 'data rule deleted');
      return okMessage('删除成功!');
    },
  );

  /** A role of the caller's tenant or a shared one; anything else is "not found" (AC-04). */
  const visibleRole = async (request: FastifyRequest, roleId: string) => {
    const role = await db.selectFrom('sysRole').select(['id', 'tenantId']).where('id', '=', roleId).executeTakeFirst();
    const tenantId = request.user().tenantId;
    if (!role || (role.tenantId !== 0 && tenantId && role.tenantId !== tenantId)) throw notFound('角色不存在');
  };

  app.get(
    '/sys/role/datarule/:permissionId/:roleId',
    { config: { access: 'role:authorize' }, schema: { params: Type.Object({ permissionId: Id, roleId: Id }) } },
    async (request) => {
      const { permissionId, roleId } = request.params;
      await visibleRole(request, roleId);
      const datarule = await rulesOf(permissionId).execute();
      if (datarule.length === 0) throw bizError('未找到权限配置信息');
      const grant = await db
        .selectFrom('sysRolePermission')
        .select('dataRuleIds')
        .where('roleId', '=', roleId)
        .where('permissionId', '=', permissionId)
        .executeTakeFirst();
      const checked = (grant?.dataRuleIds ?? '').replace(/,+$/, '');
      return ok(checked ? { datarule, drChecked: checked } : { datarule });
    },
  );

  app.post(
    '/sys/role/datarule',
    {
      config: { access: 'role:authorize' },
      schema: { body: Type.Object({ permissionId: Id, roleId: Id, dataRuleIds: Type.Optional(Type.Union([Type.String({ maxLength: 20000 }), Type.Null()])) }) },
    },
    async (request) => {
      const { permissionId, roleId } = request.body;
      await visibleRole(request, roleId);
      const wanted = [...new Set((request.body.dataRuleIds ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
      const known = new Set((await rulesOf(permissionId).execute()).map((r) => r.id));
      if (wanted.some((id) => !known.has(id))) throw badRequest('数据规则不属于该菜单');
      const grant = await db
        .selectFrom('sysRolePermission')
        .select('id')
        .where('roleId', '=', roleId)
        .where('permissionId', '=', permissionId)
        .executeTakeFirst();
      if (!grant) throw bizError('请先保存角色菜单权限!');
      await db.transaction().execute((trx) =>
        trackLinkWrite(trx, request, [LINKS.roleDataRules], [roleId], () =>
          trx.updateTable('sysRolePermission').set({ dataRuleIds: wanted.join(',') || null }).where('id', '=', grant.id).execute(),
        ),
      );
      request.log.info({ roleId, permissionId, dataRuleIds: wanted }, 'role data rules saved');
      return okMessage('保存成功!');
    },
  );
}
