import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database, SysMessageTable } from '../../db/tables.js';
import { badRequest } from '../../http/errors.js';
import { assertSafeLink } from '../../lib/link-field.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import {
  DEFAULT_MSG_COLOR,
  MSG_COLORS,
  REDIRECT_PARAM_KEYS,
  REDIRECT_TYPES,
  type MessageRedirect,
} from '../../../shared/notices.js';
import { pushToUsers } from '../ws/push.js';

export interface SendMessageInput {
  userIds: readonly string[];
  title: string;
  content?: string | null;
  /** Groups messages into the bell's tabs. */
  classify: string;
  classifyName: string;
  /** A named colour or #hex; blue when absent. */
  msgColor?: string | null;
  redirect?: MessageRedirect | null;
  /** Set when the message announces an announcement; reading one reads the other. */
  anntId?: string | null;
  tenantId?: number;
  createBy?: string | null;
}

const PARAM_VALUE = /^[A-Za-z0-9_-]{1,64}$/;
const HEX_COLOR = /^#[0-9a-f]{3,8}$/i;
/** Messages may point at a web page or a file elsewhere (opened in a new window), or at a console route. */
const LINK_POLICY = { external: true };

/** Checks a redirect target and keeps only its known keys. */
export function cleanRedirect(r: MessageRedirect | null | undefined): MessageRedirect | null {
  if (!r) return null;
  if (!REDIRECT_TYPES.includes(r.type)) throw badRequest('消息跳转类型不正确');
  const out: MessageRedirect = { type: r.type };
  if (r.downloadUrl) {
    assertSafeLink('下载地址', r.downloadUrl, LINK_POLICY);
    out.downloadUrl = r.downloadUrl;
  }
  if (r.webUrl) {
    assertSafeLink('网页地址', r.webUrl, LINK_POLICY);
    out.webUrl = r.webUrl;
  }
  if (r.param) {
    const param: Record<string, string> = {};
    for (const k of REDIRECT_PARAM_KEYS) {
      const v = r.param[k];
      if (v === undefined || v === null || v === '') continue;
      if (!PARAM_VALUE.test(String(v))) throw badRequest(`消息跳转参数 ${k} 格式不正确`);
      param[k] = String(v);
    }
    out.param = param;
  }
  if (r.type === 'download' && !out.downloadUrl) throw badRequest('下载类消息缺少下载地址');
  if (r.type === 'web' && !out.webUrl) throw badRequest('网页类消息缺少网页地址');
  return out;
}

export function cleanColor(color: string | null | undefined): string {
  if (!color) return DEFAULT_MSG_COLOR;
  if ((MSG_COLORS as readonly string[]).includes(color) || HEX_COLOR.test(color)) return color;
  return DEFAULT_MSG_COLOR;
}

/**
 * Stores a message for each user and pushes it to their open consoles on every server instance.
 * Other modules call this (announcement release, feedback replies, business events).
 */
export async function sendMessage(ctx: AppContext, input: SendMessageInput): Promise<string[]> {
  const userIds = [...new Set(input.userIds)];
  if (userIds.length === 0) return [];
  const redirect = cleanRedirect(input.redirect);
  const now = formatDateTime();
  const rows: SysMessageTable[] = userIds.map((userId) => ({
    id: newId(),
    userId,
    tenantId: input.tenantId ?? 0,
    title: input.title.slice(0, 200),
    content: input.content ?? null,
    classify: input.classify,
    classifyName: input.classifyName,
    msgColor: cleanColor(input.msgColor),
    redirect: redirect ? JSON.stringify(redirect) : null,
    readFlag: 0,
    readTime: null,
    anntId: input.anntId ?? null,
    createBy: input.createBy ?? null,
    createTime: now,
  }));
  const db = ctx.db.kysely;
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('sysMessage').values(rows.slice(i, i + 200)).execute();
  // One frame for all recipients: it names the announcement, the single message, or the batch.
  const msgId = input.anntId ?? (rows.length === 1 ? rows[0].id : newId());
  await pushToUsers(ctx, userIds, { cmd: 'user', msgId, msgTxt: rows[0].title, classify: input.classify });
  return rows.map((r) => r.id);
}

/** Marks the user's messages read (by message ids or by the announcements they announce). */
export async function markMessagesRead(
  db: Kysely<Database>,
  userId: string,
  by: { ids?: readonly string[]; anntIds?: readonly string[] },
): Promise<void> {
  const readTime = formatDateTime();
  let q = db.updateTable('sysMessage').set({ readFlag: 1, readTime }).where('userId', '=', userId).where('readFlag', '=', 0);
  if (by.ids) {
    if (by.ids.length === 0) return;
    q = q.where('id', 'in', [...by.ids]);
  }
  if (by.anntIds) {
    if (by.anntIds.length === 0) return;
    q = q.where('anntId', 'in', [...by.anntIds]);
  }
  await q.execute();
}
