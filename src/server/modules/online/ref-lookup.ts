import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { EntityDefinition, EntityField } from '../../../shared/schema-types.js';
import { maskValue, type SensitiveKind } from '../../../shared/mask.js';
import type { Definitions } from '../../definitions/load.js';
import { maskedFor, sensitiveFields } from '../../lib/sensitive.js';
import { dbOf, type AnyDb } from './entity-records.js';
import { requestScope } from './entity-scope.js';

/**
 * Many-to-one relations (EntityRef in the entity meta-schema): a ref field stores the id of a row of its
 * target entity. This file names the target and reads its rows the way every ref feature needs them.
 */

export type RefField = EntityField & { ref: NonNullable<EntityField['ref']> };

export const isRef = (f: EntityField): f is RefField => !!f.ref;

/** The target entity of a ref field; definitions are checked at start, so it exists. */
export function refTarget(defs: Pick<Definitions, 'entities'>, f: RefField): EntityDefinition {
  const target = defs.entities.find((e) => e.code === f.ref.entity);
  if (!target) throw new Error(`ref target ${f.ref.entity} of ${f.name} is not defined`);
  return target;
}

/** A mask for the target's display text when the caller may not see that field whole (null: shown as is). */
export async function displayMask(
  request: FastifyRequest,
  defs: Definitions,
  f: RefField,
): Promise<((text: unknown) => unknown) | null> {
  const hidden = await maskedFor(request, sensitiveFields(defs, f.ref.entity));
  const kind: SensitiveKind | undefined = hidden.find((h) => h.field === f.ref.display)?.kind;
  return kind ? (text) => maskValue(kind, text) : null;
}

export interface RefRow {
  id: string;
  text: string | null;
}

/** Values are looked up in chunks so every dialect stays under its bound-parameter limit. */
const CHUNK = 500;

/**
 * The target rows inside the caller's scope on the target (tenant, data scope, data rules) whose id —
 * or, with `byText`, whose display value — is one of `values`. The one place a write's ref values are
 * checked (add, edit, import, child rows) and an import's texts are resolved. `db`: the write's
 * transaction when one is open (see requestScope).
 */
export async function scopedRefRows(
  request: FastifyRequest,
  f: RefField,
  values: string[],
  byText = false,
  db?: AnyDb,
): Promise<RefRow[]> {
  const { ctx } = request.server;
  const target = refTarget(ctx.defs, f);
  const where = await requestScope(request, target, db);
  const out: RefRow[] = [];
  const wanted = [...new Set(values)];
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const chunk = wanted.slice(i, i + CHUNK);
    const rows = (await (db ?? dbOf(ctx))
      .selectFrom(target.code)
      .select([sql.ref('id').as('id'), sql.ref(f.ref.display).as('text')])
      .where(where)
      .where((eb) =>
        byText
          ? eb.or([eb(sql.ref('id'), 'in', chunk), eb(sql.ref(f.ref.display), 'in', chunk)])
          : eb(sql.ref('id'), 'in', chunk),
      )
      .execute()) as Array<{ id: string; text: unknown }>;
    for (const r of rows) out.push({ id: String(r.id), text: r.text === null ? null : String(r.text) });
  }
  return out;
}
