import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import { withUserText } from './user-text.js';
import { withFormTitles } from './form-code-fields.js';
import { dbOf, type EntityRow } from './entity-records.js';
import { displayMask, isRef, refTarget } from './ref-lookup.js';
import { withAreaText } from '../../lib/area.js';

/**
 * Adds `<field>_dictText` (the target row's display value) to rows for each ref field of the entity (and
 * an area field's 省/市/区):
 * ONE query per ref field for the whole page, never one per row. The text is read within the caller's
 * tenant (a stored reference stays readable after the target moved to another department), and masked
 * when the target's display field is personal data the caller may not see whole.
 */
export async function attachRefText<T extends EntityRow>(
  request: FastifyRequest,
  entity: EntityDefinition,
  shown: T[],
): Promise<T[]> {
  // Area fields' 省/市/区 ride along: every list, detail and export that shows ref text shows them too.
  const rows = await withFormTitles(
    request,
    entity,
    await withUserText(request, entity, withAreaText(entity, shown)),
  );
  const refs = entity.fields.filter(isRef);
  if (refs.length === 0 || rows.length === 0) return rows;
  const { ctx } = request.server;
  const texts = new Map<string, Map<string, unknown>>();
  for (const f of refs) {
    const ids = [
      ...new Set(rows.map((r) => r[f.name]).filter((v) => v !== null && v !== undefined && v !== '')),
    ].map(String);
    const map = new Map<string, unknown>();
    texts.set(f.name, map);
    if (ids.length === 0) continue;
    const target = refTarget(ctx.defs, f);
    let q = dbOf(ctx)
      .selectFrom(target.code)
      .select([sql.ref('id').as('id'), sql.ref(f.ref.display).as('text')])
      .where(sql.ref('id'), 'in', ids);
    if (target.scope?.tenant) q = q.where(sql.ref('tenantId'), '=', request.user().tenantId);
    const mask = await displayMask(request, ctx.defs, f);
    for (const r of (await q.execute()) as Array<{ id: unknown; text: unknown }>)
      map.set(String(r.id), mask ? mask(r.text) : r.text);
  }
  return rows.map((r) => {
    const out: EntityRow = { ...r };
    for (const f of refs) {
      const v = r[f.name];
      out[`${f.name}_dictText`] =
        v === null || v === undefined || v === '' ? (v ?? null) : (texts.get(f.name)?.get(String(v)) ?? null);
    }
    return out as T;
  });
}
