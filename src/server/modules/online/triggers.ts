import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { CleanRecord } from '../../../shared/entity-record.js';
import {
  EACH,
  evaluateCondition,
  evaluateValue,
  parseCondition,
  type FormulaRow,
} from '../../../shared/formula.js';
import type { EntityDefinition, EntityTrigger, EntityTriggerEach } from '../../../shared/schema-types.js';
import { formatDate, formatDateTime } from '../../../shared/time.js';
import type { AppContext } from '../../context.js';
import { entityModel, type EntityModel } from './entity-model.js';
import { assertUnique, type AnyDb, type EntityRow } from './entity-records.js';
import { cleanAdd, writeAdd } from './entity-writes.js';
import { withDocumentValues } from './form-documents.js';
import { notifyTrigger } from './trigger-notify.js';

/**
 * Entity triggers (触发规则): after a write of records of an entity, inside its transaction and after its
 * formulas, roll-ups and automatic transitions settled, each trigger whose `when` holds now and did not
 * hold before adds a record of another entity through the ordinary add (numbering, formulas, checks,
 * defaults, scope, history as 'trigger'); its people are told after the commit. Every write path that
 * creates or changes records (add, edit, import, transition, approved application, device post) comes
 * here through afterWrite; a delete, a restore or a merge does not raise anything.
 */

/** What "did not hold before" compares with: nothing for new rows, else the rows as they were. */
export interface TriggerRun {
  before: 'new' | ReadonlyMap<string, FormulaRow | null>;
  /** 0 for a person's write; a record a trigger added runs its own triggers at 1, and no deeper. */
  depth: number;
}

/** A record added by a trigger created further records at most this many levels down. */
const MAX_TRIGGER_DEPTH = 1;

/** What is left to do after the commit: the notices of the records the triggers added. */
export type AfterCommit = () => Promise<void>;

const holds = (t: EntityTrigger, row: FormulaRow | null | undefined) =>
  !!row && evaluateCondition(parseCondition(t.when), row);

/** A value of `create.values` over the source row: $id, $now, $today, or a formula (a quoted literal too). */
export function triggerValue(text: string, row: FormulaRow): string | number | null {
  const expr = text.trim();
  if (expr === '$id') return String(row.id);
  if (expr === '$now') return formatDateTime();
  if (expr === '$today') return formatDate();
  return evaluateValue(parseCondition(expr), row);
}

const targetOf = (ctx: AppContext, code: string): EntityModel => {
  const target = ctx.defs.entities.find((e) => e.code === code);
  // The definition check refuses an unknown target at load; this is a definition changed under us.
  if (!target) throw new Error(`trigger target ${code} is not defined`);
  return entityModel(target);
};

/**
 * Runs the triggers of `code` for the rows `ids` just written in `trx`; returns what to do after the
 * commit. A created record that breaks its checks throws that refusal (400): the whole write rolls back.
 */
export async function runTriggers(
  trx: AnyDb,
  ctx: AppContext,
  request: FastifyRequest,
  code: string,
  ids: string[],
  run: TriggerRun,
): Promise<AfterCommit[]> {
  const entity = ctx.defs.entities.find((e) => e.code === code);
  const triggers = entity?.triggers ?? [];
  if (!entity || triggers.length === 0 || ids.length === 0 || run.depth > MAX_TRIGGER_DEPTH) return [];
  const after: AfterCommit[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = (await trx
      .selectFrom(entityModel(entity).table)
      .selectAll()
      .where(sql.ref('id'), 'in', ids.slice(i, i + 500))
      .execute()) as EntityRow[];
    for (const stored of rows) {
      // Conditions and values may read the record's form documents (data.sbp).
      const row = withDocumentValues(entity, stored);
      const was = run.before === 'new' ? null : run.before.get(String(row.id));
      const before = was ? withDocumentValues(entity, was) : null;
      for (const t of triggers)
        if (holds(t, row) && !holds(t, before))
          after.push(...(await fire(trx, ctx, request, entity, t, row, run.depth)));
    }
  }
  return after;
}

/** Adds the trigger's record for one source row; returns its notice and those of deeper levels. */
async function fire(
  trx: AnyDb,
  ctx: AppContext,
  request: FastifyRequest,
  source: EntityDefinition,
  t: EntityTrigger,
  row: EntityRow,
  depth: number,
): Promise<AfterCommit[]> {
  // With `each`, one record per matching row of another entity (a visit per scheduled visit).
  const target = targetOf(ctx, t.create.entity);
  const after: AfterCommit[] = [];
  const sources = t.create.each ? await eachRows(trx, ctx, request, t.create.each, row) : [row];
  for (const from of sources) {
    const values: Record<string, unknown> = {};
    for (const [field, text] of Object.entries(t.create.values)) values[field] = triggerValue(text, from);
    const record: CleanRecord = cleanAdd(target, values);
    // Read inside the transaction: on a single-connection database another handle would wait for it.
    await assertUnique(trx, target, request.user(), record);
    const { id, derived } = await writeAdd(trx, request, target, record, values, {
      comment: `${source.name}：${t.name}（${t.key}）`,
      trigger: { depth: depth + 1 },
    });
    after.push(
      () => notifyTrigger(ctx, request, t, target, id),
      () => derived.notify(),
    );
  }
  return after;
}

/** A trigger's `each` walks at most this many rows: a schedule, not a table scan. */
const MAX_EACH_ROWS = 200;

/**
 * The source row once per row of `each.entity` whose match fields equal the row's (in the writer's
 * tenant, by that entity's default order), with that row's fields beside its own as each.<field>.
 */
async function eachRows(
  trx: AnyDb,
  ctx: AppContext,
  request: FastifyRequest,
  each: EntityTriggerEach,
  row: EntityRow,
): Promise<FormulaRow[]> {
  const model = targetOf(ctx, each.entity);
  const pairs = Object.entries(each.match).map(([theirs, ours]) => [theirs, row[String(ours)]] as const);
  if (pairs.some(([, v]) => v === null || v === undefined || v === '')) return [];
  let q = trx.selectFrom(model.table).selectAll();
  for (const [theirs, value] of pairs) q = q.where(sql.ref(theirs), '=', value as string);
  if (model.entity.scope?.tenant) q = q.where(sql.ref('tenantId'), '=', request.user().tenantId);
  const [by, order] = model.defaultSort;
  const found = (await q
    .orderBy(sql.ref(by), order)
    .orderBy(sql.ref('id'))
    .limit(MAX_EACH_ROWS)
    .execute()) as EntityRow[];
  return found.map((other) => ({
    ...row,
    ...Object.fromEntries(Object.entries(other).map(([k, v]) => [`${EACH}.${k}`, v])),
  }));
}
