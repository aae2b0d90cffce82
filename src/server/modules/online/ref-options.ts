import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { ok } from '../../../shared/envelope.js';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import type { Access } from '../../http/access.js';
import { optionalIdList } from '../../lib/id-list.js';
import { contains } from '../../lib/like.js';
import { fetchPage } from '../../lib/paged-query.js';
import { maskedFor, sensitiveFields } from '../../lib/sensitive.js';
import { dbOf } from './entity-records.js';
import { requestScope } from './entity-scope.js';
import { displayMask, isRef, refTarget } from './ref-lookup.js';

export const MAX_REF_PAGE_SIZE = 50;
/** A tree picker loads the whole tree at once, up to this many rows. */
export const MAX_TREE_OPTIONS = 1000;

const RefOptionsQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_REF_PAGE_SIZE })),
  ids: Type.Optional(Type.String({ maxLength: 50 * 70 })),
  tree: Type.Optional(Type.Boolean()),
});

/**
 * `GET <api>/refOptions/<entity>/<field>`: the rows a ref field's picker offers — `{ records: [{ value,
 * text }], total }` of the target entity inside the caller's scope on the TARGET (its tenant, data
 * scope and data rules), searched by keyword over the display and search fields, or resolved by `ids`
 * (the current value's text in an edit form). With `tree=true` and a tree target (EntityTree) the whole
 * tree up to MAX_TREE_OPTIONS rows, each record with its `parent` id, for a TreeSelect. Anyone who may read the owning entity or fill its form
 * (add or edit) may pick; `access` gives those codes (the parent's, for a child entity).
 */
export function refOptionRoutes(fastify: FastifyInstance, entity: EntityDefinition, access: Access[], base: string) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  for (const f of entity.fields.filter(isRef)) {
    const target = refTarget(ctx.defs, f);
    app.get(
      `${base}/refOptions/${entity.code}/${f.name}`,
      { config: { access }, schema: { querystring: RefOptionsQuery } },
      async (request) => {
        const { keyword, pageNo = 1, pageSize = 10 } = request.query;
        const ids = optionalIdList(request.query.ids, 'ids', MAX_REF_PAGE_SIZE);
        const parent = request.query.tree && !ids.length ? target.tree?.field : undefined;
        const where = await requestScope(request, target);
        // A field the caller sees masked is not searched: matching on it would reveal hidden characters.
        const masked = new Set((await maskedFor(request, sensitiveFields(ctx.defs, target.code))).map((m) => m.field));
        const searched = [f.ref.display, ...(f.ref.search ?? [])].filter((name) => !masked.has(name));
        let q = dbOf(ctx)
          .selectFrom(target.code)
          .select([sql.ref('id').as('value'), sql.ref(f.ref.display).as('text')])
          .where(where);
        if (parent) q = q.select(sql.ref(parent).as('parent'));
        if (ids.length) q = q.where(sql.ref('id'), 'in', ids);
        const text = keyword?.trim();
        if (text) q = q.where((eb) => eb.or(searched.map((name) => contains(sql.ref(name), text))));
        const result = await fetchPage(ctx.db, q, [[f.ref.display, 'asc']], {
          pageNo: ids.length || parent ? 1 : pageNo,
          pageSize: parent ? MAX_TREE_OPTIONS : ids.length ? MAX_REF_PAGE_SIZE : pageSize,
        });
        const mask = await displayMask(request, ctx.defs, f);
        const records = (result.records as Array<{ value: unknown; text: unknown; parent?: unknown }>).map((r) => ({
          value: String(r.value),
          text: (mask ? mask(r.text) : r.text) ?? '',
          ...(parent ? { parent: r.parent === null || r.parent === undefined ? null : String(r.parent) } : {}),
        }));
        return ok({ records, total: result.total });
      },
    );
  }
}
