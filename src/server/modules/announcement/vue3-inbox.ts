import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, okMessage } from '../../../shared/envelope.js';
import { addCalendarDays as addDays, formatDate } from '../../../shared/time.js';
import { RECIPIENT_COLUMNS, addMissingAllRows, inbox, markAnnouncementsRead } from './inbox.js';

/** The first day of the month `months` away from the month of `date`. */
function monthStart(date: string, months: number): string {
  const [y, m] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
}

/**
 * The send-time range of a `rangeDateKey` (the original's RangeDateEnum: 今天, 昨天, 前天, 本周, 上周,
 * 本月, 上月, 7日, 自定义) on the configured time zone's calendar; both ends inclusive, as text.
 */
export function rangeOf(
  key: string,
  begin: string,
  end: string,
  today: string = formatDate(),
): { from?: string; to?: string } {
  const day = (from: string, to: string) => ({ from: `${from} 00:00:00`, to: `${to} 23:59:59` });
  const [y, m, d] = today.split('-').map(Number);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7; // Monday 0
  switch (key) {
    case 'jt':
      return day(today, today);
    case 'zt':
      return day(addDays(today, -1), addDays(today, -1));
    case 'qt':
      return day(addDays(today, -2), addDays(today, -2));
    case 'bz':
      return day(addDays(today, -weekday), addDays(today, 6 - weekday));
    case 'sz':
      return day(addDays(today, -weekday - 7), addDays(today, -weekday - 1));
    case 'by':
      return day(monthStart(today, 0), addDays(monthStart(today, 1), -1));
    case 'sy':
      return day(monthStart(today, -1), addDays(monthStart(today, 0), -1));
    case '7day':
      return day(addDays(today, -6), today);
    case 'zdy':
      return { from: begin || undefined, to: end || undefined };
    default:
      return {};
  }
}

const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const DateTimeText = Type.Optional(
  Type.String({ pattern: '^(\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2})?)?$' }),
);
const ListQuery = Type.Object({
  fromUser: Text(64),
  busType: Text(32),
  starFlag: Text(2),
  msgCategory: Text(2),
  rangeDateKey: Text(8),
  beginDate: DateTimeText,
  endDate: DateTimeText,
  noticeType: Text(32),
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

/**
 * The header bell of the JeecgBoot Vue 3 client (CLIENT_PROFILE=jeecg-vue3): the unread count by
 * notice type, the message list it opens, and clearing every unread mark. Every query is the caller's
 * own inbox. Announcements here are all system notices: flow, file and plan counts are 0, and nothing
 * is starred.
 */
export async function vue3InboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  // The original counts what arrived since the first day of last month.
  app.get(
    '/sys/annountCement/getUnreadMessageCount',
    {
      config: { access: 'login' },
      schema: {
        querystring: Type.Object({ pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }),
      },
    },
    async (request) => {
      const user = request.user();
      await addMissingAllRows(db, user);
      const since = `${monthStart(formatDate(), -1)} 00:00:00`;
      const row = await inbox(db, user.userId)
        .where('s.readFlag', '=', 0)
        .where('s.createTime', '>=', since)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      const systemCount = Number(row?.n ?? 0);
      return ok({ systemCount, flowCount: 0, fileCount: 0, planCount: 0, count: systemCount });
    },
  );

  // A page of the caller's messages, unread first; the unread ones on it become read (as the original).
  app.get(
    '/sys/annountCement/vue3List',
    { config: { access: 'login' }, schema: { querystring: ListQuery } },
    async (request) => {
      const user = request.user();
      const q = request.query;
      if (q.starFlag === '1' || (q.noticeType && q.noticeType !== 'system')) return ok([]);
      await addMissingAllRows(db, user);
      const { from, to } = rangeOf(q.rangeDateKey ?? '', q.beginDate ?? '', q.endDate ?? '');
      const pageSize = q.pageSize ?? 10;
      const rows = await inbox(db, user.userId)
        .$if(!!q.fromUser, (b) => b.where('a.sender', '=', q.fromUser ?? ''))
        .$if(!!q.busType, (b) => b.where('a.busType', '=', q.busType ?? ''))
        .$if(!!q.msgCategory, (b) => b.where('a.msgCategory', '=', q.msgCategory ?? ''))
        .$if(!!from, (b) => b.where('a.sendTime', '>=', from ?? ''))
        .$if(!!to, (b) => b.where('a.sendTime', '<=', to ?? ''))
        .select([...RECIPIENT_COLUMNS, 's.readFlag', 's.id as sendId'])
        .orderBy('s.readFlag')
        .orderBy('a.sendTime', 'desc')
        .orderBy('a.id')
        .limit(pageSize)
        .offset(((q.pageNo ?? 1) - 1) * pageSize)
        .execute();
      const unread = rows.filter((r) => r.readFlag === 0).map((r) => r.sendId);
      if (unread.length) await markAnnouncementsRead(ctx, user.userId, unread);
      return ok(
        rows.map((r) => ({
          ...r,
          readFlag: String(r.readFlag),
          starFlag: '0',
          noticeType: 'system',
          userIds: null,
        })),
      );
    },
  );

  app.post('/sys/annountCement/clearAllUnReadMessage', { config: { access: 'login' } }, async (request) => {
    await markAnnouncementsRead(ctx, request.user().userId, null);
    return okMessage('已全部标为已读');
  });
}
