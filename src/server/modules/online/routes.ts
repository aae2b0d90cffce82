import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../../shared/envelope.js';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import type { Access } from '../../http/access.js';
import { badRequest, noPermission } from '../../http/errors.js';
import { BATCH_IDS_QUERY, batchIds, IdListParam, IdParam, optionalIdList } from '../../lib/id-list.js';
import { ListQuery } from '../../lib/paged-query.js';
import { keepStoredValues, sensitiveFields } from '../../lib/sensitive.js';
import { describeColumns, describeQuery } from './entity-columns.js';
import { assertValid, entityModel, recordFromBody } from './entity-model.js';
import {
  assertUnique,
  dbOf,
  deleteRecords,
  fieldValues,
  findRecord,
  insertRecords,
  listRecords,
  protectRecords,
  updateRecord,
} from './entity-records.js';

export const ONLINE_API = '/online/cgform/api';

/** The read access of an entity: its `<code>:list` code, or any signed-in user when it says so. */
export const readAccess = (e: EntityDefinition): Access =>
  (e.readAccess ?? 'permission') === 'login' ? 'login' : `${e.code}:list`;
export const entityAccess = (
  e: EntityDefinition,
  op: 'add' | 'edit' | 'delete' | 'batch_delete' | 'import' | 'export',
): Access => `${e.code}:${op}`;

// A record body: any declared field names with scalar or list values; undeclared keys are dropped later.
const RecordBody = Type.Record(
  Type.String({ maxLength: 80 }),
  Type.Union([
    Type.String({ maxLength: 100_000 }),
    Type.Number(),
    Type.Boolean(),
    Type.Null(),
    Type.Array(Type.Union([Type.String({ maxLength: 1000 }), Type.Number()]), { maxItems: 500 }),
  ]),
  { maxProperties: 300 },
);

/**
 * The generic CRUD of entity definitions under the original online-form paths (DESIGN §2). Routes are
 * registered per entity synced at start, so each carries its own permission code in `config.access`;
 * an unknown code is simply an unknown path (404).
 */
export async function onlineRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;

  for (const entity of ctx.defs.entities) {
    const model = entityModel(entity);
    const code = entity.code;
    const read = readAccess(entity);
    const IdParams = Type.Object({ id: IdParam() });
    const sensitive = sensitiveFields(ctx.defs, model.table);

    app.get(
      `${ONLINE_API}/getData/${code}`,
      { config: { access: read }, schema: { querystring: ListQuery } },
      async (request) => ok(await listRecords(ctx, request, model, request.query as Record<string, unknown>)),
    );

    app.get(`${ONLINE_API}/getColumns/${code}`, { config: { access: read } }, async () =>
      ok(await describeColumns(ctx, entity)),
    );

    app.get(`${ONLINE_API}/getQueryInfo/${code}`, { config: { access: read } }, async () =>
      ok(describeQuery(entity)),
    );

    app.get(
      `${ONLINE_API}/form/${code}/:id`,
      { config: { access: read }, schema: { params: IdParams } },
      async (request) => {
        const row = await findRecord(ctx, request, model, request.params.id);
        const [shown] = await protectRecords(ctx, request, model, [row]);
        return ok(shown);
      },
    );

    app.post(
      `${ONLINE_API}/form/${code}`,
      { config: { access: entityAccess(entity, 'add') }, schema: { body: RecordBody } },
      async (request) => {
        const session = request.user();
        const record = recordFromBody(model, request.body, 'add');
        assertValid(model, record);
        const db = dbOf(ctx);
        await assertUnique(db, model, session, record);
        const [id] = await insertRecords(db, ctx, model, session, [record]);
        request.log.info({ entity: code, id, by: session.userId }, 'online record added');
        return ok(id, '添加成功！');
      },
    );

    app.put(
      `${ONLINE_API}/form/${code}`,
      { config: { access: entityAccess(entity, 'edit') }, schema: { body: RecordBody } },
      async (request) => {
        const session = request.user();
        const id = request.body.id;
        if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(id))
          throw badRequest('缺少必填请求体：id');
        const stored = await findRecord(ctx, request, model, id);
        // A form that loaded masked values sends them back unchanged: those keep the stored values.
        const changes = recordFromBody(model, keepStoredValues(sensitive, request.body, stored), 'edit');
        const merged = { ...fieldValues(model, stored), ...changes };
        assertValid(model, merged);
        const db = dbOf(ctx);
        await assertUnique(db, model, session, changes, id);
        await updateRecord(db, model, session, id, changes);
        request.log.info({ entity: code, id, by: session.userId }, 'online record edited');
        return ok(id, '编辑成功!');
      },
    );

    // One id needs <code>:delete; several are a batch delete and need <code>:batch_delete too. The ids
    // come in the path (`…/{ids}`, as the console sends them), or in `?ids=` or a JSON body without one.
    const remove = async (request: FastifyRequest, ids: string[]) => {
      const batch = ids.length > 1;
      if (batch && !(await request.permissions()).has(entityAccess(entity, 'batch_delete'))) throw noPermission();
      await deleteRecords(ctx, request, model, ids);
      request.log.info({ entity: code, ids, by: request.user().userId }, 'online records deleted');
      return ok(null, batch ? '批量删除成功!' : '删除成功!');
    };
    app.delete(
      `${ONLINE_API}/form/${code}/:id`,
      { config: { access: entityAccess(entity, 'delete') }, schema: { params: Type.Object({ id: IdListParam() }) } },
      async (request) => remove(request, optionalIdList(request.params.id, 'id')),
    );
    app.delete(
      `${ONLINE_API}/form/${code}`,
      { config: { access: entityAccess(entity, 'delete') }, schema: { querystring: BATCH_IDS_QUERY } },
      async (request) => remove(request, batchIds(request)),
    );
  }
}
