import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import { ownField } from '../../../shared/own-field.js';
import type { Definitions } from '../../definitions/load.js';
import { listFilters, type FieldMap } from '../../lib/list-query.js';
import { probeSafeFields, sensitiveFields } from '../../lib/sensitive.js';
import { childrenOf, type ChildLink } from './children.js';
import type { EntityEB } from './entity-scope.js';

/**
 * A parent list filtered by its child rows: `?<child code>.<child field>=<value>` (and `_begin`/`_end`,
 * any list rule) keeps the parents having at least one child row that matches all of that child's
 * conditions. This is how a statistic over child rows drills into its parent's list (stats/answer.ts).
 * Unknown children and fields are ignored, as the list ignores unknown parameters.
 */
export const childKey = (child: string, field: string) => `${child}.${field}`;

/** A key the child's field map resolves (a field, or a field's `_begin`/`_end`). */
const known = (fields: FieldMap, key: string) => !!ownField(fields, key.replace(/_(begin|end)$/, '')) || !!ownField(fields, key);

export async function childFilter(
  request: FastifyRequest,
  defs: Definitions,
  entity: EntityDefinition,
  query: Record<string, unknown>,
): Promise<((eb: EntityEB) => Expression<SqlBool>) | undefined> {
  const links = childrenOf(defs, entity.code);
  const wanted = new Map<ChildLink, Record<string, unknown>>();
  for (const [key, value] of Object.entries(query)) {
    const dot = key.indexOf('.');
    if (dot < 0 || value === undefined || value === null || value === '') continue;
    const link = links.find((l) => l.model.table === key.slice(0, dot));
    const field = key.slice(dot + 1);
    if (!link || !known(link.model.fields, field)) continue;
    wanted.set(link, { ...wanted.get(link), [field]: value });
  }
  if (wanted.size === 0) return undefined;
  // Personal child fields the caller sees masked allow only whole-value equality, as in their own list.
  const parts = await Promise.all(
    [...wanted].map(async ([link, q]) => ({
      link,
      q,
      fields: await probeSafeFields(request, link.model.fields, sensitiveFields(defs, link.model.table)),
    })),
  );
  return (eb) =>
    eb.and(
      parts.map(({ link, q, fields }) =>
        eb(
          eb.ref('id'),
          'in',
          eb
            .selectFrom(link.model.table)
            .select(sql.ref(link.field).as('owner'))
            .where((c) => listFilters(c, fields, q)),
        ),
      ),
    );
}
