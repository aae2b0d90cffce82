import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { ok } from '../../../shared/envelope.js';
import type { Access } from '../../http/access.js';
import { badRequest, bizError } from '../../http/errors.js';
import { IdParam } from '../../lib/id-list.js';
import { recordChange } from '../history/change-log.js';
import { entitySnapshot } from '../history/entity-snapshot.js';
import { afterWrite } from './derived-updates.js';
import type { EntityModel } from './entity-model.js';
import { dbOf, findRecord } from './entity-records.js';
import { moveState, stateText } from './workflow.js';
import { notifyTransition } from './workflow-notify.js';

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
        const derived = await db.transaction().execute(async (trx) => {
          const before = await entitySnapshot(trx, ctx.defs, model, id);
          if (!(await moveState(trx, model, t, id, from, session.username, comment))) {
            const now = (await trx
              .selectFrom(model.table)
              .select(sql.ref(wf.field).as('state'))
              .where(sql.ref('id'), '=', id)
              .executeTakeFirst()) as { state?: unknown } | undefined;
            throw bizError(`该记录已被他人处理，当前状态为“${text(now?.state)}”，请刷新后重试`, 409);
          }
          const after = await entitySnapshot(trx, ctx.defs, model, id);
          await recordChange(trx, request, { table: entity.code, id, action: 'transition', before, after, comment });
          // The state may feed formulas others roll up (a voided invoice no longer counts), and checks.
          return afterWrite(trx, ctx, request, entity.code, [id], undefined, {
            before: new Map([[id, before]]),
            depth: 0,
          });
        });
        request.log.info({ entity: entity.code, id, transition: t.key, by: session.userId }, 'record transition');
        await notifyTransition(ctx, request, model, t, { ...row, [wf.field]: t.to }, comment);
        await derived.notify();
        return ok(id, `${t.name}成功`);
      },
    );
}
