import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { evaluateCondition, parseCondition } from '../../../shared/formula.js';
import type { EntityTransition } from '../../../shared/schema-types.js';
import type { AppContext } from '../../context.js';
import type { Definitions } from '../../definitions/load.js';
import { bizError } from '../../http/errors.js';
import { recordChange, recordChanges } from '../history/change-log.js';
import { entitySnapshot } from '../history/entity-snapshot.js';
import { assertChecks } from './checks.js';
import { childrenOf, type ChildLink } from './children.js';
import { refreshComputed } from './computed.js';
import { entityModel, type EntityModel } from './entity-model.js';
import type { AnyDb, EntityRow } from './entity-records.js';
import { rollupReaders } from './rollup-links.js';
import { runTriggers, type TriggerRun } from './triggers.js';
import { moveState } from './workflow.js';
import { notifyTransition } from './workflow-notify.js';

/**
 * Derived updates (entity `formula` roll-ups, `checks`, transitions with `auto`): after any write, inside
 * its transaction, the written records' computed fields are refreshed, then the records whose roll-ups
 * read them (children → parent, referring rows → the row they name), then whatever reads those (a payment
 * → its invoice → the invoice's order). Each record whose values changed must satisfy its checks, and
 * its automatic transitions fire. Nothing here knows a business entity: it follows the definitions.
 */

/** Records to refresh: entity code → ids. */
export type Targets = Map<string, Set<string>>;

/** Chains longer than this are a definition that reads itself in a circle. */
const MAX_DEPTH = 12;
/** Automatic transitions one record may take in one write (部分发货 → 已发货 → …). */
const MAX_AUTO = 10;

const add = (into: Targets, code: string, ids: Iterable<string>) => {
  const set = into.get(code) ?? new Set<string>();
  for (const id of ids) set.add(id);
  if (set.size) into.set(code, set);
};

const entityOf = (defs: Pick<Definitions, 'entities'>, code: string) => {
  const e = defs.entities.find((x) => x.code === code);
  if (!e) throw new Error(`unknown entity ${code}`);
  return e;
};

/** Adds to `out` the records whose roll-ups read these rows of `code` or their child rows. */
async function collectTargets(
  db: AnyDb,
  defs: Pick<Definitions, 'entities'>,
  code: string,
  ids: string[],
  out: Targets,
): Promise<void> {
  if (ids.length === 0) return;
  const readers = rollupReaders(defs.entities).get(code) ?? [];
  const table = entityModel(entityOf(defs, code)).table;
  if (readers.length) {
    const fields = [...new Set(readers.map((r) => r.field))];
    for (let i = 0; i < ids.length; i += 500) {
      const rows = (await db
        .selectFrom(table)
        .select(fields.map((f) => sql.ref(f).as(f)))
        .where(sql.ref('id'), 'in', ids.slice(i, i + 500))
        .execute()) as EntityRow[];
      for (const r of readers)
        add(
          out,
          r.reader.code,
          rows.flatMap((row) =>
            row[r.field] === null || row[r.field] === undefined ? [] : [String(row[r.field])],
          ),
        );
    }
  }
  // Child rows are written with their parent: what reads them is affected too (a delivery's lines → order lines).
  for (const child of childrenOf(defs, code))
    await collectTargets(db, defs, child.model.table, await childIds(db, child, ids), out);
}

/** The ids of one child entity's rows under these parents (in chunks: an import writes thousands). */
async function childIds(db: AnyDb, child: ChildLink, parentIds: string[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < parentIds.length; i += 500) {
    const rows = (await db
      .selectFrom(child.model.table)
      .select(sql.ref('id').as('id'))
      .where(sql.ref(child.field), 'in', parentIds.slice(i, i + 500))
      .execute()) as Array<{ id: string }>;
    out.push(...rows.map((r) => String(r.id)));
  }
  return out;
}

/** These rows of `code` and, level by level, their child rows. */
async function withChildren(
  db: AnyDb,
  defs: Pick<Definitions, 'entities'>,
  code: string,
  ids: string[],
  out: Targets,
): Promise<void> {
  if (ids.length === 0) return;
  add(out, code, ids);
  for (const child of childrenOf(defs, code))
    await withChildren(db, defs, child.model.table, await childIds(db, child, ids), out);
}

/**
 * The records whose roll-ups read these rows (and their child rows) as stored now. Call it before an
 * edit that may move a ref, or before a delete, and hand the result to afterWrite: the old targets are
 * refreshed too.
 */
export async function rollupTargets(
  db: AnyDb,
  defs: Pick<Definitions, 'entities'>,
  code: string,
  ids: string[],
): Promise<Targets> {
  const out: Targets = new Map();
  await collectTargets(db, defs, code, ids, out);
  return out;
}

/** What a write leaves to do after its transaction committed: the automatic transitions' messages. */
export interface Derived {
  notify(): Promise<void>;
}

interface Notice {
  model: EntityModel;
  transition: EntityTransition;
  row: EntityRow;
}

/**
 * After rows of `code` were added, edited, imported, restored, moved by a transition or deleted (`ids`
 * then name rows that are gone; `prior` holds what they read before): refreshes them and every record
 * that reads them, level by level, checking rules and firing automatic transitions. Throws the first
 * refusal (a check's message, 400): the caller's transaction is rolled back whole. With `triggers` (writes
 * that add or change records, not deletes or restores) the entity's triggers run last, on settled rows.
 */
export async function afterWrite(
  trx: AnyDb,
  ctx: AppContext,
  request: FastifyRequest,
  code: string,
  ids: string[],
  prior?: Targets,
  triggers?: TriggerRun,
): Promise<Derived> {
  const notices: Notice[] = [];
  // The written rows and the child rows written with them: refreshed and checked whether or not they changed.
  const written: Targets = new Map();
  await withChildren(trx, ctx.defs, code, ids, written);
  let level: Targets = new Map([...written].map(([c, set]) => [c, new Set(set)]));
  for (const [c, set] of prior ?? []) add(level, c, set);
  await collectTargets(trx, ctx.defs, code, ids, level);
  for (let depth = 0; level.size; depth++) {
    if (depth >= MAX_DEPTH) throw bizError(`汇总字段的连锁更新超过 ${MAX_DEPTH} 层，请检查定义是否循环引用`);
    const next: Targets = new Map();
    for (const [c, set] of level) {
      const changed = await settle(
        trx,
        ctx,
        request,
        c,
        [...set],
        depth === 0 ? written.get(c) : undefined,
        notices,
      );
      await collectTargets(trx, ctx.defs, c, changed, next);
    }
    level = next;
  }
  const triggered = triggers ? await runTriggers(trx, ctx, request, code, ids, triggers) : [];
  return {
    async notify() {
      for (const n of notices) await notifyTransition(ctx, request, n.model, n.transition, n.row, '自动');
      for (const next of triggered) await next();
    },
  };
}

/**
 * Refreshes some records of one entity; those that changed (and the written ones, `forced`) must pass
 * their checks and take their automatic transitions. Returns the ids whose values changed.
 */
async function settle(
  trx: AnyDb,
  ctx: AppContext,
  request: FastifyRequest,
  code: string,
  ids: string[],
  forced: Set<string> | undefined,
  notices: Notice[],
): Promise<string[]> {
  const model = entityModel(entityOf(ctx.defs, code));
  const { rows, changed, previous } = await refreshComputed(trx, ctx.defs, model, ids);
  // Values the engine changed (a payment raising its invoice's and order's received amounts) are changes
  // of those records too: their history shows them as 自动计算, attributed to this write's user. The
  // written records themselves have their own entry.
  await recordChanges(
    trx,
    request,
    rows
      .filter((row) => previous.has(String(row.id)) && !forced?.has(String(row.id)))
      .map((row) => {
        const before = previous.get(String(row.id)) as Record<string, unknown>;
        const after = Object.fromEntries(Object.keys(before).map((k) => [k, row[k] ?? null]));
        return { table: code, id: String(row.id), action: 'compute' as const, before, after };
      }),
  );
  for (const row of rows) {
    const id = String(row.id);
    if (!changed.has(id) && !forced?.has(id)) continue;
    assertChecks(model.entity, row);
    if (await fireAutomatic(trx, ctx, request, model, row, notices)) changed.add(id);
  }
  return [...changed];
}

/**
 * Fires the automatic transitions whose condition holds on the record in one of their `from` states,
 * until none applies; each is compare-and-set like a transition by hand, recorded as done by the writer
 * with comment 自动, and the record's formulas (which may read the state) are refreshed after it.
 */
async function fireAutomatic(
  trx: AnyDb,
  ctx: AppContext,
  request: FastifyRequest,
  model: EntityModel,
  row: EntityRow,
  notices: Notice[],
): Promise<boolean> {
  const wf = model.entity.workflow;
  const autos = wf?.transitions.filter((t) => t.auto) ?? [];
  if (!wf || autos.length === 0) return false;
  const id = String(row.id);
  const session = request.user();
  let current = row;
  for (let n = 0; ; n++) {
    const from = String(current[wf.field] ?? '');
    const t = autos.find(
      (x) => x.from.includes(from) && evaluateCondition(parseCondition(x.auto as string), current),
    );
    if (!t) return n > 0;
    if (n >= MAX_AUTO) throw bizError(`自动流转超过 ${MAX_AUTO} 次，请检查流转条件是否循环`);
    const before = await entitySnapshot(trx, ctx.defs, model, id);
    if (!(await moveState(trx, model, t, id, from, session.username)))
      throw bizError('该记录已被他人处理，请刷新后重试', 409);
    const [after] = (await refreshComputed(trx, ctx.defs, model, [id])).rows;
    assertChecks(model.entity, after);
    await recordChange(trx, request, {
      table: model.entity.code,
      id,
      action: 'transition',
      before,
      after: await entitySnapshot(trx, ctx.defs, model, id),
      comment: '自动',
    });
    notices.push({ model, transition: t, row: after });
    current = after;
  }
}
