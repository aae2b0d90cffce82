import type { FastifyRequest } from 'fastify';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import { attachDictText } from '../../lib/dict-text.js';
import { text } from '../history/change-view.js';
import { entityModel } from '../online/entity-model.js';
import { protectRecords, type EntityRow } from '../online/entity-records.js';
import { withLiveFields } from '../online/live-fields.js';
import { attachPickedText } from '../online/ref-many.js';
import { attachRefText } from '../online/ref-text.js';

/** How many list columns the summary shows when the entity names none. */
const DEFAULT_SUMMARY_FIELDS = 6;

/** The summary's fields: `track.summary`, or the list's first columns. */
export const summaryFields = (entity: EntityDefinition): string[] =>
  entity.track?.summary ??
  entity.fields
    .filter((f) => f.list !== false)
    .slice(0, DEFAULT_SUMMARY_FIELDS)
    .map((f) => f.name);

/** The record's summary as the list shows it: live fields computed, dictionary and ref texts, personal fields masked. */
export async function trackSummary(request: FastifyRequest, entity: EntityDefinition, row: EntityRow) {
  const { ctx } = request.server;
  const model = entityModel(entity);
  const [dicts] = await attachDictText(ctx.db.kysely, ctx.defs, withLiveFields(entity, [{ ...row }]), model.fields, request.user().tenantId);
  const withRefs = await attachPickedText(request, entity, await attachRefText(request, entity, [dicts]));
  const [shown] = await protectRecords(ctx, request, model, withRefs);
  return summaryFields(entity).map((name) => {
    const f = entity.fields.find((x) => x.name === name);
    // Numbers carry their places, so the console shows them as lists do (thousands separators).
    const numeric = f && !f.dictCode && !f.ref && ['int', 'bigint', 'decimal'].includes(f.type);
    return {
      field: name,
      title: model.byName.get(name)?.title ?? name,
      text: text(shown, name),
      ...(numeric ? { decimals: f.type === 'decimal' ? (f.scale ?? 2) : 0 } : {}),
    };
  });
}
