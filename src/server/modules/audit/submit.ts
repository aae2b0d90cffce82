import type { FastifyRequest } from 'fastify';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import { badRequest } from '../../http/errors.js';
import { fieldChanges } from '../history/change-log.js';
import { entitySnapshots } from '../history/entity-snapshot.js';
import { childrenOf } from '../online/children.js';
import type { EntityModel } from '../online/entity-model.js';
import { assertInScope, dbOf, findRecord, type EntityRow } from '../online/entity-records.js';
import { scopeValues } from '../online/entity-scope.js';
import { checkAdd, checkEdit } from '../online/entity-writes.js';
import { mergeIdsOf, recordTitle, scopeColumnsOf, type Application, type ApplyKind } from './applications.js';
import { notifyAuditors } from './notify.js';

export interface ApplyBody {
  kind: ApplyKind;
  id?: string;
  ids?: string[];
  record?: Record<string, unknown>;
  reason?: string;
}

export const MERGE_MIN = 2;
export const MERGE_MAX = 10;

/** Refuses an application for records that already have a pending one. */
async function assertNonePending(request: FastifyRequest, code: string, ids: string[]) {
  const pending = (await request.server.ctx.db.kysely
    .selectFrom('sysDataApply')
    .selectAll()
    .where('entityCode', '=', code)
    .where('status', '=', 'pending')
    .where('kind', '!=', 'add')
    .execute()) as Application[];
  const busy = new Set(pending.flatMap((a) => [a.recordId ?? '', ...mergeIdsOf(a)]));
  if (ids.some((id) => busy.has(id))) throw badRequest('该记录已有待审核的申请');
}

/**
 * The proposed values an edit (or a merge's survivor) keeps: the checked changes that differ from the
 * stored record, and the child tables sent. Nothing left: 400.
 */
async function proposedChanges(
  request: FastifyRequest,
  model: EntityModel,
  stored: EntityRow,
  record: Record<string, unknown>,
  replaces: string[] = [],
) {
  const changes = await checkEdit(request, model, stored, { ...record, id: stored.id }, { applied: true, replaces });
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(changes))
    if (k in record && Object.keys(fieldChanges({ [k]: stored[k] }, { [k]: v })).length) out[k] = v;
  for (const c of childrenOf(request.server.ctx.defs, model.table))
    if (Array.isArray(record[c.model.table])) out[c.model.table] = record[c.model.table];
  if (!Object.keys(out).length) throw badRequest('没有修改任何内容');
  return out;
}

/**
 * Validates an application as its write would be and stores it pending, with the record's snapshot;
 * the auditors are told. Returns the application's id.
 */
export async function submitApplication(request: FastifyRequest, model: EntityModel, body: ApplyBody): Promise<string> {
  const { ctx } = request.server;
  const entity = model.entity;
  const session = request.user();
  const db = dbOf(ctx);
  const reason = body.reason?.trim() || null;
  const record = body.record ?? {};
  let recordId: string | null = null;
  let ids: string[] = [];
  let payload: Record<string, unknown> = {};
  let scope: EntityRow;
  let title: string;
  switch (body.kind) {
    case 'add': {
      await checkAdd(request, model, record);
      payload = record;
      scope = { tenantId: session.tenantId, ...(await scopeValues(ctx.db.kysely, entity, session)) };
      title = recordTitle(entity, record);
      break;
    }
    case 'edit':
    case 'delete': {
      if (!body.id) throw badRequest('缺少必填请求体：id');
      if (body.kind === 'delete' && !reason) throw badRequest('请填写申请原因');
      const stored = await findRecord(ctx, request, model, body.id);
      if (body.kind === 'edit') payload = await proposedChanges(request, model, stored, record);
      recordId = body.id;
      ids = [body.id];
      scope = stored;
      title = recordTitle(entity, stored);
      break;
    }
    case 'merge': {
      if (!entity.audit?.merge) throw badRequest(`${entity.name}不支持合并数据`);
      ids = [...new Set(body.ids ?? [])];
      if (ids.length < MERGE_MIN || ids.length > MERGE_MAX) throw badRequest(`请选择 ${MERGE_MIN}–${MERGE_MAX} 条要合并的记录`);
      if (!body.id || !ids.includes(body.id)) throw badRequest('请选择保留的记录（须为要合并的记录之一）');
      await assertInScope(ctx, request, model, ids);
      const stored = await findRecord(ctx, request, model, body.id);
      payload = await proposedChanges(request, model, stored, record, ids).catch((err: unknown) => {
        // Keeping the survivor's values as they are is a valid choice.
        if (err instanceof Error && err.message === '没有修改任何内容') return {};
        throw err;
      });
      recordId = body.id;
      scope = stored;
      title = recordTitle(entity, stored);
      break;
    }
  }
  await assertNonePending(request, entity.code, ids);
  const snaps = await entitySnapshots(db, ctx.defs, model, ids);
  const base =
    body.kind === 'merge' ? JSON.stringify(Object.fromEntries(snaps)) : recordId ? JSON.stringify(snaps.get(recordId)) : null;
  const app: Application = {
    id: newId(),
    tenantId: typeof scope.tenantId === 'number' ? scope.tenantId : session.tenantId,
    entityCode: entity.code,
    kind: body.kind,
    recordId,
    mergeIds: body.kind === 'merge' ? JSON.stringify(ids) : null,
    payload: JSON.stringify(payload),
    base,
    reason,
    status: 'pending',
    applicantId: session.userId,
    applicant: session.username,
    createTime: formatDateTime(),
    auditor: null,
    auditTime: null,
    auditComment: null,
    resultId: null,
    ...scopeColumnsOf(scope),
  };
  await ctx.db.kysely.insertInto('sysDataApply').values(app).execute();
  request.log.info({ entity: entity.code, application: app.id, kind: app.kind, by: session.userId }, 'data application submitted');
  await notifyAuditors(request, entity, app, title);
  return app.id;
}
