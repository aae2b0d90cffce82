import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Session } from '../../auth/sessions.js';
import type { Database, SysAnnouncementSendTable } from '../../db/tables.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import { markMessagesRead } from '../message/send.js';
import { pushToUsers } from '../ws/push.js';
import { SEND_STATUS } from './fields.js';

/** The announcement columns a recipient sees (not who else received it). */
export const RECIPIENT_COLUMNS = [
  'a.id',
  'a.titile',
  'a.msgContent',
  'a.startTime',
  'a.endTime',
  'a.sender',
  'a.priority',
  'a.msgCategory',
  'a.msgType',
  'a.sendStatus',
  'a.sendTime',
  'a.cancelTime',
  'a.delFlag',
  'a.busType',
  'a.busId',
  'a.openType',
  'a.openPage',
  'a.msgAbstract',
] as const;

/**
 * Announcements for everyone reach users created after their release too (protocol §7.1): the first
 * time such a user looks, read rows are made for released ALL announcements still running when the
 * account was created.
 */
export async function addMissingAllRows(db: Kysely<Database>, session: Session): Promise<void> {
  const user = await db.selectFrom('sysUser').select('createTime').where('id', '=', session.userId).executeTakeFirst();
  const since = user?.createTime ?? '';
  const missing = await db
    .selectFrom('sysAnnouncement as a')
    .select('a.id')
    .where('a.tenantId', '=', session.tenantId)
    .where('a.msgType', '=', 'ALL')
    .where('a.sendStatus', '=', SEND_STATUS.released)
    .where('a.delFlag', '=', 0)
    .where((eb) => eb.or([eb('a.endTime', 'is', null), eb('a.endTime', '>=', since)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('sysAnnouncementSend as s').select('s.id').whereRef('s.anntId', '=', 'a.id').where('s.userId', '=', session.userId),
        ),
      ),
    )
    .execute();
  if (missing.length === 0) return;
  const now = formatDateTime();
  const rows: SysAnnouncementSendTable[] = missing.map((m) => ({
    id: newId(),
    anntId: m.id,
    userId: session.userId,
    readFlag: 0,
    readTime: null,
    createTime: now,
  }));
  await db.insertInto('sysAnnouncementSend').values(rows).execute();
}

/** The caller's released, undeleted announcements (joined with their read rows). */
export function inbox(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('sysAnnouncementSend as s')
    .innerJoin('sysAnnouncement as a', 'a.id', 's.anntId')
    .where('s.userId', '=', userId)
    .where('a.sendStatus', '=', SEND_STATUS.released)
    .where('a.delFlag', '=', 0);
}

/** Unread announcements of one category, newest first, and how many there are. */
export async function unreadOf(db: Kysely<Database>, userId: string, category: string, limit: number) {
  const base = inbox(db, userId).where('s.readFlag', '=', 0).where('a.msgCategory', '=', category);
  const list = await base.select(RECIPIENT_COLUMNS).orderBy('a.sendTime', 'desc').orderBy('a.id').limit(limit).execute();
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return { list: list.map((r) => ({ ...r, userIds: null })), total: Number(count?.n ?? 0) };
}

/**
 * Marks the caller's read rows read — by read-row ids or announcement ids (clients send either), or
 * every row when neither is given — then the messages that announce them, and tells the caller's
 * other consoles to refresh.
 */
export async function markAnnouncementsRead(ctx: AppContext, userId: string, ids: string[] | null): Promise<number> {
  const db = ctx.db.kysely;
  let q = db.selectFrom('sysAnnouncementSend').select(['id', 'anntId']).where('userId', '=', userId).where('readFlag', '=', 0);
  if (ids) q = q.where((eb) => eb.or([eb('id', 'in', ids), eb('anntId', 'in', ids)]));
  const rows = await q.execute();
  if (rows.length > 0) {
    const readTime = formatDateTime();
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await db
        .updateTable('sysAnnouncementSend')
        .set({ readFlag: 1, readTime })
        .where('id', 'in', chunk.map((r) => r.id))
        .execute();
      await markMessagesRead(db, userId, { anntIds: chunk.map((r) => r.anntId) });
    }
  }
  await pushToUsers(ctx, [userId], { cmd: 'topic' });
  return rows.length;
}
