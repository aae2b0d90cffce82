import type { FastifyRequest } from 'fastify';
import type { Definitions } from '../../definitions/load.js';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import { ofReadableParents, parentEntityOf } from './children.js';
import type { ScopePredicate } from './entity-scope.js';
import { actionableFilter } from './workflow.js';

/**
 * Ids are random, so an order by id means nothing; the Vue2 online list asks for it by default
 * (`column=id&order=desc`, the original's time-ordered ids: newest first). Such a list gets the entity's
 * default order instead.
 */
function withoutIdSort(query: Record<string, unknown>): Record<string, unknown> {
  if (query.column !== 'id') return query;
  const { column: _column, order: _order, ...rest } = query;
  return rest;
}

/**
 * What an entity's list shows besides the caller's scope: its query as the list reads it, and the rows
 * it narrows to (a child's only under parents the caller may read; with `_actionable=1` a workflow's
 * 待我处理). The list and its exports both go through here, so an export finds what the list shows.
 */
export async function listView(
  request: FastifyRequest,
  defs: Pick<Definitions, 'entities'>,
  entity: EntityDefinition,
  raw: Record<string, unknown>,
): Promise<{ query: Record<string, unknown>; narrow: ScopePredicate | undefined }> {
  const query = withoutIdSort(raw);
  const parent = parentEntityOf(defs, entity);
  const narrow = parent ? await ofReadableParents(request, entity, parent) : await actionableFilter(request, entity, query);
  return { query, narrow };
}
