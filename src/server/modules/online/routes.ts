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
import { assertKnownValues } from './known-values.js';
import { childDefinition, childRecords, childrenOf, deleteChildrenOf, parentEntityOf } from './children.js';
import { assertChildDictValues, saveChildren } from './child-save.js';
import { computeRecord, formulaValues } from './computed.js';
import { releaseReferences } from './ref-delete.js';
import { refOptionRoutes } from './ref-options.js';
import { attachRefText } from './ref-text.js';
import { attachPickedText } from './ref-many.js';
import {
  actionableFilter,
  assertNoneLocked,
  assertNotLocked,
  assertStateUnchanged,
  attachTransitions,
} from './workflow.js';
import { afterWrite, rollupTargets, type Derived, type Targets } from './derived-updates.js';
import { transitionRoutes } from './workflow-routes.js';
import { withLiveFields } from './live-fields.js';
import { assertChecks } from './checks.js';
import { assertTreeParent } from './tree-parent.js';
import { attachDerive } from './derive.js';
import { deriveRoutes } from './derive-routes.js';
import { recordChange, recordChanges } from '../history/change-log.js';
import { entitySnapshot, entitySnapshots, recordInserted } from '../history/entity-snapshot.js';
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
const FieldValue = Type.Union([
  Type.String({ maxLength: 100_000 }),
  Type.Number(),
  Type.Boolean(),
  Type.Null(),
  Type.Array(Type.Union([Type.String({ maxLength: 1000 }), Type.Number()]), { maxItems: 500 }),
]);
const ChildRow = Type.Record(Type.String({ maxLength: 80 }), FieldValue, { maxProperties: 300 });
// Child tables (master-detail) come as arrays of rows under the child's code; each definition's
// maxRows (at most 1000) is enforced with its own message by child-save.ts. Rows go first: Fastify's
// ajv coerces a one-element array to its element while trying the scalar branches.
const RecordBody = Type.Record(
  Type.String({ maxLength: 80 }),
  Type.Union([Type.Array(ChildRow, { maxItems: 1000 }), FieldValue]),
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
    // A child entity is read and written only through its parent (children.ts), by the parent's readers.
    const parent = parentEntityOf(ctx.defs, entity);
    const read = readAccess(parent ?? entity);
    const IdParams = Type.Object({ id: IdParam() });
    const sensitive = sensitiveFields(ctx.defs, model.table);

    // A child's rows are listed only under their parent (queryById).
    if (!entity.parent)
      app.get(
        `${ONLINE_API}/getData/${code}`,
        { config: { access: read }, schema: { querystring: ListQuery } },
        async (request) => {
          const query = request.query as Record<string, unknown>;
          const page = await listRecords(ctx, request, model, query, await actionableFilter(request, entity, query));
          const records = await attachTransitions(request, ctx.defs, entity, page.records);
          return ok({ ...page, records: await attachDerive(request, entity, records) });
        },
      );

    app.get(`${ONLINE_API}/getColumns/${code}`, { config: { access: read } }, async () =>
      ok(await describeColumns(ctx, entity)),
    );

    app.get(`${ONLINE_API}/getQueryInfo/${code}`, { config: { access: read } }, async () =>
      ok(describeQuery(entity)),
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
          await attachPickedText(request, entity, await attachRefText(request, entity, withLiveFields(entity, [row]))),
        );
        const [withState] = await attachTransitions(request, ctx.defs, entity, [shown]);
        return ok({ ...withState, ...(await childRecords(ctx, request, model, request.params.id)) });
      },
    );

    app.post(
      `${ONLINE_API}/form/${code}`,
      { config: { access: entityAccess(entity, 'add') }, schema: { body: RecordBody } },
      async (request) => {
        const session = request.user();
        const record = computeRecord(entity, recordFromBody(model, request.body, 'add'));
        assertValid(model, record);
        assertChecks(entity, record);
        await assertKnownValues(request, model, record);
        await assertChildDictValues(ctx, request, model, request.body);
        const db = dbOf(ctx);
        await assertUnique(db, model, session, record);
        const { id, derived } = await db.transaction().execute(async (trx) => {
          const [added] = await insertRecords(trx, ctx, model, session, [record]);
          await saveChildren(trx, ctx, request, model, added, request.body, 'add');
          await recordInserted(trx, request, model, [added], 'add');
          return { id: added, derived: await afterWrite(trx, ctx, request, code, [added]) };
        });
        await derived.notify();
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
        assertNotLocked(ctx.defs, entity, stored);
        assertStateUnchanged(entity, request.body, stored);
        // A form that loaded masked values sends them back unchanged: those keep the stored values.
        const changes = recordFromBody(model, keepStoredValues(sensitive, request.body, stored), 'edit');
        const merged = computeRecord(entity, { ...fieldValues(model, stored), ...changes });
        Object.assign(changes, formulaValues(entity, merged));
        assertValid(model, merged);
        assertChecks(entity, merged);
        await assertKnownValues(request, model, changes, stored);
        await assertChildDictValues(ctx, request, model, request.body, id);
        const db = dbOf(ctx);
        if (entity.tree && entity.tree.field in changes) await assertTreeParent(db, entity, id, changes[entity.tree.field]);
        await assertUnique(db, model, session, changes, id);
        const derived = await db.transaction().execute(async (trx) => {
          const before = await entitySnapshot(trx, ctx.defs, model, id);
          // What the record and its child rows rolled up into before: a moved ref leaves an old target.
          const prior = await rollupTargets(trx, ctx.defs, code, [id]);
          await updateRecord(trx, model, session, id, changes);
          await saveChildren(trx, ctx, request, model, id, request.body, 'edit');
          const after = await entitySnapshot(trx, ctx.defs, model, id);
          await recordChange(trx, request, { table: code, id, action: 'edit', before, after });
          return afterWrite(trx, ctx, request, code, [id], prior);
        });
        await derived.notify();
        request.log.info({ entity: code, id, by: session.userId }, 'online record edited');
        return ok(id, '编辑成功!');
      },
    );

    // One id needs <code>:delete; several are a batch delete and need <code>:batch_delete too. The ids
    // come in the path (`…/{ids}`, as the console sends them), or in `?ids=` or a JSON body without one.
    const remove = async (request: FastifyRequest, ids: string[]) => {
      const batch = ids.length > 1;
      if (batch && !(await request.permissions()).has(entityAccess(entity, 'batch_delete')))
        throw noPermission();
      let prior: Targets = new Map();
      let derived: Derived | undefined;
      await deleteRecords(ctx, request, model, ids, async (trx) => {
        await assertNoneLocked(trx, ctx.defs, model, ids);
        prior = await rollupTargets(trx, ctx.defs, code, ids);
        // Rows of other entities referring to these: refused (restrict) or cleared (setNull), ref-delete.ts.
        await releaseReferences(trx, ctx.defs, entity, ids);
        // The whole rows, children included, go into history first: a restore puts them back.
        const snaps = await entitySnapshots(trx, ctx.defs, model, ids);
        await recordChanges(
          trx,
          request,
          [...snaps].map(([id, before]) => ({ table: code, id, action: 'delete' as const, before, after: null })),
        );
        await deleteChildrenOf(trx, ctx.defs, model, ids);
      }, async (trx) => {
        derived = await afterWrite(trx, ctx, request, code, ids, prior);
      });
      await derived?.notify();
      request.log.info({ entity: code, ids, by: request.user().userId }, 'online records deleted');
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
