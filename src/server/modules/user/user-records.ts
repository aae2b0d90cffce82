import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { attachDictText } from '../../lib/dict-text.js';
import { protectRows, USER_SENSITIVE } from '../../lib/sensitive.js';
import { USER_FIELDS } from './user-fields.js';

/** The org category of a post (岗位): a department row users hold as their position. */
const POST_CATEGORY = '3';

/**
 * User records as lists show them: `orgCodeTxt` (the names of all the user's departments, comma-joined,
 * also as the picker's `deptCodeTxt`), the JeecgBoot 3 department fields the Vue 3 list and form read
 * (`belongDepIds`: the departments the user belongs to; `mainDepPostId` / `otherDepPostId`: the posts
 * among them, the first as the main one; null when none), the `_dictText` siblings, and personal fields
 * masked unless the caller holds the permission that reveals them. One query for the whole page.
 */
export async function decorateUsers<T extends { id: string }>(ctx: AppContext, records: T[], request: FastifyRequest) {
  const db = ctx.db.kysely;
  const departs = new Map<string, Array<{ id: string; departName: string; orgCategory: string }>>();
  if (records.length) {
    const rows = await db
      .selectFrom('sysUserDepart as ud')
      .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
      .select(['ud.userId', 'd.id', 'd.departName', 'd.orgCategory'])
      .where(
        'ud.userId',
        'in',
        records.map((r) => r.id),
      )
      .where('d.delFlag', '=', '0')
      .orderBy('d.orgCode')
      .execute();
    for (const { userId, ...d } of rows) departs.set(userId, [...(departs.get(userId) ?? []), d]);
  }
  const ids = (list: Array<{ id: string }>) => list.map((d) => d.id).join(',') || null;
  const withDepts = records.map((r) => {
    const mine = departs.get(r.id) ?? [];
    const text = mine.map((d) => d.departName).join(',');
    const [main, ...others] = mine.filter((d) => d.orgCategory === POST_CATEGORY);
    return {
      ...r,
      orgCodeTxt: text,
      deptCodeTxt: text,
      belongDepIds: ids(mine.filter((d) => d.orgCategory !== POST_CATEGORY)),
      mainDepPostId: main?.id ?? null,
      otherDepPostId: ids(others),
    };
  });
  const withText = await attachDictText(db, ctx.defs, withDepts, USER_FIELDS, request.user().tenantId);
  return protectRows(request, 'sys_user', USER_SENSITIVE, withText);
}
