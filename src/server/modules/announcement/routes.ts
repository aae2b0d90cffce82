import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { ok, okMessage } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import type { Session } from '../../auth/sessions.js';
import { permissionCodes } from '../../auth/permissions.js';
import { badRequest, bizError, unauthorized } from '../../http/errors.js';
import { attachDictText } from '../../lib/dict-text.js';
import { BATCH_IDS_QUERY, batchIds, idList } from '../../lib/id-list.js';
import { listPage } from '../../lib/list-page.js';
import { listFilters, paging, sortKeys, type FieldMap } from '../../lib/list-query.js';
import { ListQuery, fetchPage } from '../../lib/paged-query.js';
import { ANNOUNCEMENT_COLUMNS, ANNOUNCEMENT_FIELDS, AnnouncementBody, INBOX_FIELDS, SEND_STATUS } from './fields.js';
import { announcementValues, assertMayRelease } from './input.js';
import { RECIPIENT_COLUMNS, addMissingAllRows, inbox, markAnnouncementsRead, unreadOf } from './inbox.js';
import { releaseAnnouncement, revokeAnnouncement, withdrawMessages } from './release.js';
import { trackedWrite } from '../history/system-change.js';
import { pushToUsers } from '../ws/push.js';
import { SHOW_HEADERS, showMessagePage, showPage, wantsHtml } from './show-page.js';
import { vue3InboxRoutes } from './vue3-inbox.js';

const LIST = 'announcement:list';
/** The announcements the administration list shows (and exports): the session tenant's, not deleted. */
export const announcementListBase = (db: Kysely<Database>, request: FastifyRequest) =>
  db.selectFrom('sysAnnouncement').where('tenantId', '=', request.user().tenantId).where('delFlag', '=', 0);
/**
 * What "my announcements" sorts on: the inbox fields, and `createTime`, the Vue 2 list's default sort,
 * which for a recipient is when the announcement went out (its send time).
 */
const INBOX_SORT_FIELDS: FieldMap = { ...INBOX_FIELDS, createTime: { type: 'datetime' } };
const INBOX_SORT_COLUMNS: Record<string, string> = {
  createTime: 'a.sendTime',
  sendTime: 'a.sendTime',
  readFlag: 's.readFlag',
  titile: 'a.titile',
  sender: 'a.sender',
  priority: 'a.priority',
  msgCategory: 'a.msgCategory',
};
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
 * Release and revoke answer GET as the protocol does (and POST/PUT): the session token travels only in
 * the X-Access-Token header, never in a cookie, so another site cannot make a browser send one.
 */
export async function announcementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;
  if (ctx.cfg.clientProfile === 'jeecg-vue3') await app.register(vue3InboxRoutes);

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
    const base = announcementListBase(db, request);
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

  /**
   * An announcement as the caller may read it: administrators (announcement:list) any of their tenant,
   * everyone else only those they received (released, with their read row); undefined otherwise.
   */
  const readable = async (session: Session, permissions: Set<string>, id: string) => {
    if (permissions.has(LIST)) {
      const row = await db
        .selectFrom('sysAnnouncement')
        .select(ANNOUNCEMENT_COLUMNS)
        .where('id', '=', id)
        .where('tenantId', '=', session.tenantId)
        .where('delFlag', '=', 0)
        .executeTakeFirst();
      if (row) return (await attachDictText(db, ctx.defs, [row], ANNOUNCEMENT_FIELDS))[0];
    }
    const received = await inbox(db, session.userId).select(RECIPIENT_COLUMNS).where('a.id', '=', id).executeTakeFirst();
    if (!received) return undefined;
    return (await attachDictText(db, ctx.defs, [{ ...received, userIds: null }], ANNOUNCEMENT_FIELDS))[0];
  };

  app.get('/sys/annountCement/queryById', { config: { access: 'login' }, schema: { querystring: IdQuery } }, async (request) => {
    const row = await readable(request.user(), await request.permissions(), request.query.id);
    if (!row) throw bizError('未找到对应数据');
    return ok(row);
  });

  /**
   * The detail page of one announcement (protocol §7.1). API callers (X-Access-Token) get it as JSON.
   * The Vue 2 announcement list opens it in an iframe, which cannot send headers, so it puts the token
   * in `?token=`: for that case alone this read-only page takes the token from the query and answers a
   * self-contained HTML page (no scripts, no referrer). The token is already in the client's URL either
   * way; request logs redact it. Whoever cannot read the announcement gets "not found", as queryById.
   */
  app.get(
    '/sys/annountCement/show/:id',
    {
      config: { access: 'public' },
      schema: {
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: true }),
      },
    },
    async (request, reply) => {
      const html = wantsHtml(request);
      const queryToken = request.query.token?.trim();
      const session = request.session ?? (queryToken ? await ctx.sessions.resolve(queryToken) : null);
      if (!session) {
        if (!html) throw unauthorized(request.headers['x-access-token'] || queryToken ? 'Token失效，请重新登录!' : 'token为空!');
        return reply.code(401).type('text/html; charset=utf-8').headers(SHOW_HEADERS).send(showMessagePage('登录已失效，请重新登录后再查看'));
      }
      const permissions = request.session ? await request.permissions() : await permissionCodes(db, session.userId);
      const row = await readable(session, permissions, request.params.id);
      if (!html) {
        if (!row) throw bizError('未找到对应数据');
        return ok(row);
      }
      reply.type('text/html; charset=utf-8').headers(SHOW_HEADERS);
      if (!row) return reply.code(404).send(showMessagePage('未找到对应数据'));
      return reply.send(showPage(row, ctx.cfg.staticDomain));
    },
  );

  /**
   * The Vue 2 lists call this after a read mark or a revoke so that headers refresh their bells; the
   * original broadcast to every socket. Here the read marks and the revoke already tell the consoles
   * concerned, so only the caller's own consoles are told to refresh.
   */
  app.get(
    '/sys/annountCement/syncNotic',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ anntId: Type.Optional(Type.String({ maxLength: 64 })) }) } },
    async (request) => {
      await pushToUsers(ctx, [request.user().userId], { cmd: 'topic' }).catch((err: unknown) =>
        request.log.warn({ err }, 'announcement sync push failed'),
      );
      return ok(null);
    },
  );

  // Release and revoke: GET with `?id=` (the protocol), or POST/PUT with the id in the JSON body or query.
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
    for (const method of ['GET', 'POST', 'PUT'] as const) app.route({ method, url, config: { access: RELEASE }, schema, handler });
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
    const sort = sortKeys(INBOX_SORT_FIELDS, query, ['sendTime', 'desc']).map(([field, dir]) => [INBOX_SORT_COLUMNS[field] ?? field, dir] as [string, 'asc' | 'desc']);
    const result = await fetchPage(ctx.db, base, sort, paging(query), 's.id');
    // The protocol sends the read flag as text.
    const records = result.records.map((r) => ({ ...r, readFlag: String(r.readFlag) }));
    return ok({ ...result, records: await attachDictText(db, ctx.defs, records, INBOX_FIELDS) });
  });
}
