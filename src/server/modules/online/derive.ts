import type { FastifyRequest } from 'fastify';
import { deriveValue } from '../../../shared/derive-value.js';
import { systemFields } from '../../../shared/entity-record.js';
import { evaluateCondition, evaluateFormula, parseCondition, parseFormula } from '../../../shared/formula.js';
import { resultScale } from '../../../shared/formula-plan.js';
import type { DeriveValues, EntityDefinition, EntityDerive } from '../../../shared/schema-types.js';
import { formatDate } from '../../../shared/time.js';
import type { AppContext } from '../../context.js';
import { childrenOf, storedChildren } from './children.js';
import type { EntityModel } from './entity-model.js';
import { dbOf, protectRecords, type EntityRow } from './entity-records.js';
import { attachRefText } from './ref-text.js';

/**
 * Push-down actions (entity `derive`, 下推): the prefilled add of another entity built from one record
 * and its child rows. Nothing is stored here; the console opens the target's add form with it.
 */

/** The permission a push-down needs: adding a record of its target. */
export const deriveAccess = (d: EntityDerive) => `${d.entity}:add` as const;

const stateOf = (entity: EntityDefinition, row: EntityRow) =>
  entity.workflow ? String(row[entity.workflow.field] ?? '') : '';

/** Whether the record is in a state the push-down is offered in (any state without `states`). */
export const deriveOffered = (entity: EntityDefinition, d: EntityDerive, row: EntityRow) =>
  !d.states || !entity.workflow || d.states.includes(stateOf(entity, row));

/** Adds `_derive` (the push-downs the caller may start on the row now) to each row, for the row actions. */
export async function attachDerive(
  request: FastifyRequest,
  entity: EntityDefinition,
  rows: EntityRow[],
): Promise<EntityRow[]> {
  if (!entity.derive?.length) return rows;
  const perms = await request.permissions();
  const held = entity.derive.filter((d) => perms.has(deriveAccess(d)));
  return rows.map((row) => ({
    ...row,
    _derive: held.filter((d) => deriveOffered(entity, d, row)).map((d) => d.key),
  }));
}

/** A row as the caller may see it and the stored row: a personal value shown masked is not copied. */
interface SourceRow {
  raw: EntityRow;
  shown: EntityRow;
}

interface ValueContext {
  username: string;
  today: string;
  /** The source's child rows by child code, for roll-ups in a formula (sum(line.amount)). */
  children: Record<string, EntityRow[]>;
}

/**
 * The target values of one DeriveValues over one source row. The target's formula and numbering fields
 * are left to the add, and formula results are rounded to the target field's scale.
 */
function derivedValues(
  spec: DeriveValues,
  source: EntityDefinition,
  target: EntityDefinition,
  row: SourceRow,
  vc: ValueContext,
): EntityRow {
  const names = new Set([...source.fields.map((f) => f.name), ...systemFields(source).map((f) => f.name)]);
  const out: EntityRow = {};
  for (const [name, given] of Object.entries(spec)) {
    const f = target.fields.find((x) => x.name === name);
    if (!f || f.formula !== undefined || f.numbering) continue;
    const v = deriveValue(given, names);
    if (v.kind === 'number') out[name] = v.value;
    else if (v.kind === 'id') out[name] = row.raw.id;
    else if (v.kind === 'today') out[name] = vc.today;
    else if (v.kind === 'user') out[name] = vc.username;
    else if (v.kind === 'copy') {
      const value = row.raw[v.field] ?? null;
      if ((row.shown[v.field] ?? null) === value) out[name] = value;
    } else if (v.kind === 'formula')
      out[name] = evaluateFormula(parseFormula(v.text), row.raw, vc.children, resultScale(f));
  }
  return out;
}

const sourceRows = async (ctx: AppContext, request: FastifyRequest, model: EntityModel, raw: EntityRow[]) =>
  (await protectRecords(ctx, request, model, raw)).map((shown, i) => ({ raw: raw[i], shown }));

/**
 * The target record a push-down prefills from `row` (found in the caller's scope): field values with
 * ref texts (`<field>_dictText`), and per `children` entry the target child rows under the target child's
 * code, made from the source child rows that meet `where`, in their stored order.
 */
export async function derivedRecord(
  ctx: AppContext,
  request: FastifyRequest,
  model: EntityModel,
  d: EntityDerive,
  row: EntityRow,
): Promise<EntityRow> {
  const source = model.entity;
  const target = ctx.defs.entities.find((e) => e.code === d.entity);
  if (!target) throw new Error(`derive target ${d.entity} is not loaded`);
  const links = childrenOf(ctx.defs, source.code);
  const childRows: Record<string, EntityRow[]> = {};
  for (const link of links)
    childRows[link.model.table] = await storedChildren(dbOf(ctx), link, [String(row.id)]);
  const vc: ValueContext = { username: request.user().username, today: formatDate(), children: childRows };

  const [shown] = await sourceRows(ctx, request, model, [row]);
  const [record] = await attachRefText(request, target, [derivedValues(d.fields, source, target, shown, vc)]);
  const targetLinks = childrenOf(ctx.defs, target.code);
  for (const c of d.children ?? []) {
    const from = links.find((l) => l.model.table === c.from);
    const to = targetLinks.find((l) => l.model.table === c.to);
    if (!from || !to)
      throw new Error(`derive ${source.code}.${d.key}: child ${c.from} → ${c.to} is not loaded`);
    const where = c.where === undefined ? null : parseCondition(c.where);
    const kept = (childRows[c.from] ?? []).filter((r) => !where || evaluateCondition(where, r));
    const rows = (await sourceRows(ctx, request, from.model, kept)).map((r) =>
      derivedValues(c.fields, from.model.entity, to.model.entity, r, { ...vc, children: {} }),
    );
    record[c.to] = await attachRefText(request, to.model.entity, rows);
  }
  return record;
}
