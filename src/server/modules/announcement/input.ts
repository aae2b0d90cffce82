import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, SysAnnouncementTable } from '../../db/tables.js';
import { badRequest, bizError } from '../../http/errors.js';
import { idList } from '../../lib/id-list.js';
import { assertSafeLink } from '../../lib/link-field.js';
import { sanitizeRichText } from '../../lib/sanitize-html.js';
import { visibleUsers } from '../user/user-access.js';
import type { AnnouncementInput } from './fields.js';

type Editable = Pick<
  SysAnnouncementTable,
  | 'titile'
  | 'msgContent'
  | 'startTime'
  | 'endTime'
  | 'priority'
  | 'msgCategory'
  | 'msgType'
  | 'userIds'
  | 'openType'
  | 'openPage'
  | 'busType'
  | 'busId'
  | 'msgAbstract'
>;

const COMPONENT_PATH = /^[A-Za-z][A-Za-z0-9_/-]{0,199}$/;
const ID = /^[0-9a-f]{32}$/;
const blank = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

/**
 * The stored form of an add/edit body: rich text sanitised by the allow-list, the open target checked
 * against its type, and a chosen recipient list that the caller may address (AC-02: nobody reaches
 * users outside their own tenant and data scope).
 */
export async function announcementValues(db: Kysely<Database>, request: FastifyRequest, body: AnnouncementInput): Promise<Editable> {
  const msgType = body.msgType ?? 'ALL';
  const openType = blank(body.openType);
  const openPage = blank(body.openPage);
  if (openType === 'url') {
    if (!openPage) throw badRequest('打开方式为链接时，请填写页面地址');
    // 去处理 routes to a path inside the console or opens an http(s) page in a new window.
    assertSafeLink('页面地址', openPage, { external: true });
  }
  if (openType === 'component' && (!openPage || !COMPONENT_PATH.test(openPage))) throw badRequest('打开方式为组件时，请填写正确的组件路径');
  const startTime = blank(body.startTime);
  const endTime = blank(body.endTime);
  if (startTime && endTime && startTime > endTime) throw badRequest('结束时间不能早于开始时间');

  let userIds: string | null = null;
  if (msgType === 'USER') {
    const ids = idList(body.userIds ?? '', 'userIds');
    if (ids.some((id) => !ID.test(id))) throw badRequest('参数 userIds 格式不正确');
    await assertAddressable(db, request, ids);
    // The protocol's trailing comma: clients strip the last character before splitting.
    userIds = `${ids.join(',')},`;
  } else await assertMayAddressAll(request);

  return {
    titile: body.titile.trim(),
    msgContent: sanitizeRichText(body.msgContent, request.server.ctx.cfg.staticDomain),
    startTime,
    endTime,
    priority: body.priority ?? 'L',
    msgCategory: body.msgCategory ?? '1',
    msgType,
    userIds,
    openType,
    openPage: openType ? openPage : null,
    busType: blank(body.busType),
    busId: blank(body.busId),
    msgAbstract: blank(body.msgAbstract),
  };
}

async function assertMayAddressAll(request: FastifyRequest) {
  if ((await request.scope()).kind !== 'all') throw bizError('只有不受机构范围限制的管理员才能向全体用户发布通告');
}

/**
 * Whoever releases must be allowed to address the recipients too: a draft written by someone with a
 * wider scope does not let a narrower administrator reach everyone by releasing it.
 */
export async function assertMayRelease(db: Kysely<Database>, request: FastifyRequest, annt: Pick<SysAnnouncementTable, 'msgType' | 'userIds'>) {
  if (annt.msgType !== 'USER') return assertMayAddressAll(request);
  const ids = storedUserIds(annt.userIds);
  if (ids.length > 0) await assertAddressable(db, request, ids);
}

async function assertAddressable(db: Kysely<Database>, request: FastifyRequest, ids: string[]) {
  const where = await visibleUsers(request);
  const rows = await db.selectFrom('sysUser').select('sysUser.id').where('sysUser.id', 'in', ids).where('sysUser.status', '=', 1).where(where).execute();
  if (rows.length !== ids.length) throw bizError('所选用户中有不存在或不在您管理范围内的用户');
}

/** The chosen recipients of a USER announcement, as stored. */
export function storedUserIds(userIds: string | null): string[] {
  return (userIds ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => ID.test(s));
}
