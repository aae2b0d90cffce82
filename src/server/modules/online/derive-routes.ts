import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../../shared/envelope.js';
import type { Access } from '../../http/access.js';
import { bizError, noPermission } from '../../http/errors.js';
import { IdParam } from '../../lib/id-list.js';
import { deriveAccess, deriveOffered, derivedRecord } from './derive.js';
import type { EntityModel } from './entity-model.js';
import { findRecord } from './entity-records.js';
import { stateText } from './workflow.js';

/**
 * `GET <api>/derive/<entity>/<key>/<id>` for each declared push-down: to callers who may add the target
 * (its `<target>:add`) and read the source, the prefilled target record of a source row in their scope
 * and in one of the push-down's states. Nothing is written.
 */
export function deriveRoutes(fastify: FastifyInstance, api: string, model: EntityModel, read: Access) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const entity = model.entity;
  for (const d of entity.derive ?? [])
    app.get(
      `${api}/derive/${entity.code}/${d.key}/:id`,
      { config: { access: deriveAccess(d) }, schema: { params: Type.Object({ id: IdParam() }) } },
      async (request) => {
        // The source is read as well: its read permission (unless any signed-in user may read it).
        if (read !== 'login' && !(await request.permissions()).has(read)) throw noPermission();
        const row = await findRecord(ctx, request, model, request.params.id);
        if (!deriveOffered(entity, d, row)) {
          const state = entity.workflow ? row[entity.workflow.field] : null;
          throw bizError(`该记录当前状态为“${stateText(ctx.defs, entity, state)}”，不能${d.name}`);
        }
        return ok(await derivedRecord(ctx, request, model, d, row));
      },
    );
}
