import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { ok, page } from '../../../shared/envelope.js';
import { badRequest, bizError, noPermission } from '../../http/errors.js';
import { IdParam } from '../../lib/id-list.js';
import { parentEntityOf } from '../online/children.js';
import { entityModel } from '../online/entity-model.js';
import { dbOf, RECORD_NOT_FOUND } from '../online/entity-records.js';
import { requestScope } from '../online/entity-scope.js';
import { readAccess } from '../online/routes.js';
import { visibleUsers } from '../user/user-access.js';
import { fieldChanges, type FieldChanges, type Snapshot } from './change-log.js';
import { changeItems, snapshotInScope, type Subject } from './change-view.js';
import { restoreDeleted } from './restore.js';
import { SYSTEM_TABLES } from './system-tables.js';

/**
 * The change history API (issue 16 §2). Read-only by design: the history of a record is listed, a
 * deleted entity record can be restored from it, and nothing edits or deletes history entries.
 */

const TableCode = Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' });
const Paging = {
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
};
/** How many recent deletes the recycle bin looks through (scope is checked on each snapshot). */
const DELETED_WINDOW = 500;

/** The table's subject, after the caller's read permission on it is checked. */
async function subjectOf(request: FastifyRequest, table: string): Promise<Subject> {
  const { defs } = request.server.ctx;
  const entity = defs.entities.find((e) => e.code === table);
  const access = entity ? readAccess(parentEntityOf(defs, entity) ?? entity) : SYSTEM_TABLES[table]?.access;
  if (!access) throw badRequest(`不支持查看该表的变更记录：${table}`);
  if (access !== 'login' && !(await request.permissions()).has(access)) throw noPermission();
  return entity
    ? { kind: 'entity', table, model: entityModel(entity) }
    : { kind: 'system', table, spec: SYSTEM_TABLES[table] };
}

/** The newest delete entry of a record (its snapshot), if any. */
async function lastDelete(request: FastifyRequest, table: string, recordId: string) {
  const row = await request.server.ctx.db.kysely
    .selectFrom('sysChangeLog')
    .select(['id', 'changes'])
    .where('tableName', '=', table)
    .where('recordId', '=', recordId)
    .where('action', '=', 'delete')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, snapshot: JSON.parse(row.changes) as Snapshot } : null;
}

/**
 * Refuses a record outside the caller's scope: a stored entity row through the list's scope, a deleted
 * one through its snapshot's scope columns; a user through the user page's scope. Other system tables
 * have no row scope beyond their permission.
 */
async function assertReadable(request: FastifyRequest, subject: Subject, recordId: string) {
  if (subject.kind === 'system') {
    if (subject.table !== 'sys_user') return;
    const db = request.server.ctx.db.kysely;
    for (const deleted of [false, true]) {
      const where = await visibleUsers(request, { deleted });
      if (
        await db
          .selectFrom('sysUser')
          .select('id')
          .where('sysUser.id', '=', recordId)
          .where(where)
          .executeTakeFirst()
      )
        return;
    }
    throw bizError(RECORD_NOT_FOUND);
  }
  const { model } = subject;
  const db = dbOf(request.server.ctx);
  const where = await requestScope(request, model.entity);
  const live = await db
    .selectFrom(model.table)
    .select(sql.ref('id').as('id'))
    .where(sql.ref('id'), '=', recordId)
    .where(where)
    .executeTakeFirst();
  if (live) return;
  const exists = await db
    .selectFrom(model.table)
    .select(sql.ref('id').as('id'))
    .where(sql.ref('id'), '=', recordId)
    .executeTakeFirst();
  const gone = exists ? null : await lastDelete(request, model.table, recordId);
  if (!gone || !(await snapshotInScope(request, model, gone.snapshot))) throw bizError(RECORD_NOT_FOUND);
}

export async function historyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;

  app.get(
    '/sys/changeLog/list',
    {
      config: { access: 'login' },
      schema: { querystring: Type.Object({ table: TableCode, recordId: IdParam(), ...Paging }) },
    },
    async (request) => {
      const { table, recordId, pageNo = 1, pageSize = 10 } = request.query;
      const subject = await subjectOf(request, table);
      await assertReadable(request, subject, recordId);
      const base = ctx.db.kysely
        .selectFrom('sysChangeLog')
        .where('tableName', '=', table)
        .where('recordId', '=', recordId);
      const { total } = await base
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      // A record holding form documents names its form: the lines of a document take the form's titles.
      const current =
        subject.kind === 'entity' && subject.model.entity.fields.some((f) => f.type === 'form')
          ? ((await dbOf(ctx)
              .selectFrom(subject.model.table)
              .selectAll()
              .where(sql.ref('id'), '=', recordId)
              .executeTakeFirst()) as Snapshot | undefined)
          : undefined;
      const records = [];
      for (const r of rows) {
        const stored = JSON.parse(r.changes) as Snapshot;
        const deleted = r.action === 'delete';
        const changes: FieldChanges = deleted ? fieldChanges(stored, null) : (stored as FieldChanges);
        const { changes: _raw, ...entry } = r;
        records.push({
          ...entry,
          items: await changeItems(request, subject, changes, '', deleted ? stored : current),
        });
      }
      return ok(page(records, Number(total), pageNo, pageSize));
    },
  );

  // The recycle bin of an entity: its deleted records not restored since, inside the caller's scope.
  app.get(
    '/sys/changeLog/deleted',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ table: TableCode, ...Paging }) } },
    async (request) => {
      const { table, pageNo = 1, pageSize = 10 } = request.query;
      const subject = await subjectOf(request, table);
      if (subject.kind !== 'entity' || subject.model.entity.parent) throw badRequest('该表不支持已删除记录');
      const { model } = subject;
      const rows = await ctx.db.kysely
        .selectFrom('sysChangeLog as l')
        .selectAll('l')
        .where('l.tableName', '=', table)
        .where('l.action', '=', 'delete')
        .where('l.tenantId', '=', request.user().tenantId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('sysChangeLog as r')
                .select('r.id')
                .whereRef('r.tableName', '=', 'l.tableName')
                .whereRef('r.recordId', '=', 'l.recordId')
                .where('r.action', '=', 'restore')
                .whereRef('r.id', '>', 'l.id'),
            ),
          ),
        )
        .orderBy('l.id', 'desc')
        .limit(DELETED_WINDOW)
        .execute();
      const visible = [];
      for (const r of rows) {
        const snapshot = JSON.parse(r.changes) as Snapshot;
        if (await snapshotInScope(request, model, snapshot)) visible.push({ r, snapshot });
      }
      const slice = visible.slice((pageNo - 1) * pageSize, pageNo * pageSize);
      const records = [];
      for (const { r, snapshot } of slice) {
        const items = await changeItems(request, subject, fieldChanges(snapshot, null), '', snapshot);
        records.push({
          id: r.id,
          recordId: r.recordId,
          createBy: r.createBy,
          createTime: r.createTime,
          ip: r.ip,
          items,
        });
      }
      return ok(page(records, visible.length, pageNo, pageSize));
    },
  );

  app.post(
    '/sys/changeLog/restore',
    {
      config: { access: 'login' },
      schema: { body: Type.Object({ id: IdParam() }, { additionalProperties: false }) },
    },
    async (request) => {
      const id = await restoreDeleted(request, request.body.id);
      return ok(id, '还原成功！');
    },
  );
}
