import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { ok, okMessage } from '../../../shared/envelope.js';
import { formatDateTime } from '../../../shared/time.js';
import { UNREAD_DAY_COUNT, type MessageRedirect } from '../../../shared/notices.js';
import type { SysMessageTable } from '../../db/tables.js';
import { ApiError, badRequest } from '../../http/errors.js';
import { idList } from '../../lib/id-list.js';
import { pushToUsers } from '../ws/push.js';
import { markMessagesRead } from './send.js';

const MAX_UNREAD_LIST = 200;
const DAY_MS = 86_400_000;

type MessageRow = Pick<
  SysMessageTable,
  'id' | 'title' | 'content' | 'createTime' | 'readFlag' | 'msgColor' | 'classify' | 'classifyName' | 'redirect' | 'anntId'
>;
const COLUMNS = ['id', 'title', 'content', 'createTime', 'readFlag', 'msgColor', 'classify', 'classifyName', 'redirect', 'anntId'] as const;

/** The wire form: the redirect as an object (it was validated before it was stored). */
function toNotice(r: MessageRow) {
  let redirect: MessageRedirect | null = null;
  if (r.redirect) {
    try {
      redirect = JSON.parse(r.redirect) as MessageRedirect;
    } catch {
      redirect = null;
    }
  }
  return { ...r, redirect };
}

/**
 * The signed-in user's messages (`/api/sys/msg/rec/*`): unread ones of the last days for the unread
 * modal, unread ones grouped by classification for the bell, the count for polling, and read marks.
 * Every query is bound to the session's user; nobody reads or marks another user's messages.
 */
export async function messageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;
  const unread = (userId: string) => db.selectFrom('sysMessage').where('userId', '=', userId).where('readFlag', '=', 0);

  const unreadList = async (request: FastifyRequest<{ Querystring: { dayCount?: number } }>) => {
    const days = request.query.dayCount ?? UNREAD_DAY_COUNT;
    const since = formatDateTime(Date.now() - days * DAY_MS);
    const rows = await unread(request.user().userId)
      .select(COLUMNS)
      .where('createTime', '>=', since)
      .orderBy('createTime', 'desc')
      .orderBy('id')
      .limit(MAX_UNREAD_LIST)
      .execute();
    return ok(rows.map(toNotice));
  };
  const DayQuery = Type.Object({ dayCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 90 })) });
  for (const method of ['GET', 'POST'] as const)
    app.route({ method, url: '/api/sys/msg/rec/unreadList', config: { access: 'login' }, schema: { querystring: DayQuery }, handler: unreadList });

  /** One group per classification: `classifyName`, its unread count and its newest unread messages. */
  const withMsg = async (request: FastifyRequest<{ Querystring: { pageSize?: number } }>) => {
    const userId = request.user().userId;
    const size = request.query.pageSize ?? 10;
    const groups = await unread(userId)
      .select(['classify', (eb) => eb.fn.max('classifyName').as('classifyName'), (eb) => eb.fn.countAll<number>().as('unreadCount')])
      .groupBy('classify')
      .orderBy('classify')
      .execute();
    const result = [];
    for (const g of groups) {
      const msgList = await unread(userId)
        .select(COLUMNS)
        .where('classify', '=', g.classify)
        .orderBy('createTime', 'desc')
        .orderBy('id')
        .limit(size)
        .execute();
      result.push({ classify: g.classify, classifyName: g.classifyName, unreadCount: Number(g.unreadCount), msgList: msgList.map(toNotice) });
    }
    return ok(result);
  };
  const SizeQuery = Type.Object({ pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })) });
  for (const method of ['GET', 'POST'] as const)
    app.route({ method, url: '/api/sys/msg/rec/getUnreadListWithMsg', config: { access: 'login' }, schema: { querystring: SizeQuery }, handler: withMsg });

  app.get('/api/sys/msg/rec/unreadCount', { config: { access: 'login' } }, async (request) => {
    const row = await unread(request.user().userId)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst();
    return ok(Number(row?.n ?? 0));
  });

  /** Marks the caller's messages read; announcement messages also read their announcement. */
  const read = async (request: FastifyRequest<{ Body: { ids?: string } | null; Querystring: { ids?: string } }>) => {
    const raw = request.body?.ids ?? request.query.ids;
    if (!raw) throw badRequest('缺少必填参数：ids');
    const userId = request.user().userId;
    const ids = idList(raw);
    const annts = await db
      .selectFrom('sysMessage')
      .select('anntId')
      .where('userId', '=', userId)
      .where('id', 'in', ids)
      .where('anntId', 'is not', null)
      .execute();
    await markMessagesRead(db, userId, { ids });
    const anntIds = annts.map((a) => a.anntId as string);
    if (anntIds.length > 0)
      await db
        .updateTable('sysAnnouncementSend')
        .set({ readFlag: 1, readTime: formatDateTime() })
        .where('userId', '=', userId)
        .where('anntId', 'in', anntIds)
        .where('readFlag', '=', 0)
        .execute();
    await pushToUsers(ctx, [userId], { cmd: 'topic' });
    return okMessage('已读');
  };
  const ReadSchema = {
    body: Type.Union([Type.Object({ ids: Type.Optional(Type.String({ maxLength: 40_000 })) }), Type.Null()]),
    querystring: Type.Object({ ids: Type.Optional(Type.String({ maxLength: 40_000 })) }),
  };
  for (const method of ['POST', 'PUT'] as const)
    app.route({ method, url: '/api/sys/msg/rec/read', config: { access: 'login' }, schema: ReadSchema, handler: read });
  // Marking read changes state: not on GET (a link or prefetch must not do it).
  app.get('/api/sys/msg/rec/read', { config: { access: 'login' } }, async (_request, reply) => {
    reply.header('Allow', 'POST, PUT');
    throw new ApiError('标记已读会改变消息状态，请使用 POST 请求', 405, 405);
  });
}
