import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { MissedNotice, PushFrame } from '../../../shared/notices.js';

/** How many of the newest unread notices the catch-up frame names (the JeecgBoot bell lists five). */
export const CATCH_UP_NOTICES = 5;

/**
 * What a reconnecting socket is told, since pushes sent while the user had no socket (a dropped
 * connection, a reload) are lost: when unread notices arrived since `since` (his last disconnect, in the
 * server's wall-clock text), the push of the newest (`cmd: user`, same msgId/msgTxt/classify as its push)
 * plus the unread count and newest unread notices; otherwise nothing — a page that just opened loads its
 * bell itself, and the JeecgBoot client reads every frame aloud.
 */
export async function catchUpFrame(db: Kysely<Database>, userId: string, since: string): Promise<PushFrame | null> {
  const unread = db.selectFrom('sysMessage').where('userId', '=', userId).where('readFlag', '=', 0);
  const missed = await unread.select('id').where('createTime', '>=', since).limit(1).executeTakeFirst();
  if (!missed) return null;
  const [count, rows] = await Promise.all([
    unread.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    unread
      .select(['id', 'anntId', 'title', 'classify'])
      .orderBy('createTime', 'desc')
      .orderBy('id')
      .limit(CATCH_UP_NOTICES)
      .execute(),
  ]);
  const unreadCount = Number(count?.n ?? 0);
  // A message announcing an announcement was pushed with the announcement's id.
  const notices: MissedNotice[] = rows.map((r) => ({ msgId: r.anntId ?? r.id, msgTxt: r.title, classify: r.classify }));
  const [newest] = notices;
  if (!newest) return null;
  return { cmd: 'user', ...newest, unreadCount, notices };
}
