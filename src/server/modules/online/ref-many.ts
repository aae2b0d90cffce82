import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import type { Definitions } from '../../definitions/load.js';
import { badRequest } from '../../http/errors.js';
import { childrenOf, type ChildLink } from './children.js';
import { dbOf, type EntityRow } from './entity-records.js';
import type { EntityEB } from './entity-scope.js';
import { displayMask, refTarget, type RefField } from './ref-lookup.js';

/**
 * Many-to-many (EntityParent.pick): a child entity that is a junction between its parent and the target
 * of its `pick` ref. The parent's form sends the picked target ids; lists show their display texts and
 * filter by them. This file is what a junction adds to an ordinary child table.
 */

export type PickLink = ChildLink & { pick: string };

/** The junctions of a parent entity (children declaring `parent.pick`). */
export const pickLinks = (defs: Pick<Definitions, 'entities'>, parentCode: string): PickLink[] =>
  childrenOf(defs, parentCode).filter((c): c is PickLink => !!c.pick);

const pickField = (link: PickLink) => link.model.byName.get(link.pick) as RefField;

/** Most targets one filter may name (like a batch of ids). */
const MAX_FILTER_IDS = 50;

const idList = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [v])
    .flatMap((x) => (typeof x === 'string' || typeof x === 'number' ? String(x).split(',') : []))
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * The rows of a junction table sent with a parent save: target ids (a list, or one comma-joined text)
 * become rows, each kept under the id of the stored row that already links that target (so an unchanged
 * pick is left alone); rows are taken as they are. A target picked twice is kept once.
 */
export function pickedRows(link: PickLink, sent: unknown, stored: EntityRow[]): unknown[] {
  const items = typeof sent === 'string' ? idList(sent) : Array.isArray(sent) ? sent : null;
  if (!items) throw badRequest(`${link.title}应为所选数据的列表`);
  const byTarget = new Map(stored.map((r) => [String(r[link.pick]), String(r.id)]));
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const item of items) {
    const row: Record<string, unknown> =
      typeof item === 'string' || typeof item === 'number'
        ? { [link.pick]: String(item) }
        : (item as EntityRow);
    const target = String(row?.[link.pick] ?? '');
    if (target && seen.has(target)) continue;
    seen.add(target);
    const id = byTarget.get(target);
    out.push(id && !row.id ? { ...row, id } : row);
  }
  return out;
}

/**
 * `<junction code>_dictText`: the display texts of each row's picked targets joined by '、', in picking
 * order — one query per junction for the whole page, read within the caller's tenant.
 */
export async function attachPickedText<T extends EntityRow>(
  request: FastifyRequest,
  entity: EntityDefinition,
  rows: T[],
): Promise<T[]> {
  const { ctx } = request.server;
  const links = pickLinks(ctx.defs, entity.code);
  if (links.length === 0 || rows.length === 0) return rows;
  const ids = rows.map((r) => String(r.id));
  const texts = new Map<string, Map<string, string[]>>();
  for (const link of links) {
    const f = pickField(link);
    const target = refTarget(ctx.defs, f);
    let q = dbOf(ctx)
      .selectFrom(`${link.model.table} as j`)
      .innerJoin(`${target.code} as t`, `t.id`, `j.${link.pick}`)
      .select([sql.ref(`j.${link.field}`).as('owner'), sql.ref(`t.${f.ref.display}`).as('text')])
      .where(sql.ref(`j.${link.field}`), 'in', ids)
      .orderBy(sql.ref(`j.${link.field}`))
      .orderBy(sql.ref('j.sortNo'))
      .orderBy(sql.ref('j.id'));
    if (target.scope?.tenant) q = q.where(sql.ref('t.tenantId'), '=', request.user().tenantId);
    const mask = await displayMask(request, ctx.defs, f);
    const byOwner = new Map<string, string[]>();
    for (const r of (await q.execute()) as Array<{ owner: unknown; text: unknown }>) {
      const text = String((mask ? mask(r.text) : r.text) ?? '');
      byOwner.set(String(r.owner), [...(byOwner.get(String(r.owner)) ?? []), text]);
    }
    texts.set(link.model.table, byOwner);
  }
  return rows.map((r) => {
    const out: EntityRow = { ...r };
    for (const link of links)
      out[`${link.model.table}_dictText`] = (texts.get(link.model.table)?.get(String(r.id)) ?? []).join('、');
    return out as T;
  });
}

/**
 * The list filter "contains any of": `?<junction code>=id1,id2` keeps the rows linked to at least one of
 * those targets. Undefined when the query names no junction.
 */
export function pickFilter(
  defs: Pick<Definitions, 'entities'>,
  entity: EntityDefinition,
  query: Record<string, unknown>,
): ((eb: EntityEB) => Expression<SqlBool>) | undefined {
  const wanted = pickLinks(defs, entity.code)
    .map((link) => ({ link, ids: idList(query[link.model.table]) }))
    .filter((w) => w.ids.length > 0);
  if (wanted.length === 0) return undefined;
  for (const w of wanted)
    if (w.ids.length > MAX_FILTER_IDS) throw badRequest(`${w.link.title}最多选择 ${MAX_FILTER_IDS} 项`);
  return (eb) =>
    eb.and(
      wanted.map(({ link, ids }) =>
        eb(
          eb.ref('id'),
          'in',
          eb
            .selectFrom(link.model.table)
            .select(sql.ref(link.field).as('owner'))
            .where(sql.ref(link.pick), 'in', ids),
        ),
      ),
    );
}
