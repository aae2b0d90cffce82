import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../../shared/envelope.js';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import type { Access } from '../../http/access.js';
import { noPermission } from '../../http/errors.js';
import { BATCH_IDS_QUERY, batchIds, IdListParam, IdParam, optionalIdList } from '../../lib/id-list.js';
import { ListQuery } from '../../lib/paged-query.js';
import { attachColors } from './dict-colors.js';
import { describeColumns, describeQuery } from './entity-columns.js';
import { describeFormItems, describeQueryVue3 } from './form-items.js';
import { entityModel } from './entity-model.js';
import { childDefinition, childRecords, childrenOf, parentEntityOf } from './children.js';
import { listView } from './list-view.js';
import { refOptionRoutes } from './ref-options.js';
import { attachRefText } from './ref-text.js';
import { attachPickedText } from './ref-many.js';
import { actionableFilter, attachTransitions } from './workflow.js';
import { transitionRoutes } from './workflow-routes.js';
import { withLiveFields } from './live-fields.js';
import { withFormDocuments } from './form-documents.js';
import { attachDerive } from './derive.js';
import { deriveRoutes } from './derive-routes.js';
import { findRecord, listRecords, protectRecords } from './entity-records.js';
import { addRecord, editRecord, removeRecords } from './entity-writes.js';

export const ONLINE_API = '/online/cgform/api';

/** The read access of an entity: its `<code>:list` code, or any signed-in user when it says so. */
export const readAccess = (e: EntityDefinition): Access =>
  (e.readAccess ?? 'permission') === 'login' ? 'login' : `${e.code}:list`;
export const entityAccess = (
  e: EntityDefinition,
  op: 'add' | 'edit' | 'delete' | 'batch_delete' | 'import' | 'export',
): Access => `${e.code}:${op}`;

// A record body: any declared field names with scalar or list values; undeclared keys are dropped later.
const FieldValue = Type.Union([
  Type.String({ maxLength: 100_000 }),
  Type.Number(),
  Type.Boolean(),
  Type.Null(),
  Type.Array(Type.Union([Type.String({ maxLength: 1000 }), Type.Number()]), { maxItems: 500 }),
]);
// A form document (field of type form) comes whole as an object; its form checks it (form-documents.ts).
const FormDocument = Type.Record(Type.String({ maxLength: 80 }), Type.Unknown(), { maxProperties: 500 });
const ChildRow = Type.Record(Type.String({ maxLength: 80 }), FieldValue, { maxProperties: 300 });
// Child tables (master-detail) come as arrays of rows under the child's code; each definition's
// maxRows (at most 1000) is enforced with its own message by child-save.ts. Rows go first: Fastify's
// ajv coerces a one-element array to its element while trying the scalar branches.
export const RecordBody = Type.Record(
  Type.String({ maxLength: 80 }),
  Type.Union([Type.Array(ChildRow, { maxItems: 1000 }), FieldValue, FormDocument]),
  { maxProperties: 300 },
);

/** The Vue2 online list keys its rows (and so its selection, and its batch delete) by `jeecg_row_key`. */
const withRowKeys = <T extends { id?: unknown }>(records: T[]) => records.map((r) => ({ ...r, jeecg_row_key: r.id }));

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
    // A child entity is read and written only through its parent (children.ts), by the parent's readers.
    const parent = parentEntityOf(ctx.defs, entity);
    const read = readAccess(parent ?? entity);
    const IdParams = Type.Object({ id: IdParam() });

    const list = async (request: FastifyRequest) => {
      const { query, narrow } = await listView(request, ctx.defs, entity, request.query as Record<string, unknown>);
      const page = await listRecords(ctx, request, model, query, narrow);
      const records = attachColors(ctx.defs, entity, await attachTransitions(request, ctx.defs, entity, page.records));
      return ok({ ...page, records: withRowKeys(await attachDerive(request, entity, records)) });
    };
    // A child's rows are listed only under their parent (queryById), or at its protocol address.
    if (!entity.parent)
      app.get(`${ONLINE_API}/getData/${code}`, { config: { access: read }, schema: { querystring: ListQuery } }, list);
    // The protocol's own address of this list (listAlias), e.g. the mobile application's status configuration.
    if (entity.listAlias)
      app.get(entity.listAlias, { config: { access: read }, schema: { querystring: ListQuery } }, list);

    // How many rows a list query finds, as a number: a menu badge (cornerMark) such as open warnings.
    if (!entity.parent)
      app.get(
        `${ONLINE_API}/count/${code}`,
        { config: { access: read }, schema: { querystring: ListQuery } },
        async (request) => {
          const query = { ...(request.query as Record<string, unknown>), pageNo: 1, pageSize: 1 };
          const page = await listRecords(ctx, request, model, query, await actionableFilter(request, entity, query));
          return ok(page.total);
        },
      );

    app.get(`${ONLINE_API}/getColumns/${code}`, { config: { access: read } }, async (request) =>
      ok(await describeColumns(request, entity)),
    );

    // The add/edit/detail modal of the Vue2 online list (form-items.ts); to the same readers.
    app.get(`${ONLINE_API}/getFormItem/${code}`, { config: { access: read } }, async (request) =>
      ok(await describeFormItems(request, entity)),
    );

    app.get(`${ONLINE_API}/getQueryInfo/${code}`, { config: { access: read } }, async () =>
      ok(describeQuery(entity)),
    );
    app.get(`${ONLINE_API}/getQueryInfoVue3/${code}`, { config: { access: read } }, async (request) =>
      ok(await describeQueryVue3(request, entity)),
    );
    // A ref field's picker: whoever may read the entity or fill its form (the parent's, for a child).
    const owner = parent ?? entity;
    refOptionRoutes(
      fastify,
      entity,
      [read, entityAccess(owner, 'add'), entityAccess(owner, 'edit')],
      ONLINE_API,
    );
    // The child tables' definitions, for the parent's form and detail (ChildTable); to the parent's readers.
    const links = childrenOf(ctx.defs, parent?.code ?? code);
    const own = links.find((l) => l.model.table === code);
    if (own)
      app.get(`${ONLINE_API}/childDefinition/${code}`, { config: { access: read } }, async () =>
        ok(childDefinition(own)),
      );
    // Every parent-capable entity answers (an empty list without children): a detail asks each one.
    else
      app.get(`${ONLINE_API}/children/${code}`, { config: { access: read } }, async () =>
        ok(links.map(childDefinition)),
      );
    if (entity.parent) continue;
    transitionRoutes(fastify, ONLINE_API, model);
    deriveRoutes(fastify, ONLINE_API, model, read);

    app.get(
      `${ONLINE_API}/form/${code}/:id`,
      { config: { access: read }, schema: { params: IdParams } },
      async (request) => {
        const row = await findRecord(ctx, request, model, request.params.id);
        const [shown] = await protectRecords(
          ctx,
          request,
          model,
          await attachPickedText(
            request,
            entity,
            await attachRefText(request, entity, withFormDocuments(entity, withLiveFields(entity, [row]))),
          ),
        );
        const [withState] = attachColors(ctx.defs, entity, await attachTransitions(request, ctx.defs, entity, [shown]));
        return ok({ ...withState, ...(await childRecords(ctx, request, model, request.params.id)) });
      },
    );

    app.post(
      `${ONLINE_API}/form/${code}`,
      { config: { access: entityAccess(entity, 'add') }, schema: { body: RecordBody } },
      async (request) => ok(await addRecord(request, model, request.body), '添加成功！'),
    );

    app.put(
      `${ONLINE_API}/form/${code}`,
      { config: { access: entityAccess(entity, 'edit') }, schema: { body: RecordBody } },
      async (request) => ok(await editRecord(request, model, request.body), '编辑成功!'),
    );

    // One id needs <code>:delete; several are a batch delete and need <code>:batch_delete too. The ids
    // come in the path (`…/{ids}`, as the console sends them), or in `?ids=` or a JSON body without one.
    const remove = async (request: FastifyRequest, ids: string[]) => {
      const batch = ids.length > 1;
      if (batch && !(await request.permissions()).has(entityAccess(entity, 'batch_delete')))
        throw noPermission();
      await removeRecords(request, model, ids);
      return ok(null, batch ? '批量删除成功!' : '删除成功!');
    };
    app.delete(
      `${ONLINE_API}/form/${code}/:id`,
      {
        config: { access: entityAccess(entity, 'delete') },
        schema: { params: Type.Object({ id: IdListParam() }) },
      },
      async (request) => remove(request, optionalIdList(request.params.id, 'id')),
    );
    app.delete(
      `${ONLINE_API}/form/${code}`,
      { config: { access: entityAccess(entity, 'delete') }, schema: { querystring: BATCH_IDS_QUERY } },
      async (request) => remove(request, batchIds(request)),
    );
  }
}
