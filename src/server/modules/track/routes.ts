import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../../shared/envelope.js';
import { IdParam } from '../../lib/id-list.js';
import { entityModel } from '../online/entity-model.js';
import { findRecord } from '../online/entity-records.js';
import { ONLINE_API, readAccess } from '../online/routes.js';
import { trackEvents } from './track-events.js';
import { labelField, labelMap, trackedRecords } from './track-links.js';
import { searchDocuments } from './track-search.js';
import { trackSummary } from './track-summary.js';

/**
 * Record tracking (单据跟踪, entity `track`): one timeline of the changes to a record and to the records
 * linked to it, and the header search that finds a record by its document number.
 */
export async function trackRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;

  // Registered per tracked entity so that each carries the entity's read access.
  for (const entity of ctx.defs.entities.filter((e) => e.track && !e.parent)) {
    const model = entityModel(entity);
    app.get(
      `${ONLINE_API}/track/${entity.code}/:id`,
      { config: { access: readAccess(entity) }, schema: { params: Type.Object({ id: IdParam() }) } },
      async (request) => {
        const row = await findRecord(ctx, request, model, request.params.id);
        const tracked = await trackedRecords(request, entity, row);
        const { events, truncated } = await trackEvents(request, tracked);
        const label = (await labelMap(request, entity, [row])).get(String(row.id)) ?? '';
        return ok({
          record: {
            id: row.id,
            entity: entity.code,
            entityName: entity.name,
            label,
            labelTitle: model.byName.get(labelField(entity))?.title ?? '',
            fields: await trackSummary(request, entity, row),
          },
          events,
          truncated,
        });
      },
    );
  }

  app.get(
    '/sys/track/search',
    {
      config: { access: 'login' },
      schema: { querystring: Type.Object({ keyword: Type.String({ maxLength: 64 }) }) },
    },
    async (request) => ok(await searchDocuments(request, request.query.keyword)),
  );
}
