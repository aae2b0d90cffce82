import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { CleanRecord } from '../../../shared/entity-record.js';
import type { DictItemDef, EntityDefinition, EntityTransition, EntityWorkflow } from '../../../shared/schema-types.js';
import { formatDate, formatDateTime } from '../../../shared/time.js';
import type { Definitions } from '../../definitions/load.js';
import { badRequest, bizError } from '../../http/errors.js';
import type { AnyDb, EntityRow } from './entity-records.js';
import type { EntityModel } from './entity-model.js';
import type { ScopePredicate } from './entity-scope.js';

/**
 * Declared states and transitions of an entity (entity.schema.json EntityWorkflow, issue 16 §1 and §4):
 * the state field is written only by transitions (workflow-routes.ts); this file holds what the other
 * write and read paths need of it.
 */

/**
 * The state field of a written record: on add the declared initial state (else the field's default),
 * on edit a sent value is dropped (assertStateUnchanged refused a different one) — only a transition
 * changes it.
 */
export function settleStateField(entity: EntityDefinition, record: CleanRecord, mode: 'add' | 'edit') {
  const wf = entity.workflow;
  if (!wf) return;
  if (mode === 'edit') {
    delete record[wf.field];
    return;
  }
  const f = entity.fields.find((x) => x.name === wf.field);
  record[wf.field] = (wf.initial ?? f?.default ?? null) as CleanRecord[string];
}

/**
 * Refuses an edit that sends a state other than the stored one (400): only a transition changes it. The
 * same value is fine — forms send the loaded record back.
 */
export function assertStateUnchanged(entity: EntityDefinition, body: Record<string, unknown>, stored: EntityRow) {
  const wf = entity.workflow;
  const sent = wf ? body[wf.field] : undefined;
  if (!wf || sent === undefined || sent === null) return;
  if (String(sent) !== String(stored[wf.field] ?? '')) throw badRequest('状态只能通过流转操作变更');
}

/** The dictionary items of the state field, as declared in schemas/dicts (text and colour). */
export function stateItems(defs: Definitions, entity: EntityDefinition): DictItemDef[] {
  const wf = entity.workflow;
  const code = wf && entity.fields.find((f) => f.name === wf.field)?.dictCode;
  return (code && defs.dicts.find((d) => d.code === code)?.items) || [];
}

export const stateText = (defs: Definitions, entity: EntityDefinition, value: unknown) =>
  stateItems(defs, entity).find((i) => i.value === String(value ?? ''))?.text ?? String(value ?? '');

const stateOf = (wf: EntityWorkflow, row: EntityRow) => String(row[wf.field] ?? '');

/** Refuses an edit or delete of a record in a locked state (a transition still applies). */
export function assertNotLocked(defs: Definitions, entity: EntityDefinition, row: EntityRow) {
  const wf = entity.workflow;
  if (!wf?.locked?.includes(stateOf(wf, row))) return;
  throw bizError(`该记录处于“${stateText(defs, entity, row[wf.field])}”状态，已锁定，不能修改`);
}

/** The same check for a delete of several ids, inside the delete's transaction. */
export async function assertNoneLocked(db: AnyDb, defs: Definitions, model: EntityModel, ids: string[]) {
  const wf = model.entity.workflow;
  if (!wf?.locked?.length) return;
  const row = (await db
    .selectFrom(model.table)
    .select(sql.ref(wf.field).as(wf.field))
    .where(sql.ref('id'), 'in', ids)
    .where(sql.ref(wf.field), 'in', wf.locked)
    .executeTakeFirst()) as EntityRow | undefined;
  if (row) assertNotLocked(defs, model.entity, row);
}

/** Whether the caller may fire a transition by hand (an automatic one without a permission: nobody). */
export const held = (t: EntityTransition, perms: ReadonlySet<string>) =>
  t.permission !== undefined && perms.has(t.permission);

/** The transitions the caller may fire on a row now: held permission and the row in a `from` state. */
export const firable = (wf: EntityWorkflow, perms: ReadonlySet<string>, row: EntityRow): EntityTransition[] =>
  wf.transitions.filter((t) => held(t, perms) && t.from.includes(stateOf(wf, row)));

/**
 * Adds `_transitions` (the keys the caller may fire) and `<field>_color` (the state's dictionary colour)
 * to each row, for the console's row actions and state tag.
 */
export async function attachTransitions(
  request: FastifyRequest,
  defs: Definitions,
  entity: EntityDefinition,
  rows: EntityRow[],
): Promise<EntityRow[]> {
  const wf = entity.workflow;
  if (!wf) return rows;
  const perms = await request.permissions();
  const colors = new Map(stateItems(defs, entity).map((i) => [i.value, i.color]));
  return rows.map((row) => ({
    ...row,
    _transitions: firable(wf, perms, row).map((t) => t.key),
    [`${wf.field}_color`]: colors.get(stateOf(wf, row)) ?? null,
  }));
}

/**
 * `_actionable=1` on a list: only rows in a `from` state of a transition the caller holds (待我处理);
 * none when he holds none.
 */
export async function actionableFilter(
  request: FastifyRequest,
  entity: EntityDefinition,
  query: Record<string, unknown>,
): Promise<ScopePredicate | undefined> {
  const wf = entity.workflow;
  if (!wf || query._actionable !== '1') return undefined;
  const perms = await request.permissions();
  const states = [...new Set(wf.transitions.filter((t) => held(t, perms)).flatMap((t) => t.from))];
  return (eb) =>
    (states.length ? eb(sql.ref(wf.field), 'in', states) : sql<boolean>`1 = 0`) as Expression<SqlBool>;
}

/** The values a transition's `sets` writes: $user, $now, $today and $comment resolved, literals as given. */
export function setValues(t: EntityTransition, username: string, comment: string | null = null): CleanRecord {
  const out: CleanRecord = {};
  for (const [name, v] of Object.entries(t.sets ?? {}))
    out[name] =
      v === '$user'
        ? username
        : v === '$now'
          ? formatDateTime()
          : v === '$today'
            ? formatDate()
            : v === '$comment'
              ? comment
              : v;
  return out;
}

/**
 * Moves a record from `from` along a transition (its `sets` too), compare-and-set: false when another
 * writer moved it first, so of two concurrent transitions only one succeeds.
 */
export async function moveState(
  db: AnyDb,
  model: EntityModel,
  t: EntityTransition,
  id: string,
  from: string,
  username: string,
  comment: string | null = null,
): Promise<boolean> {
  const field = model.entity.workflow?.field as string;
  const res = await db
    .updateTable(model.table)
    .set({ ...setValues(t, username, comment), [field]: t.to, updateBy: username, updateTime: formatDateTime() })
    .where(sql.ref('id'), '=', id)
    .where(sql.ref(field), '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
