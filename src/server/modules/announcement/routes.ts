import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, okMessage } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import { ApiError, badRequest, bizError } from '../../http/errors.js';
import { attachDictText } from '../../lib/dict-text.js';
import { BATCH_IDS_QUERY, batchIds, idList } from '../../lib/id-list.js';
import { listPage } from '../../lib/list-page.js';
import { listFilters, paging, sortKeys } from '../../lib/list-query.js';
import { ListQuery, fetchPage } from '../../lib/paged-query.js';
import { ANNOUNCEMENT_COLUMNS, ANNOUNCEMENT_FIELDS, AnnouncementBody, INBOX_FIELDS, SEND_STATUS } from './fields.js';
import { announcementValues, assertMayRelease } from './input.js';
import { RECIPIENT_COLUMNS, addMissingAllRows, inbox, markAnnouncementsRead, unreadOf } from './inbox.js';
import { releaseAnnouncement, revokeAnnouncement, withdrawMessages } from './release.js';
import { trackedWrite } from '../history/system-change.js';

const LIST = 'announcement:list';
const RELEASE = 'announcement:release';
const IdQuery = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const ReadBody = Type.Object({
  anntId: Type.Optional(Type.String({ maxLength: 64 })),
  ids: Type.Optional(Type.String({ maxLength: 40_000 })),
});

/**
 * Announcements (protocol §7.1; the path keeps the original's spelling `annountCement`): the
 * administration CRUD, release and revoke, and each user's inbox and read marks.
 *
 * Deviation from the protocol: release and revoke change state, so they answer POST/PUT only; the
 * original's GET form answers 405 with a message naming the methods (security catalogue §12 item 14).
 */
export async function announcementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  /** One announcement of the caller's tenant, or "not found" (AC-04). */
  const loadOwn = async (request: FastifyRequest, id: string) => {
    const row = await db
      .selectFrom('sysAnnouncement')
      .selectAll()
      .where('id', '=', id)
      .where('tenantId', '=', request.user().tenantId)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!row) throw bizError('未找到对应数据');
    return row;
  };

  app.get('/sys/annountCement/list', { config: { access: LIST }, schema: { querystring: ListQuery } }, async (request) => {
    const base = db.selectFrom('sysAnnouncement').where('tenantId', '=', request.user().tenantId).where('delFlag', '=', 0);
    const result = await listPage<Record<string, unknown>>(ctx.db, base, ANNOUNCEMENT_FIELDS, request.query, ['createTime', 'desc']);
    result.records = await attachDictText(db, ctx.defs, result.records, ANNOUNCEMENT_FIELDS);
    return ok(result);
  });

  app.post('/sys/annountCement/add', { config: { access: 'announcement:add' }, schema: { body: AnnouncementBody } }, async (request) => {
    const values = await announcementValues(db, request, request.body);
    const user = request.user();
    const id = newId();
    await trackedWrite(db, request, 'sys_announcement', [id], 'add', (trx) =>
      trx
      .insertInto('sysAnnouncement')
      .values({
        id,
        ...values,
        sender: null,
        sendStatus: SEND_STATUS.draft,
        sendTime: null,
        cancelTime: null,
        delFlag: 0,
        tenantId: user.tenantId,
        createBy: user.username,
        createTime: formatDateTime(),
        updateBy: null,
        updateTime: null,
      })
      .execute());
    request.log.info({ anntId: id, by: user.userId }, 'announcement added');
    return ok({ id }, '添加成功！');
  });

  const edit = async (request: FastifyRequest<{ Body: typeof AnnouncementBody.static }>) => {
    if (!request.body.id) throw badRequest('缺少必填请求体：id');
    const row = await loadOwn(request, request.body.id);
    if (row.sendStatus === SEND_STATUS.released) throw bizError('已发布的通告不能编辑，请先撤销');
    const values = await announcementValues(db, request, request.body);
    const user = request.user();
    await trackedWrite(db, request, 'sys_announcement', [row.id], 'edit', (trx) =>
      trx
      .updateTable('sysAnnouncement')
      .set({ ...values, updateBy: user.username, updateTime: formatDateTime() })
      .where('id', '=', row.id)
      .execute());
    request.log.info({ anntId: row.id, by: user.userId }, 'announcement edited');
    return okMessage('编辑成功!');
  };
  for (const method of ['PUT', 'POST'] as const)
    app.route({ method, url: '/sys/annountCement/edit', config: { access: 'announcement:edit' }, schema: { body: AnnouncementBody }, handler: edit });

  const remove = async (request: FastifyRequest, ids: string[]) => {
    const rows = await db
      .selectFrom('sysAnnouncement')
      .select('id')
      .where('id', 'in', ids)
      .where('tenantId', '=', request.user().tenantId)
      .where('delFlag', '=', 0)
      .execute();
    if (rows.length !== ids.length) throw bizError('未找到对应数据');
    await trackedWrite(db, request, 'sys_announcement', ids, 'delete', (trx) =>
      trx.updateTable('sysAnnouncement').set({ delFlag: 1, updateBy: request.user().username, updateTime: formatDateTime() }).where('id', 'in', ids).execute(),
    );
    await withdrawMessages(ctx, ids);
    request.log.info({ anntIds: ids, by: request.user().userId }, 'announcement deleted');
  };
  app.delete('/sys/annountCement/delete', { config: { access: 'announcement:delete' }, schema: { querystring: IdQuery } }, async (request) => {
    await remove(request, [request.query.id]);
    return okMessage('删除成功!');
  });
  app.delete(
    '/sys/annountCement/deleteBatch',
    { config: { access: 'announcement:delete' }, schema: { querystring: BATCH_IDS_QUERY } },
    async (request) => {
      await remove(request, batchIds(request));
      return okMessage('批量删除成功!');
    },
  );

  /** Administrators read any announcement of their tenant; everyone else only those they received. */
  app.get('/sys/annountCement/queryById', { config: { access: 'login' }, schema: { querystring: IdQuery } }, async (request) => {
    const user = request.user();
    if ((await request.permissions()).has(LIST)) {
      const row = await db
        .selectFrom('sysAnnouncement')
        .select(ANNOUNCEMENT_COLUMNS)
        .where('id', '=', request.query.id)
        .where('tenantId', '=', user.tenantId)
        .where('delFlag', '=', 0)
        .executeTakeFirst();
      if (row) return ok((await attachDictText(db, ctx.defs, [row], ANNOUNCEMENT_FIELDS))[0]);
    }
    const received = await inbox(db, user.userId).select(RECIPIENT_COLUMNS).where('a.id', '=', request.query.id).executeTakeFirst();
    if (!received) throw bizError('未找到对应数据');
    return ok((await attachDictText(db, ctx.defs, [{ ...received, userIds: null }], ANNOUNCEMENT_FIELDS))[0]);
  });

  // Release and revoke: POST or PUT with the id in the JSON body (or, for old clients, the query).
  const stateChange = (url: string, action: 'release' | 'revoke') => {
    const handler = async (request: FastifyRequest<{ Querystring: { id?: string } }>) => {
      const fromBody = (request.body as { id?: unknown } | undefined)?.id;
      const id = typeof fromBody === 'string' && fromBody ? fromBody : request.query.id;
      if (!id || id.length > 64) throw badRequest('缺少必填参数：id');
      const row = await loadOwn(request, id);
      if (action === 'release') {
        await assertMayRelease(db, request, row);
        const count = await releaseAnnouncement(ctx, request, row);
        return ok({ id, recipients: count }, '该系统通知发布成功');
      }
      await revokeAnnouncement(ctx, request, row);
      return okMessage('该系统通知撤销成功');
    };
    const schema = { querystring: Type.Object({ id: Type.Optional(Type.String({ maxLength: 64 })) }) };
    for (const method of ['POST', 'PUT'] as const) app.route({ method, url, config: { access: RELEASE }, schema, handler });
    app.get(url, { config: { access: RELEASE } }, async (_request, reply) => {
      reply.header('Allow', 'POST, PUT');
      throw new ApiError('发布和撤销会改变通告状态，请使用 POST 或 PUT 请求（不再支持 GET）', 405, 405);
    });
  };
  stateChange('/sys/annountCement/doReleaseData', 'release');
  stateChange('/sys/annountCement/doReovkeData', 'revoke');

  app.get(
    '/sys/annountCement/listByUser',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })) }) } },
    async (request) => {
      const user = request.user();
      await addMissingAllRows(db, user);
      const size = request.query.pageSize ?? 5;
      const annt = await unreadOf(db, user.userId, '1', size);
      const sys = await unreadOf(db, user.userId, '2', size);
      return ok({ anntMsgList: annt.list, anntMsgTotal: annt.total, sysMsgList: sys.list, sysMsgTotal: sys.total });
    },
  );

  const markRead = async (request: FastifyRequest<{ Body: typeof ReadBody.static }>) => {
    const body = request.body;
    const ids = [...(body.ids ? idList(body.ids) : []), ...(body.anntId ? [body.anntId] : [])];
    if (ids.length === 0) throw badRequest('缺少必填请求体：anntId 或 ids');
    await markAnnouncementsRead(ctx, request.user().userId, ids);
    return ok(null);
  };
  for (const method of ['PUT', 'POST'] as const)
    app.route({
      method,
      url: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
      config: { access: 'login' },
      schema: { body: ReadBody },
      handler: markRead,
    });

  const readAll = async (request: FastifyRequest) => {
    await markAnnouncementsRead(ctx, request.user().userId, null);
    return okMessage('全部已读');
  };
  for (const method of ['PUT', 'POST'] as const)
    app.route({ method, url: '/sys/sysAnnouncementSend/readAll', config: { access: 'login' }, handler: readAll });

  app.get('/sys/sysAnnouncementSend/getMyAnnouncementSend', { config: { access: 'login' }, schema: { querystring: ListQuery } }, async (request) => {
    const user = request.user();
    await addMissingAllRows(db, user);
    const query = request.query as Record<string, unknown>;
    const base = inbox(db, user.userId)
      .where((eb) => listFilters(eb, INBOX_FIELDS, query))
      .select([
        's.id',
        's.anntId',
        's.userId',
        's.readFlag',
        'a.titile',
        'a.msgContent',
        'a.sender',
        'a.priority',
        'a.sendTime',
        'a.msgCategory',
        'a.busId',
        'a.busType',
        'a.openType',
        'a.openPage',
        'a.msgAbstract',
      ]);
    const result = await fetchPage(ctx.db, base, sortKeys(INBOX_FIELDS, query, ['sendTime', 'desc']), paging(query), 's.id');
    // The protocol sends the read flag as text.
    const records = result.records.map((r) => ({ ...r, readFlag: String(r.readFlag) }));
    return ok({ ...result, records: await attachDictText(db, ctx.defs, records, INBOX_FIELDS) });
  });
}
