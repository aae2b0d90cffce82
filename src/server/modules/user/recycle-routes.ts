import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, okMessage } from '../../../shared/envelope.js';
import { formatDateTime } from '../../../shared/time.js';
import { trackedWrite } from '../history/system-change.js';
import { securityLog } from '../../audit/security-log.js';
import { idList, MAX_ID_LIST_CHARS } from '../../lib/id-list.js';
import { listFilters, paging, sortKeys } from '../../lib/list-query.js';
import { fetchPage, ListQuery } from '../../lib/paged-query.js';
import { probeSafeFields, USER_SENSITIVE } from '../../lib/sensitive.js';
import { loadManagedUsers, visibleUsers } from './user-access.js';
import { USER_COLUMNS, USER_FIELDS } from './user-fields.js';
import { decorateUsers } from './user-records.js';
import { purgeUsers, restoreConflict } from './recycle-store.js';

/** `userIds`: `a,b,c` (the original's form) or a JSON array. */
const UserIds = Type.Union([
  Type.String({ maxLength: MAX_ID_LIST_CHARS }),
  Type.Array(Type.String({ maxLength: 64 }), { maxItems: 1000 }),
]);
const RestoreBody = Type.Object({ userIds: UserIds });
const PurgeQuery = Type.Object({ userIds: UserIds });

/**
 * The user recycle bin (protocol §10: recycleBin, putRecycleBin, deleteRecycleBin): the logically
 * deleted users the caller could manage, restored or deleted for good. Same reach as every other user
 * write — scope, tenant and data rules, administrators only by administrators, no partial batches.
 */
export async function userRecycleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  app.get(
    '/sys/user/recycleBin',
    { config: { access: 'user:recycle' }, schema: { querystring: ListQuery } },
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const deleted = await visibleUsers(request, { deleted: true });
      const fields = await probeSafeFields(request, USER_FIELDS, USER_SENSITIVE);
      const q = db
        .selectFrom('sysUser')
        .select(USER_COLUMNS)
        .where(deleted)
        .where((eb) => listFilters(eb, fields, query));
      // Most recently deleted first: the delete stamps updateTime.
      const result = await fetchPage(ctx.db, q, sortKeys(fields, query, ['updateTime', 'desc']), paging(query));
      return ok({ ...result, records: await decorateUsers(ctx, result.records, request) });
    },
  );

  const restore = async (request: FastifyRequest<{ Body: typeof RestoreBody.static }>) => {
    const session = request.user();
    const users = await loadManagedUsers(
      db,
      request,
      idList(request.body.userIds, 'userIds'),
      'user.restore',
      { deleted: true },
    );
    const clash = await restoreConflict(db, users);
    if (clash) throw clash;
    const ids = users.map((u) => u.id);
    await trackedWrite(db, request, 'sys_user', ids, 'restore', (trx) =>
      trx
        .updateTable('sysUser')
        .set({ delFlag: 0, updateBy: session.username, updateTime: formatDateTime() })
        .where('id', 'in', ids)
        .where('delFlag', '=', 1)
        .execute(),
    );
    const names = users.map((u) => u.username);
    await securityLog(request, {
      event: 'user.restore',
      target: names.join(',').slice(0, 500),
      content: `从回收站还原用户：${names.join('、')}`,
    });
    return okMessage('还原成功');
  };
  app.put(
    '/sys/user/putRecycleBin',
    { config: { access: 'user:recycle' }, schema: { body: RestoreBody } },
    restore,
  );
  app.post(
    '/sys/user/putRecycleBin',
    { config: { access: 'user:recycle' }, schema: { body: RestoreBody } },
    restore,
  );

  app.delete(
    '/sys/user/deleteRecycleBin',
    { config: { access: 'user:purge' }, schema: { querystring: PurgeQuery } },
    async (request) => {
      const users = await loadManagedUsers(
        db,
        request,
        idList(request.query.userIds, 'userIds'),
        'user.purge',
        { deleted: true },
      );
      await purgeUsers(db, users);
      const names = users.map((u) => u.username);
      await securityLog(request, {
        event: 'user.purge',
        target: names.join(',').slice(0, 500),
        content: `彻底删除用户：${names.join('、')}`,
      });
      return okMessage('彻底删除成功');
    },
  );
}
