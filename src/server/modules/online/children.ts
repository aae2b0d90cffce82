import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import type { AppContext } from '../../context.js';
import type { Definitions } from '../../definitions/load.js';
import { bizError } from '../../http/errors.js';
import { attachDictText } from '../../lib/dict-text.js';
import { entityModel, type EntityModel } from './entity-model.js';
import { dbOf, protectRecords, type AnyDb, type EntityRow } from './entity-records.js';
import { attachRefText } from './ref-text.js';
import { requestScope, type ScopePredicate } from './entity-scope.js';
import { withLiveFields } from './live-fields.js';

/**
 * Master-detail (EntityParent in the entity meta-schema): a child entity names its parent through the
 * ref field `parent.field`. Children have no routes or permission codes of their own; they are read and
 * written through their parent.
 */

export const DEFAULT_MAX_CHILD_ROWS = 200;

/** One child entity of a parent: its model, the column linking it to the parent and its table title. */
export interface ChildLink {
  model: EntityModel;
  /** The child's ref field holding the parent's id. */
  field: string;
  title: string;
  onDelete: 'cascade' | 'restrict';
  minRows: number;
  maxRows: number;
  /** A junction's picked ref field (many-to-many, ref-many.ts); null for an ordinary child table. */
  pick: string | null;
}

/** The code of the entity a child entity belongs to (null for an entity that is not a child). */
export function parentCodeOf(child: EntityDefinition): string | null {
  if (!child.parent) return null;
  const link = child.fields.find((f) => f.name === child.parent?.field);
  return link?.ref?.entity ?? null;
}

/** The child entities declaring `parentCode` as their parent, in definition order. */
export function childrenOf(defs: Pick<Definitions, 'entities'>, parentCode: string): ChildLink[] {
  return defs.entities
    .filter((e) => e.parent && parentCodeOf(e) === parentCode)
    .map((e) => {
      const p = e.parent as NonNullable<EntityDefinition['parent']>;
      return {
        model: entityModel(e),
        field: p.field,
        title: p.title ?? e.name,
        onDelete: p.onDelete ?? 'cascade',
        minRows: p.minRows ?? 0,
        maxRows: p.maxRows ?? DEFAULT_MAX_CHILD_ROWS,
        pick: p.pick ?? null,
      };
    });
}

/** The stored children of some parent rows, ordered by position (then age, for rows saved without one). */
export async function storedChildren(db: AnyDb, child: ChildLink, parentIds: string[]): Promise<EntityRow[]> {
  if (parentIds.length === 0) return [];
  return (await db
    .selectFrom(child.model.table)
    .selectAll()
    .where(sql.ref(child.field), 'in', parentIds)
    .orderBy(sql.ref('sortNo'))
    .orderBy(sql.ref('createTime'))
    .orderBy(sql.ref('id'))
    .execute()) as EntityRow[];
}

/**
 * Every child table of one parent row as the caller may see it: `<child code>: rows` with dictionary
 * and ref text, personal fields masked as in lists. The parent row was already found inside the caller's scope.
 */
export async function childRecords(
  ctx: AppContext,
  request: FastifyRequest,
  parent: EntityModel,
  parentId: string,
): Promise<Record<string, EntityRow[]>> {
  const out: Record<string, EntityRow[]> = {};
  for (const child of childrenOf(ctx.defs, parent.entity.code)) {
    const rows = withLiveFields(child.model.entity, await storedChildren(dbOf(ctx), child, [parentId]));
    const texts = await attachDictText(
      ctx.db.kysely,
      ctx.defs,
      rows,
      child.model.fields,
      request.user().tenantId,
    );
    const withRefs = await attachRefText(request, child.model.entity, texts);
    out[child.model.table] = await protectRecords(ctx, request, child.model, withRefs);
  }
  return out;
}

/**
 * Before parents are deleted (inside the delete's transaction): 'restrict' children refuse the delete
 * while any exist, 'cascade' children are deleted with them.
 */
export async function deleteChildrenOf(
  db: AnyDb,
  defs: Definitions,
  parent: EntityModel,
  parentIds: string[],
) {
  const links = childrenOf(defs, parent.entity.code);
  for (const child of links.filter((c) => c.onDelete === 'restrict')) {
    const one = await db
      .selectFrom(child.model.table)
      .select(sql.ref('id').as('id'))
      .where(sql.ref(child.field), 'in', parentIds)
      .limit(1)
      .executeTakeFirst();
    if (one) throw bizError(`该记录存在${child.title}，不能删除`);
  }
  for (const child of links.filter((c) => c.onDelete === 'cascade')) {
    // A grandchild level goes first, so nothing is left pointing at a deleted row.
    const ids = (await db
      .selectFrom(child.model.table)
      .select(sql.ref('id').as('id'))
      .where(sql.ref(child.field), 'in', parentIds)
      .execute()) as Array<{ id: string }>;
    if (ids.length === 0) continue;
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500).map((r) => r.id);
      await deleteChildrenOf(db, defs, child.model, chunk);
      await db.deleteFrom(child.model.table).where(sql.ref('id'), 'in', chunk).execute();
    }
  }
}

/** The parent entity of a child entity (undefined when it is not a child or the parent is unknown). */
export const parentEntityOf = (defs: Pick<Definitions, 'entities'>, child: EntityDefinition) => {
  const code = parentCodeOf(child);
  return code ? defs.entities.find((e) => e.code === code) : undefined;
};

/**
 * What the console needs to edit and show a child table: its fields (minus the link to the parent,
 * which the save sets), title and row limits.
 */
export const childDefinition = (child: ChildLink) => ({
  code: child.model.table,
  title: child.title,
  parentField: child.field,
  minRows: child.minRows,
  maxRows: child.maxRows,
  pick: child.pick,
  fields: child.model.entity.fields.filter((f) => f.name !== child.field),
});

/**
 * A child entity's rows listed on their own (its listAlias): only those of the parents the caller may
 * read, as a predicate on the child's rows.
 */
export async function ofReadableParents(
  request: FastifyRequest,
  child: EntityDefinition,
  parent: EntityDefinition,
): Promise<ScopePredicate> {
  const link = child.parent?.field;
  if (!link) throw new Error(`entity ${child.code} has no parent`);
  const readable = await requestScope(request, parent);
  return (eb) =>
    eb(eb.ref(link), 'in', eb.selectFrom(parent.code).select(sql.ref('id').as('id')).where(readable));
}
