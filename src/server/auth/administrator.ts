import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

/**
 * The built-in administrator role (seeded; the menu sync grants it every new code, so its code is
 * fixed). An administrator is whoever holds it: only administrators grant it, and only they change,
 * reset, freeze, delete or force out another administrator.
 */
export const ADMIN_ROLE_CODE = 'admin';

/** The ids among `userIds` of administrators. */
export async function administratorsAmong(db: Kysely<Database>, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('ur.userId')
    .where('r.roleCode', '=', ADMIN_ROLE_CODE)
    .where('ur.userId', 'in', [...new Set(userIds)])
    .execute();
  return new Set(rows.map((r) => r.userId));
}

export async function isAdministrator(db: Kysely<Database>, userId: string): Promise<boolean> {
  return (await administratorsAmong(db, [userId])).has(userId);
}
