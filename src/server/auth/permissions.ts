import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

/**
 * Button/API permission codes a user holds through roles and department roles: enabled (`status '1'`)
 * rows of menuType 2; comma lists in `perms` count as several codes.
 */
export async function permissionCodes(db: Kysely<Database>, userId: string): Promise<Set<string>> {
  const viaRoles = db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRolePermission as rp', 'rp.roleId', 'ur.roleId')
    .innerJoin('sysPermission as p', 'p.id', 'rp.permissionId')
    .select('p.perms')
    .where('ur.userId', '=', userId);
  const viaDepartRoles = db
    .selectFrom('sysDepartRoleUser as du')
    .innerJoin('sysDepartRolePermission as dp', 'dp.roleId', 'du.droleId')
    .innerJoin('sysPermission as p', 'p.id', 'dp.permissionId')
    .select('p.perms')
    .where('du.userId', '=', userId);
  const rows = await viaRoles
    .where('p.menuType', '=', 2)
    .where('p.status', '=', '1')
    .where('p.delFlag', '=', 0)
    .union(viaDepartRoles.where('p.menuType', '=', 2).where('p.status', '=', '1').where('p.delFlag', '=', 0))
    .execute();
  const codes = new Set<string>();
  for (const r of rows) for (const c of (r.perms ?? '').split(',')) if (c.trim()) codes.add(c.trim());
  return codes;
}

/** Role codes and the strongest workClass among the user's roles ('3' beats '2' beats '4'). */
export async function roleInfo(
  db: Kysely<Database>,
  userId: string,
): Promise<{ roleCodes: string[]; workClass: string | null }> {
  const roles = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select(['r.roleCode', 'r.workClass'])
    .where('ur.userId', '=', userId)
    .execute();
  const rank = (w: string | null) => (w === '3' ? 3 : w === '2' ? 2 : w === '4' ? 1 : 0);
  let workClass: string | null = null;
  for (const r of roles) if (rank(r.workClass) > rank(workClass)) workClass = r.workClass;
  return { roleCodes: roles.map((r) => r.roleCode), workClass };
}
