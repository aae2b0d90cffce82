import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { CleanRecord } from '../../../shared/entity-record.js';
import type { Session } from '../../auth/sessions.js';
import { badRequest } from '../../http/errors.js';
import { keepStoredValues, sensitiveFields } from '../../lib/sensitive.js';
import { recordChange, recordChanges } from '../history/change-log.js';
import { entitySnapshot, entitySnapshots, recordInserted } from '../history/entity-snapshot.js';
import { assertChecks } from './checks.js';
import { assertChildDictValues, saveChildren } from './child-save.js';
import { deleteChildrenOf } from './children.js';
import { settleDoctorField } from './doctor-field.js';
import { computeRecord, formulaValues } from './computed.js';
import { afterWrite, rollupTargets, type Derived } from './derived-updates.js';
import { assertValid, recordFromBody, type EntityModel } from './entity-model.js';
import {
  assertInScope,
  assertUnique,
  dbOf,
  fieldValues,
  findRecord,
  insertRecords,
  updateRecord,
  type AnyDb,
  type EntityRow,
} from './entity-records.js';
import { settleFormDocuments } from './form-documents.js';
import { checkFormCodes } from './form-code-fields.js';
import { assertKnownValues } from './known-values.js';
import { releaseReferences } from './ref-delete.js';
import { assertTreeParent } from './tree-parent.js';
import { assertNoneLocked, assertNotLocked, assertStateUnchanged } from './workflow.js';

/**
 * The one write path of entity records: the direct routes (routes.ts) and approved applications
 * (modules/audit) add, edit and delete through these, so numbering, formulas, checks, known values,
 * unique values, child rows, roll-ups, history and notices are the same whichever way a change comes.
 * Each write is `check…` (before the transaction; validation reads on the main connection) then
 * `write…` (inside a transaction that the caller may share with its own statements).
 */

export interface WriteOptions {
  /** Through an approved application: `audit.always` and workflow `locked` states do not refuse it. */
  applied?: boolean;
  /** Who a new record is attributed to (createBy): an approved add's applicant. */
  as?: Session;
  /** Scope columns a new record takes instead of the session's (an approved add: the applicant's). */
  scope?: EntityRow;
  /** The history entry's comment (an approved application names its applicant). */
  comment?: string;
  /** Records a merge deletes in the same transaction: the survivor may take their unique values. */
  replaces?: string[];
  /** Runs first inside the write's transaction (an application's compare-and-set); a refusal writes nothing. */
  first?: (trx: AnyDb) => Promise<void>;
  /** Added by an entity trigger (triggers.ts): history says so, and its own triggers run one level deeper. */
  trigger?: { depth: number };
}

export const AUDIT_ONLY = '该数据需审核后生效，请提交申请';

/** Refuses a direct write (add, edit, delete, import) of an entity whose changes all need an audit. */
export function assertDirectWrite(model: EntityModel, opts: WriteOptions = {}) {
  if (model.entity.audit?.always && !opts.applied) throw badRequest(AUDIT_ONLY);
}

/** A new record from a form body, validated as an add is (nothing written). */
export async function checkAdd(request: FastifyRequest, model: EntityModel, body: Record<string, unknown>) {
  const { ctx } = request.server;
  const record = computeRecord(model.entity, recordFromBody(model, body, 'add'));
  await settleDoctorField(request, model, record);
  await settleFormDocuments(request, model, record);
  await checkFormCodes(request, model.entity, record);
  assertValid(model, record);
  assertChecks(model.entity, record);
  await assertKnownValues(request, model, record);
  await assertChildDictValues(ctx, request, model, body);
  await assertUnique(dbOf(ctx), model, request.user(), record);
  return record;
}

/**
 * A new record as an add makes it from values, with the add's checks that read nothing (field rules,
 * entity checks): what a trigger adds inside a transaction, where no other connection may be read.
 */
export function cleanAdd(model: EntityModel, values: Record<string, unknown>): CleanRecord {
  const record = computeRecord(model.entity, recordFromBody(model, values, 'add'));
  assertValid(model, record);
  assertChecks(model.entity, record);
  return record;
}

/** Inserts a checked record with its child rows and history, inside `trx`; returns its id. */
export async function writeAdd(
  trx: AnyDb,
  request: FastifyRequest,
  model: EntityModel,
  record: CleanRecord,
  body: Record<string, unknown>,
  opts: WriteOptions = {},
): Promise<{ id: string; derived: Derived }> {
  const { ctx } = request.server;
  const [added] = await insertRecords(trx, ctx, model, opts.as ?? request.user(), [record], Date.now(), opts.scope);
  await saveChildren(trx, ctx, request, model, added, body, 'add');
  await recordInserted(trx, request, model, [added], opts.trigger ? 'trigger' : 'add', opts.comment);
  const run = { before: 'new' as const, depth: opts.trigger?.depth ?? 0 };
  return { id: added, derived: await afterWrite(trx, ctx, request, model.table, [added], undefined, run) };
}

/**
 * A checked write in one transaction — after the caller's own first statement (an application's
 * status, say) — then, once committed, the notices it raised.
 */
async function commitWrite(
  request: FastifyRequest,
  opts: WriteOptions,
  write: (trx: AnyDb) => Promise<Derived>,
): Promise<void> {
  const derived = await dbOf(request.server.ctx)
    .transaction()
    .execute(async (trx) => {
      await opts.first?.(trx);
      return write(trx);
    });
  await derived.notify();
}

export async function addRecord(
  request: FastifyRequest,
  model: EntityModel,
  body: Record<string, unknown>,
  opts: WriteOptions = {},
): Promise<string> {
  assertDirectWrite(model, opts);
  const record = await checkAdd(request, model, body);
  let id = '';
  await commitWrite(request, opts, async (trx) => {
    const added = await writeAdd(trx, request, model, record, body, opts);
    id = added.id;
    return added.derived;
  });
  request.log.info({ entity: model.table, id, by: request.user().userId }, 'online record added');
  return id;
}

/**
 * The changes an edit body makes to a stored record, validated as an edit is (nothing written). A
 * form that loaded masked values sends them back unchanged: those keep the stored values.
 */
export async function checkEdit(
  request: FastifyRequest,
  model: EntityModel,
  stored: EntityRow,
  body: Record<string, unknown>,
  opts: WriteOptions = {},
): Promise<CleanRecord> {
  const { ctx } = request.server;
  const entity = model.entity;
  const id = String(stored.id);
  if (!opts.applied) assertNotLocked(ctx.defs, entity, stored);
  assertStateUnchanged(entity, body, stored);
  const changes = recordFromBody(model, keepStoredValues(sensitiveFields(ctx.defs, model.table), body, stored), 'edit');
  await settleDoctorField(request, model, changes, stored);
  await settleFormDocuments(request, model, changes, stored);
  await checkFormCodes(request, model.entity, changes);
  const merged = computeRecord(entity, { ...fieldValues(model, stored), ...changes });
  Object.assign(changes, formulaValues(entity, merged));
  assertValid(model, merged);
  assertChecks(entity, merged);
  await assertKnownValues(request, model, changes, stored);
  await assertChildDictValues(ctx, request, model, body, id);
  const db = dbOf(ctx);
  if (entity.tree && entity.tree.field in changes) await assertTreeParent(db, entity, id, changes[entity.tree.field]);
  await assertUnique(db, model, request.user(), changes, [id, ...(opts.replaces ?? [])]);
  return changes;
}

/** Applies checked changes (and the body's child rows) to a record inside `trx`, with history. */
export async function writeEdit(
  trx: AnyDb,
  request: FastifyRequest,
  model: EntityModel,
  id: string,
  changes: CleanRecord,
  body: Record<string, unknown>,
  opts: WriteOptions = {},
): Promise<Derived> {
  const { ctx } = request.server;
  const before = await entitySnapshot(trx, ctx.defs, model, id);
  // What the record and its child rows rolled up into before: a moved ref leaves an old target.
  const prior = await rollupTargets(trx, ctx.defs, model.table, [id]);
  await updateRecord(trx, model, request.user(), id, changes);
  await saveChildren(trx, ctx, request, model, id, body, 'edit');
  const after = await entitySnapshot(trx, ctx.defs, model, id);
  await recordChange(trx, request, { table: model.table, id, action: 'edit', before, after, comment: opts.comment });
  return afterWrite(trx, ctx, request, model.table, [id], prior, { before: new Map([[id, before]]), depth: 0 });
}

/** Edits the record `body.id` (in the caller's scope) as the PUT form route does. */
export async function editRecord(
  request: FastifyRequest,
  model: EntityModel,
  body: Record<string, unknown>,
  opts: WriteOptions = {},
): Promise<string> {
  assertDirectWrite(model, opts);
  const id = body.id;
  if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw badRequest('缺少必填请求体：id');
  const stored = await findRecord(request.server.ctx, request, model, id);
  const changes = await checkEdit(request, model, stored, body, opts);
  await commitWrite(request, opts, (trx) => writeEdit(trx, request, model, id, changes, body, opts));
  request.log.info({ entity: model.table, id, by: request.user().userId }, 'online record edited');
  return id;
}

/**
 * Deletes records inside `trx`: references refused or cleared (ref-delete.ts), the whole rows with
 * their children into history first (a restore puts them back), then roll-ups refreshed.
 */
export async function writeDelete(
  trx: AnyDb,
  request: FastifyRequest,
  model: EntityModel,
  ids: string[],
  opts: WriteOptions = {},
): Promise<Derived> {
  const { ctx } = request.server;
  const code = model.table;
  if (!opts.applied) await assertNoneLocked(trx, ctx.defs, model, ids);
  const prior = await rollupTargets(trx, ctx.defs, code, ids);
  await releaseReferences(trx, ctx.defs, model.entity, ids);
  const snaps = await entitySnapshots(trx, ctx.defs, model, ids);
  await recordChanges(
    trx,
    request,
    [...snaps].map(([id, before]) => ({ table: code, id, action: 'delete' as const, before, after: null, comment: opts.comment })),
  );
  await deleteChildrenOf(trx, ctx.defs, model, ids);
  await trx.deleteFrom(code).where(sql.ref('id'), 'in', ids).execute();
  return afterWrite(trx, ctx, request, code, ids, prior);
}

/** Deletes records that must all be in the caller's scope (else nothing is deleted). */
export async function removeRecords(
  request: FastifyRequest,
  model: EntityModel,
  ids: string[],
  opts: WriteOptions = {},
): Promise<void> {
  assertDirectWrite(model, opts);
  await assertInScope(request.server.ctx, request, model, ids);
  await commitWrite(request, opts, (trx) => writeDelete(trx, request, model, ids, opts));
  request.log.info({ entity: model.table, ids, by: request.user().userId }, 'online records deleted');
}
