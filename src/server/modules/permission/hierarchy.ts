import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables.js';
import { withDescendants } from '../../lib/descendants.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The ids of rows and every live row below them. */
export const permissionSubtree = (db: Db, rootIds: string[]) =>
  withDescendants(rootIds, async (parents) =>
    (await db.selectFrom('sysPermission').select('id').where('parentId', 'in', parents).where('delFlag', '=', 0).execute()).map((r) => r.id),
  );

/** Keeps `is_leaf` true to the rows: a parent is a leaf exactly when no live row points at it. */
export async function refreshLeaf(db: Db, id: string): Promise<void> {
  if (!id) return;
  const child = await db.selectFrom('sysPermission').select('id').where('parentId', '=', id).where('delFlag', '=', 0).executeTakeFirst();
  await db.updateTable('sysPermission').set({ isLeaf: child ? 0 : 1 }).where('id', '=', id).execute();
}

/**
 * Marks rows deleted and removes what pointed at them: role, department and department-role grants
 * and data rules. Rows stay (logically deleted) so menu sync does not bring a removed entry back.
 */
export async function deletePermissions(db: Db, ids: string[], username: string, now: string): Promise<void> {
  for (let i = 0; i < ids.length; i += 400) {
    const chunk = ids.slice(i, i + 400);
    await db.updateTable('sysPermission').set({ delFlag: 1, updateBy: username, updateTime: now }).where('id', 'in', chunk).execute();
    await db.deleteFrom('sysRolePermission').where('permissionId', 'in', chunk).execute();
    await db.deleteFrom('sysDepartPermission').where('permissionId', 'in', chunk).execute();
    await db.deleteFrom('sysDepartRolePermission').where('permissionId', 'in', chunk).execute();
    await db.deleteFrom('sysPermissionDataRule').where('permissionId', 'in', chunk).execute();
  }
}
