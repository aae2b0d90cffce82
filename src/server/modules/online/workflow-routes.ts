import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { ok } from '../../../shared/envelope.js';
import type { EntityTransition } from '../../../shared/schema-types.js';
import { formatDateTime } from '../../../shared/time.js';
import type { AppContext } from '../../context.js';
import type { Access } from '../../http/access.js';
import { badRequest, bizError } from '../../http/errors.js';
import { IdParam } from '../../lib/id-list.js';
import { recordChange } from '../history/change-log.js';
import { entitySnapshot } from '../history/entity-snapshot.js';
import { sendMessage } from '../message/send.js';
import type { EntityModel } from './entity-model.js';
import { dbOf, findRecord, type EntityRow } from './entity-records.js';
import { setValues, stateText } from './workflow.js';

const TransitionBody = Type.Object({
  id: IdParam(),
  comment: Type.Optional(Type.String({ maxLength: 500 })),
});

const blank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * `POST <api>/transition/<entity>/<key>` for each declared transition, gated by its permission: the
 * record in the caller's scope and in a `from` state, required fields filled, a comment when asked;
 * the state is compare-and-set so of two concurrent transitions only one succeeds.
 */
export function transitionRoutes(fastify: FastifyInstance, api: string, model: EntityModel) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const entity = model.entity;
  const wf = entity.workflow;
  if (!wf) return;
  // An automatic transition without a permission is fired by the server only (derived updates).
  for (const t of wf.transitions.filter((x) => x.permission !== undefined))
    app.post(
      `${api}/transition/${entity.code}/${t.key}`,
      { config: { access: t.permission as Access }, schema: { body: TransitionBody } },
      async (request) => {
        const { id } = request.body;
        const comment = request.body.comment?.trim() || null;
        const row = await findRecord(ctx, request, model, id);
        const from = String(row[wf.field] ?? '');
        const text = (v: unknown) => stateText(ctx.defs, entity, v);
        if (!t.from.includes(from)) throw bizError(`该记录当前状态为“${text(from)}”，不能${t.name}`);
        const missing = (t.requires ?? []).filter((name) => blank(row[name]));
        if (missing.length)
          throw bizError(`请先填写：${missing.map((n) => model.byName.get(n)?.title ?? n).join('、')}`);
        if (t.comment === 'required' && !comment) throw badRequest(`请填写${t.name}意见`);
        const session = request.user();
        const db = dbOf(ctx);
        await db.transaction().execute(async (trx) => {
          const before = await entitySnapshot(trx, ctx.defs, model, id);
          const res = await trx
            .updateTable(model.table)
            .set({
              ...setValues(t, session.username),
              [wf.field]: t.to,
              updateBy: session.username,
              updateTime: formatDateTime(),
            })
            .where(sql.ref('id'), '=', id)
            .where(sql.ref(wf.field), '=', from)
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) === 0) {
            const now = (await trx
              .selectFrom(model.table)
              .select(sql.ref(wf.field).as('state'))
              .where(sql.ref('id'), '=', id)
              .executeTakeFirst()) as { state?: unknown } | undefined;
            throw bizError(`该记录已被他人处理，当前状态为“${text(now?.state)}”，请刷新后重试`, 409);
          }
          const after = await entitySnapshot(trx, ctx.defs, model, id);
          await recordChange(trx, request, { table: entity.code, id, action: 'transition', before, after, comment });
        });
        request.log.info({ entity: entity.code, id, transition: t.key, by: session.userId }, 'record transition');
        await notify(ctx, request, model, t, { ...row, [wf.field]: t.to }, comment);
        return ok(id, `${t.name}成功`);
      },
    );
}

/** Sends the transition's message to its declared recipients, with a link that opens the record. */
async function notify(
  ctx: AppContext,
  request: FastifyRequest,
  model: EntityModel,
  t: EntityTransition,
  row: EntityRow,
  comment: string | null,
) {
  const n = t.notify;
  if (!n) return;
  const db = ctx.db.kysely;
  const session = request.user();
  const tenantId = typeof row.tenantId === 'number' ? row.tenantId : session.tenantId;
  const names = [n.creator ? row.createBy : null, n.userField ? row[n.userField] : null].filter(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  const ids = new Set<string>();
  if (names.length)
    for (const u of await db.selectFrom('sysUser').select('id').where('username', 'in', names).where('status', '=', 1).execute())
      ids.add(u.id);
  if (n.roles?.length) {
    const members = await db
      .selectFrom('sysUser')
      .innerJoin('sysUserRole', 'sysUserRole.userId', 'sysUser.id')
      .innerJoin('sysRole', 'sysRole.id', 'sysUserRole.roleId')
      .select(['sysUser.id', 'sysUser.relTenantIds'])
      .where('sysRole.roleCode', 'in', n.roles)
      .where('sysRole.tenantId', 'in', [0, tenantId])
      .where('sysUser.status', '=', 1)
      .execute();
    // A tenant's record is news only to that tenant's members.
    for (const m of members)
      if (!model.entity.scope?.tenant || (m.relTenantIds ?? '').split(',').includes(String(tenantId)))
        ids.add(m.id);
  }
  ids.delete(session.userId);
  const label = String(row[model.entity.fields[0]?.name ?? 'id'] ?? row.id);
  const state = stateText(ctx.defs, model.entity, t.to);
  await sendMessage(ctx, {
    userIds: [...ids],
    title: `${model.entity.name}“${label}”已${t.name}，当前状态：${state}`,
    content: comment ? `${session.username}：${comment}` : `处理人：${session.username}`,
    classify: 'workflow',
    classifyName: '流程通知',
    redirect: { type: 'web', webUrl: `/online/cgformList/${model.entity.code}?id=${String(row.id)}` },
    tenantId,
    createBy: session.username,
  });
}
