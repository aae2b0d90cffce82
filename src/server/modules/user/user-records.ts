import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { attachDictText } from '../../lib/dict-text.js';
import { protectRows, USER_SENSITIVE } from '../../lib/sensitive.js';
import { USER_FIELDS } from './user-fields.js';

/**
 * User records as lists show them: `orgCodeTxt` (the names of all the user's departments, comma-joined,
 * also as the picker's `deptCodeTxt`), the `_dictText` siblings, and personal fields masked unless the
 * caller holds the permission that reveals them. One query for the whole page.
 */
export async function decorateUsers<T extends { id: string }>(ctx: AppContext, records: T[], request: FastifyRequest) {
  const db = ctx.db.kysely;
  const names = new Map<string, string[]>();
  if (records.length) {
    const rows = await db
      .selectFrom('sysUserDepart as ud')
      .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
      .select(['ud.userId', 'd.departName'])
      .where(
        'ud.userId',
        'in',
        records.map((r) => r.id),
      )
      .where('d.delFlag', '=', '0')
      .orderBy('d.orgCode')
      .execute();
    for (const r of rows) names.set(r.userId, [...(names.get(r.userId) ?? []), r.departName]);
  }
  const withDepts = records.map((r) => {
    const text = (names.get(r.id) ?? []).join(',');
    return { ...r, orgCodeTxt: text, deptCodeTxt: text };
  });
  const withText = await attachDictText(db, ctx.defs, withDepts, USER_FIELDS, request.user().tenantId);
  return protectRows(request, 'sys_user', USER_SENSITIVE, withText);
}
