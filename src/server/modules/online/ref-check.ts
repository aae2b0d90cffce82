import type { FastifyRequest } from 'fastify';
import type { CleanRecord, FieldError } from '../../../shared/entity-record.js';
import type { EntityModel } from './entity-model.js';
import type { AnyDb } from './entity-records.js';
import { isRef, scopedRefRows } from './ref-lookup.js';

export const REF_UNKNOWN = '所选数据不存在或无权访问';

/**
 * Ref values of a write that name no row of the target inside the caller's scope (issue 12 §6): the
 * caller could not have picked them. Only the values the write changes are checked (`stored`), so an
 * edit keeps a reference someone else with a wider scope set before. A child row's check runs inside
 * the parent's transaction (`db`) and skips the link to the parent, which the server sets (`skip`).
 */
export async function unknownRefs(
  request: FastifyRequest,
  model: EntityModel,
  record: CleanRecord,
  stored?: Record<string, unknown>,
  inTransaction?: { db: AnyDb; skip: string },
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const f of model.entity.fields.filter(isRef)) {
    const value = record[f.name];
    if (value === null || value === undefined || value === '' || f.name === inTransaction?.skip) continue;
    if (stored && String(stored[f.name] ?? '') === String(value)) continue;
    const found = await scopedRefRows(request, f, [String(value)], false, inTransaction?.db);
    if (found.length === 0) errors.push({ field: f.name, title: f.title, message: REF_UNKNOWN });
  }
  return errors;
}

type RefResolver = (value: string) => { id: string } | { error: string };

/** The cell text of a sheet value (empty cells give null). */
const cellText = (v: unknown) =>
  v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim();

/**
 * Import: for each ref field, a resolver of the sheet's values to the ids they name within the caller's
 * scope on the target, read with one query per field for the whole sheet. A value is a target id or the
 * target's display text; a text two rows share is ambiguous.
 */
export async function refResolvers(
  request: FastifyRequest,
  model: EntityModel,
  rows: Array<{ values: Record<string, unknown> }>,
): Promise<Map<string, RefResolver>> {
  const out = new Map<string, RefResolver>();
  for (const f of model.entity.fields.filter(isRef)) {
    const wanted = rows.flatMap((r) => cellText(r.values[f.name]) ?? []);
    const found = wanted.length ? await scopedRefRows(request, f, wanted, true) : [];
    const ids = new Set(found.map((r) => r.id));
    const byText = new Map<string, string[]>();
    for (const r of found) if (r.text !== null) byText.set(r.text, [...(byText.get(r.text) ?? []), r.id]);
    out.set(f.name, (value) => {
      if (ids.has(value)) return { id: value };
      const matches = byText.get(value) ?? [];
      if (matches.length === 1) return { id: matches[0] };
      if (matches.length > 1)
        return {
          error: `${f.title}：“${value}”对应 ${matches.length} 条数据，无法确定是哪一条，请改填其 ID`,
        };
      return { error: `${f.title}：“${value}”${REF_UNKNOWN}` };
    });
  }
  return out;
}

/** Replaces the ref cells of an imported row by the ids they name, or adds the row's errors. */
export function resolveRefCells(
  refs: Map<string, RefResolver>,
  values: Record<string, unknown>,
  errors: string[],
) {
  for (const [name, resolve] of refs) {
    const text = cellText(values[name]);
    if (text === null) continue;
    const resolved = resolve(text);
    if ('error' in resolved) errors.push(resolved.error);
    else values[name] = resolved.id;
  }
}
