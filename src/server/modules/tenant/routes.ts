import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, okMessage } from '../../../shared/envelope.js';
import { formatDateTime } from '../../../shared/time.js';
import { retryOnUniqueViolation } from '../../http/db-errors.js';
import { badRequest, bizError } from '../../http/errors.js';
import { attachDictText } from '../../lib/dict-text.js';
import { BATCH_IDS_QUERY, batchIds, MAX_BATCH_IDS } from '../../lib/id-list.js';
import { listFilters, paging, sortKeys, type FieldMap } from '../../lib/list-query.js';
import { fetchPage, ListQuery } from '../../lib/paged-query.js';
import { trackedWrite } from '../history/system-change.js';

const TENANT_FIELDS: FieldMap = {
  id: { type: 'number' },
  name: { type: 'string' },
  beginDate: { type: 'date' },
  endDate: { type: 'date' },
  status: { type: 'number', dict: 'tenant_status' },
  createBy: { type: 'string' },
  createTime: { type: 'datetime' },
};

const DateText = Type.Optional(Type.Union([Type.String({ pattern: '^(\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2})?)?$' }), Type.Null()]));
/** A tenant form; the id (租户编号) may be chosen on creation and is fixed afterwards. */
const TenantBody = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    beginDate: DateText,
    endDate: DateText,
    status: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(0)])),
  },
  { additionalProperties: false },
);
type TenantBodyT = Static<typeof TenantBody>;

/** Tenant ids from a comma list such as `ids=1,2`, or from the ids of a batch request. */
function tenantIds(raw: string | readonly string[] | undefined): number[] {
  const parts = typeof raw === 'object' ? raw : (raw ?? '').split(',');
  const ids = [...new Set(parts.map((s) => s.trim()).filter(Boolean))].map(Number);
  if (ids.length > MAX_BATCH_IDS || ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)) throw badRequest('参数 ids 格式不正确');
  return ids;
}

/**
 * Tenants (protocol §10 SysTenant). Administration (list and changes) needs the tenant codes; a
 * signed-in user may only read the tenants they belong to (AC-05). Freezing a tenant ends the sessions
 * opened in it; a tenant still holding departments or members cannot be deleted.
 */
export async function tenantRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  const values = (body: TenantBodyT) => {
    const beginDate = body.beginDate ? body.beginDate.slice(0, 10) : null;
    const endDate = body.endDate ? body.endDate.slice(0, 10) : null;
    if (beginDate && endDate && endDate < beginDate) throw bizError('结束日期不能早于开始日期');
    return { name: body.name.trim(), beginDate, endDate, status: body.status ?? 1 };
  };
  const load = async (id: number) => {
    const row = await db.selectFrom('sysTenant').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw bizError('未找到对应数据');
    return row;
  };

  app.get('/sys/tenant/list', { config: { access: 'tenant:list' }, schema: { querystring: ListQuery } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const q = db
      .selectFrom('sysTenant')
      .selectAll()
      .where((eb) => listFilters(eb, TENANT_FIELDS, query));
    const result = await fetchPage(ctx.db, q, sortKeys(TENANT_FIELDS, query, ['createTime', 'desc']), paging(query));
    return ok({ ...result, records: await attachDictText(db, ctx.defs, result.records, TENANT_FIELDS) });
  });

  app.get(
    '/sys/tenant/queryById',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }) } },
    async (request) => {
      if (!request.user().relTenantIds.includes(request.query.id)) throw bizError('未找到对应数据');
      return ok(await load(request.query.id));
    },
  );

  app.get(
    '/sys/tenant/queryList',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ ids: Type.Optional(Type.String({ maxLength: 5000 })) }) } },
    async (request) => {
      const admin = (await request.permissions()).has('tenant:list');
      const mine = request.user().relTenantIds;
      const ids = tenantIds(request.query.ids).filter((id) => admin || mine.includes(id));
      const wanted = request.query.ids ? ids : admin ? null : mine;
      if (wanted && wanted.length === 0) return ok([]);
      const rows = await db
        .selectFrom('sysTenant')
        .selectAll()
        .$if(wanted !== null, (q) => q.where('id', 'in', wanted as number[]))
        .orderBy('id')
        .execute();
      return ok(rows);
    },
  );

  app.get('/sys/tenant/getCurrentUserTenant', { config: { access: 'login' } }, async (request) => {
    const mine = request.user().relTenantIds;
    const list = mine.length ? await db.selectFrom('sysTenant').selectAll().where('id', 'in', mine).where('status', '=', 1).orderBy('id').execute() : [];
    return ok({ list });
  });

  app.post('/sys/tenant/add', { config: { access: 'tenant:add' }, schema: { body: TenantBody } }, async (request) => {
    const v = values(request.body);
    const chosen = request.body.id;
    if (chosen !== undefined && (await db.selectFrom('sysTenant').select('id').where('id', '=', chosen).executeTakeFirst()))
      throw bizError('该租户编号已存在');
    const session = request.user();
    // A generated id is max + 1: a concurrent add may take it first, then the next one is tried.
    const id = await retryOnUniqueViolation(async () => {
      const next = chosen ?? Number((await db.selectFrom('sysTenant').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0) + 1;
      await trackedWrite(db, request, 'sys_tenant', [next], 'add', (trx) =>
        trx
        .insertInto('sysTenant')
        .values({ id: next, ...v, createBy: session.username, createTime: formatDateTime() })
        .execute());
      return next;
    }, chosen === undefined ? undefined : 1);
    request.log.info({ by: session.userId, tenantId: id }, 'tenant created');
    return okMessage('添加成功！');
  });

  const EditBody = Type.Composite([TenantBody, Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) })], {
    additionalProperties: false,
  });
  const edit = async (request: FastifyRequest<{ Body: typeof EditBody.static }>) => {
    const tenant = await load(request.body.id);
    const v = values(request.body);
    const session = request.user();
    if (v.status === 0 && tenant.id === session.tenantId) throw bizError('不能冻结当前登录的租户');
    await trackedWrite(db, request, 'sys_tenant', [tenant.id], 'edit', (trx) => trx.updateTable('sysTenant').set(v).where('id', '=', tenant.id).execute());
    if (v.status === 0 && tenant.status !== 0) {
      await ctx.sessions.revokeTenant(tenant.id);
      request.log.info({ by: session.userId, tenantId: tenant.id }, 'tenant frozen; its sessions revoked');
    } else request.log.info({ by: session.userId, tenantId: tenant.id }, 'tenant edited');
    return okMessage('编辑成功!');
  };
  app.put('/sys/tenant/edit', { config: { access: 'tenant:edit' }, schema: { body: EditBody } }, edit);
  app.post('/sys/tenant/edit', { config: { access: 'tenant:edit' }, schema: { body: EditBody } }, edit);

  const remove = async (request: FastifyRequest, ids: number[]) => {
    if (ids.length === 0) throw badRequest('参数 ids 不能为空');
    if (ids.includes(request.user().tenantId)) throw bizError('不能删除当前登录的租户');
    for (const id of ids) {
      const tenant = await load(id);
      const depart = await db.selectFrom('sysDepart').select('id').where('tenantId', '=', id).executeTakeFirst();
      const member = await db
        .selectFrom('sysUser')
        .select('id')
        .where('delFlag', '=', 0)
        .where('id', 'in', (eb) => eb.selectFrom('sysUserTenant').select('userId').where('tenantId', '=', id))
        .executeTakeFirst();
      if (depart || member) throw bizError(`租户「${tenant.name}」下还有部门或用户，无法删除`);
    }
    await trackedWrite(db, request, 'sys_tenant', ids, 'delete', (trx) => trx.deleteFrom('sysTenant').where('id', 'in', ids).execute());
    request.log.info({ by: request.user().userId, tenantIds: ids }, 'tenants deleted');
  };
  app.delete(
    '/sys/tenant/delete',
    { config: { access: 'tenant:delete' }, schema: { querystring: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }) } },
    async (request) => {
      await remove(request, [request.query.id]);
      return okMessage('删除成功!');
    },
  );
  app.delete(
    '/sys/tenant/deleteBatch',
    { config: { access: 'tenant:delete' }, schema: { querystring: BATCH_IDS_QUERY } },
    async (request) => {
      await remove(request, tenantIds(batchIds(request)));
      return okMessage('批量删除成功!');
    },
  );
}
