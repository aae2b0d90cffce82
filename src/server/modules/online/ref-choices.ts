import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { dbOf } from './entity-records.js';
import { requestScope } from './entity-scope.js';
import { displayMask, refTarget, type RefField } from './ref-lookup.js';

/** A ref field's choices given whole to a client without the paged picker; a larger target is cut here. */
export const MAX_REF_CHOICES = 500;

export interface RefChoice {
  value: string;
  text: string;
}

/**
 * The rows a ref field may point at, as `{ value: id, text: display }` options — the first
 * MAX_REF_CHOICES of the target inside the caller's scope on the TARGET, by display text, the display
 * masked when the caller may not see it whole (as the picker of ref-options.ts). For clients that take a
 * field's options in one list: the Vue2 online form's select and the online list's query select.
 */
export async function refChoices(request: FastifyRequest, f: RefField): Promise<RefChoice[]> {
  const { ctx } = request.server;
  const target = refTarget(ctx.defs, f);
  const where = await requestScope(request, target);
  const rows = (await dbOf(ctx)
    .selectFrom(target.code)
    .select([sql.ref('id').as('value'), sql.ref(f.ref.display).as('text')])
    .where(where)
    .orderBy(sql.ref(f.ref.display))
    .orderBy(sql.ref('id'))
    .limit(MAX_REF_CHOICES)
    .execute()) as Array<{ value: unknown; text: unknown }>;
  const mask = await displayMask(request, ctx.defs, f);
  return rows.map((r) => {
    const text = mask ? mask(r.text) : r.text;
    return { value: String(r.value), text: text === null || text === undefined ? '' : String(text) };
  });
}
