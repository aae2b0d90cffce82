import type { FastifyRequest } from 'fastify';
import sanitizeHtml from 'sanitize-html';
import type { AppContext } from '../../context.js';
import type { Session } from '../../auth/sessions.js';
import type { SysAnnouncementTable, SysAnnouncementSendTable } from '../../db/tables.js';
import { bizError } from '../../http/errors.js';
import { userInScope } from '../../lib/org-scope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import { trackedWrite, trackSystemWrite } from '../history/system-change.js';
import { CLASSIFY, type MsgColor } from '../../../shared/notices.js';
import { sendMessage } from '../message/send.js';
import { pushToUsers } from '../ws/push.js';
import { SEND_STATUS } from './fields.js';
import { storedUserIds } from './input.js';

/** The bell classification an announcement category is announced under. */
export const CATEGORY_MESSAGE: Record<string, { classify: string; classifyName: string }> = {
  '1': { classify: CLASSIFY.announcement, classifyName: '通知公告' },
  '2': { classify: CLASSIFY.system, classifyName: '系统消息' },
};
export const PRIORITY_COLOR: Record<string, MsgColor> = { H: 'red', M: 'orange', L: 'blue' };
const EXCERPT_CHARS = 100;

/** Active users the announcement goes to: the chosen ones, or everyone of its tenant. */
export async function recipients(ctx: AppContext, annt: SysAnnouncementTable): Promise<string[]> {
  const db = ctx.db.kysely;
  let q = db.selectFrom('sysUser').select('sysUser.id').where('sysUser.delFlag', '=', 0).where('sysUser.status', '=', 1);
  if (annt.msgType === 'USER') {
    const ids = storedUserIds(annt.userIds);
    if (ids.length === 0) return [];
    q = q.where('sysUser.id', 'in', ids);
  } else {
    // Tenant members, whatever their department: the same predicate the user APIs use.
    // With the unrestricted scope only the session's tenant is read.
    q = q.where((eb) => userInScope(eb, { tenantId: annt.tenantId } as Session, { kind: 'all' }));
  }
  return (await q.execute()).map((r) => r.id);
}

/** Plain text of the start of the content, for the bell (rendered as text, never as HTML). */
export function excerpt(annt: Pick<SysAnnouncementTable, 'msgAbstract' | 'msgContent'>): string {
  if (annt.msgAbstract) return annt.msgAbstract;
  const text = sanitizeHtml(annt.msgContent ?? '', { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}

/**
 * Publishes: status, time and sender; a read row per recipient; a message in each recipient's bell,
 * pushed to their consoles on every instance.
 */
export async function releaseAnnouncement(ctx: AppContext, request: FastifyRequest, annt: SysAnnouncementTable): Promise<number> {
  if (annt.sendStatus === SEND_STATUS.released) throw bizError('该通告已发布，无需重复发布');
  const db = ctx.db.kysely;
  const session = request.user();
  const now = formatDateTime();
  const users = await recipients(ctx, annt);
  await db.transaction().execute(async (trx) => {
    await trackSystemWrite(trx, request, 'sys_announcement', [annt.id], 'edit', () =>
      trx
        .updateTable('sysAnnouncement')
        .set({ sendStatus: SEND_STATUS.released, sendTime: now, sender: session.username, cancelTime: null, updateBy: session.username, updateTime: now })
        .where('id', '=', annt.id)
        .execute(),
    );
    const have = new Set(
      (await trx.selectFrom('sysAnnouncementSend').select('userId').where('anntId', '=', annt.id).execute()).map((r) => r.userId),
    );
    const rows: SysAnnouncementSendTable[] = users
      .filter((u) => !have.has(u))
      .map((userId) => ({ id: newId(), anntId: annt.id, userId, readFlag: 0, readTime: null, createTime: now }));
    for (let i = 0; i < rows.length; i += 200) await trx.insertInto('sysAnnouncementSend').values(rows.slice(i, i + 200)).execute();
  });
  const kind = CATEGORY_MESSAGE[annt.msgCategory] ?? CATEGORY_MESSAGE['1'];
  await sendMessage(ctx, {
    userIds: users,
    title: annt.titile,
    content: excerpt(annt),
    ...kind,
    msgColor: PRIORITY_COLOR[annt.priority] ?? 'blue',
    redirect: { type: 'announcement', param: { anntId: annt.id } },
    anntId: annt.id,
    tenantId: annt.tenantId,
    createBy: session.username,
  });
  request.log.info({ anntId: annt.id, recipients: users.length, by: session.userId }, 'announcement released');
  return users.length;
}

export async function revokeAnnouncement(ctx: AppContext, request: FastifyRequest, annt: SysAnnouncementTable): Promise<void> {
  if (annt.sendStatus !== SEND_STATUS.released) throw bizError('只有已发布的通告才能撤销');
  const session = request.user();
  const now = formatDateTime();
  await trackedWrite(ctx.db.kysely, request, 'sys_announcement', [annt.id], 'edit', (trx) =>
    trx
      .updateTable('sysAnnouncement')
      .set({ sendStatus: SEND_STATUS.revoked, cancelTime: now, updateBy: session.username, updateTime: now })
      .where('id', '=', annt.id)
      .execute(),
  );
  await withdrawMessages(ctx, [annt.id]);
  request.log.info({ anntId: annt.id, by: session.userId }, 'announcement revoked');
}

/** Takes unread announcement messages out of the bells (revoked or deleted) and tells the consoles. */
export async function withdrawMessages(ctx: AppContext, anntIds: string[]): Promise<void> {
  if (anntIds.length === 0) return;
  const db = ctx.db.kysely;
  const affected = await db.selectFrom('sysAnnouncementSend').select('userId').distinct().where('anntId', 'in', anntIds).execute();
  await db.deleteFrom('sysMessage').where('anntId', 'in', anntIds).where('readFlag', '=', 0).execute();
  await pushToUsers(
    ctx,
    affected.map((r) => r.userId),
    { cmd: 'topic' },
  );
}
