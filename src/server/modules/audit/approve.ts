import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors.js';
import type { Derived } from '../online/derived-updates.js';
import { entityModel } from '../online/entity-model.js';
import { assertInScope, dbOf, findRecord, type AnyDb } from '../online/entity-records.js';
import { checkAdd, checkEdit, writeAdd, writeDelete, writeEdit, type WriteOptions } from '../online/entity-writes.js';
import {
  HANDLED,
  loadApplication,
  mergeIdsOf,
  payloadOf,
  recordScopeOf,
  recordTitle,
  settle,
  type Application,
} from './applications.js';
import { repointToSurvivor } from './merge.js';
import { notifyApplicant } from './notify.js';
import { isStale, original } from './view.js';

export const STALE = '申请提交后数据已被修改，申请已失效，请重新提交';

/** Thrown inside the approval's transaction when a record changed meanwhile: rolled back, then marked stale. */
class StaleApplication extends Error {}

/**
 * Applies a pending application as the ordinary write would, in one transaction whose first statement
 * settles the application (compare-and-set: a concurrent approval loses with 该申请已被他人处理). A record
 * changed since the application makes it stale instead and nothing is written. Returns the record id.
 */
export async function approveApplication(request: FastifyRequest, app: Application, comment: string | null) {
  const { ctx } = request.server;
  const entity = ctx.defs.entities.find((e) => e.code === app.entityCode);
  if (!entity) throw badRequest('该申请的数据表已不存在');
  const model = entityModel(entity);
  const session = request.user();
  const title = recordTitle(entity, app.kind === 'add' ? payloadOf(app) : original(app));
  // Another auditor may settle it meanwhile (and delete its record): then that is the answer.
  const markStale = async () => {
    if (!(await settle(dbOf(ctx), app.id, 'stale'))) return badRequest(HANDLED);
    await notifyApplicant(request, entity, app, 'stale', title, null);
    return badRequest(STALE);
  };
  const settledMeanwhile = async (err: unknown) =>
    (await loadApplication(dbOf(ctx), app.id))?.status !== 'pending' ? badRequest(HANDLED) : err;
  if (await isStale(request, app)) throw await markStale();

  const applicantName =
    (await ctx.db.kysely.selectFrom('sysUser').select('realname').where('id', '=', app.applicantId).executeTakeFirst())
      ?.realname ?? app.applicant;
  const opts: WriteOptions = { applied: true, comment: `审核通过（申请人：${applicantName}）` };
  const first = async (trx: AnyDb) => {
    if (!(await settle(trx, app.id, 'approved', { auditor: session.username, comment }))) throw badRequest(HANDLED);
    if (await isStale(request, app, trx)) throw new StaleApplication();
  };
  const payload = payloadOf(app);
  const ids = mergeIdsOf(app);
  const survivor = String(app.recordId);
  // Validation reads on the main connection, before the transaction (as the direct routes do).
  const prepare = async () => {
    if (app.kind === 'delete' || app.kind === 'merge') await assertInScope(ctx, request, model, app.kind === 'merge' ? ids : [survivor]);
    if (app.kind === 'add') return checkAdd(request, model, payload);
    if (app.kind === 'delete') return null;
    return checkEdit(request, model, await findRecord(ctx, request, model, survivor), { ...payload, id: survivor }, {
      ...opts,
      replaces: ids,
    });
  };
  const prepared = await prepare().catch(async (err: unknown) => {
    throw await settledMeanwhile(err);
  });

  let derived: Derived[];
  let recordId = survivor;
  try {
    derived = await dbOf(ctx)
      .transaction()
      .execute(async (trx) => {
        await first(trx);
        switch (app.kind) {
          case 'add': {
            const as = { ...session, userId: app.applicantId, username: app.applicant };
            const added = await writeAdd(trx, request, model, prepared ?? {}, payload, {
              ...opts,
              as,
              scope: recordScopeOf(entity, app),
            });
            recordId = added.id;
            await trx.updateTable('sysDataApply').set({ resultId: added.id }).where('id', '=', app.id).execute();
            return [added.derived];
          }
          case 'edit':
            return [await writeEdit(trx, request, model, survivor, prepared ?? {}, { ...payload, id: survivor }, opts)];
          case 'delete':
            return [await writeDelete(trx, request, model, [survivor], opts)];
          case 'merge': {
            const others = ids.filter((id) => id !== survivor);
            const moved = await repointToSurvivor(trx, request, model, survivor, others, opts.comment ?? '');
            const removed = await writeDelete(trx, request, model, others, opts);
            const edited = await writeEdit(trx, request, model, survivor, prepared ?? {}, { ...payload, id: survivor }, opts);
            return [...moved, removed, edited];
          }
        }
      });
  } catch (err) {
    if (err instanceof StaleApplication) throw await markStale();
    throw err;
  }
  for (const d of derived) await d.notify();
  request.log.info({ entity: entity.code, application: app.id, kind: app.kind, by: session.userId }, 'data application approved');
  await notifyApplicant(request, entity, app, 'approved', title, comment);
  return recordId;
}
