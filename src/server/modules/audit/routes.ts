import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../../shared/envelope.js';
import type { Access } from '../../http/access.js';
import { badRequest, notFound } from '../../http/errors.js';
import { IdParam } from '../../lib/id-list.js';
import { fetchPage } from '../../lib/paged-query.js';
import { entityModel } from '../online/entity-model.js';
import { dbOf, type EntityRow } from '../online/entity-records.js';
import { ONLINE_API, RecordBody } from '../online/routes.js';
import { loadApplication, payloadOf, recordTitle, settle, HANDLED, KIND_TEXT, STATUS_TEXT, type Application } from './applications.js';
import { approveApplication } from './approve.js';
import { applyCode, auditablePredicate, auditedEntities, mayAudit } from './audit-scope.js';
import { duplicateGroups } from './duplicates.js';
import { notifyApplicant } from './notify.js';
import { MERGE_MAX, submitApplication } from './submit.js';
import { detailOf, isStale, listRows, original } from './view.js';

/**
 * Audited data changes (issue 16 §3–4, entity `audit`): per audited entity the application and
 * duplicates routes under the online API, each with its `<code>:apply` access; and /sys/dataApply, where
 * applicants follow their applications and auditors settle them (access checked per application).
 */

const Id = IdParam();
const ApplyBodySchema = Type.Object({
  kind: Type.Union([Type.Literal('add'), Type.Literal('edit'), Type.Literal('delete'), Type.Literal('merge')]),
  id: Type.Optional(Id),
  ids: Type.Optional(Type.Array(Id, { maxItems: MERGE_MAX })),
  record: Type.Optional(RecordBody),
  reason: Type.Optional(Type.String({ maxLength: 500 })),
});
const Paging = {
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
};
const ListQuery = Type.Object({
  box: Type.Union([Type.Literal('mine'), Type.Literal('audit')]),
  // `all`: every status (the audit box otherwise shows what is pending).
  status: Type.Optional(Type.Union([...Object.keys(STATUS_TEXT), 'all'].map((s) => Type.Literal(s)))),
  // One record's applications (it was the target, the survivor of a merge, or the added record).
  recordId: Type.Optional(Id),
  entity: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' })),
  kind: Type.Optional(Type.Union(Object.keys(KIND_TEXT).map((s) => Type.Literal(s)))),
  ...Paging,
});
const Params = Type.Object({ id: Id });
const Comment = Type.Optional(Type.String({ maxLength: 500 }));

/** The application if the caller may see it (its applicant, or an auditor who may audit it), else 404. */
async function visible(request: FastifyRequest, id: string): Promise<{ app: Application; auditor: boolean }> {
  const app = await loadApplication(dbOf(request.server.ctx), id);
  if (!app) throw notFound('未找到对应的申请');
  const auditor = await mayAudit(request, app);
  if (!auditor && app.applicantId !== request.user().userId) throw notFound('未找到对应的申请');
  return { app, auditor };
}

const entityOf = (request: FastifyRequest, app: Application) => {
  const entity = request.server.ctx.defs.entities.find((e) => e.code === app.entityCode);
  if (!entity) throw badRequest('该申请的数据表已不存在');
  return entity;
};

/** An auditor's action on a pending application he did not submit. */
async function auditable(request: FastifyRequest, id: string) {
  const { app, auditor } = await visible(request, id);
  if (app.applicantId === request.user().userId) throw badRequest('不能审核自己提交的申请');
  if (!auditor) throw notFound('未找到对应的申请');
  if (app.status !== 'pending') throw badRequest(HANDLED);
  return app;
}

export async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;

  for (const entity of auditedEntities(ctx.defs)) {
    const model = entityModel(entity);
    const access = applyCode(entity) as Access;
    app.post(
      `${ONLINE_API}/apply/${entity.code}`,
      { config: { access }, schema: { body: ApplyBodySchema } },
      async (request) => ok(await submitApplication(request, model, request.body), '申请已提交，等待审核'),
    );
    if (entity.audit?.merge)
      app.get(
        `${ONLINE_API}/duplicates/${entity.code}`,
        { config: { access }, schema: { querystring: Type.Object(Paging) } },
        async (request) =>
          ok(await duplicateGroups(request, model, request.query.pageNo ?? 1, request.query.pageSize ?? 10)),
      );
  }

  app.get('/sys/dataApply/list', { config: { access: 'login' }, schema: { querystring: ListQuery } }, async (request) => {
    const q = request.query;
    const mine = q.box === 'mine';
    let query = dbOf(ctx).selectFrom('sysDataApply').selectAll();
    query = mine
      ? query.where('applicantId', '=', request.user().userId)
      : query.where(await auditablePredicate(request));
    const status: string | undefined = q.status ?? (mine ? undefined : 'pending');
    if (status && status !== 'all') query = query.where('status', '=', status);
    const recordId = q.recordId;
    if (recordId) query = query.where((eb) => eb.or([eb('recordId', '=', recordId), eb('resultId', '=', recordId)]));
    if (q.entity) query = query.where('entityCode', '=', q.entity);
    if (q.kind) query = query.where('kind', '=', q.kind);
    const result = await fetchPage<EntityRow>(ctx.db, query, [['createTime', 'desc']], {
      pageNo: q.pageNo ?? 1,
      pageSize: q.pageSize ?? 10,
    });
    return ok({ ...result, records: await listRows(request, result.records as Application[]) });
  });

  app.get('/sys/dataApply/:id', { config: { access: 'login' }, schema: { params: Params } }, async (request) => {
    const { app: found, auditor } = await visible(request, request.params.id);
    const pending = found.status === 'pending';
    const detail = await detailOf(request, found, pending && (await isStale(request, found)));
    const self = found.applicantId === request.user().userId;
    return ok({ ...detail, canAudit: pending && auditor && !self, canWithdraw: pending && self });
  });

  app.post(
    '/sys/dataApply/:id/approve',
    { config: { access: 'login' }, schema: { params: Params, body: Type.Optional(Type.Object({ comment: Comment })) } },
    async (request) => {
      const found = await auditable(request, request.params.id);
      const comment = request.body?.comment?.trim() || null;
      return ok(await approveApplication(request, found, comment), '审核通过，已生效');
    },
  );

  app.post(
    '/sys/dataApply/:id/reject',
    { config: { access: 'login' }, schema: { params: Params, body: Type.Object({ comment: Comment }) } },
    async (request) => {
      const comment = request.body.comment?.trim();
      if (!comment) throw badRequest('请填写审核意见');
      const found = await auditable(request, request.params.id);
      if (!(await settle(dbOf(ctx), found.id, 'rejected', { auditor: request.user().username, comment })))
        throw badRequest(HANDLED);
      const entity = entityOf(request, found);
      const title = recordTitle(entity, found.kind === 'add' ? payloadOf(found) : original(found));
      await notifyApplicant(request, entity, found, 'rejected', title, comment);
      return ok(found.id, '已驳回');
    },
  );

  app.post('/sys/dataApply/:id/withdraw', { config: { access: 'login' }, schema: { params: Params } }, async (request) => {
    const found = await loadApplication(dbOf(ctx), request.params.id);
    if (!found || found.applicantId !== request.user().userId) throw notFound('未找到对应的申请');
    if (found.status !== 'pending' || !(await settle(dbOf(ctx), found.id, 'withdrawn'))) throw badRequest('只能撤回待审核的申请');
    return ok(found.id, '申请已撤回');
  });
}
