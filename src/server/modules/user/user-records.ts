import type { AppContext } from '../../context.js';
import { attachDictText } from '../../lib/dict-text.js';
import { USER_FIELDS } from './user-fields.js';

/**
 * User records as lists show them: `orgCodeTxt` (the names of all the user's departments, comma-joined,
 * also as the picker's `deptCodeTxt`) and the `_dictText` siblings. One query for the whole page.
 */
export async function decorateUsers<T extends { id: string }>(ctx: AppContext, records: T[], tenantId: number) {
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
  return attachDictText(db, ctx.defs, withDepts, USER_FIELDS, tenantId);
}
