import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

/**
 * The anti-escalation rule for everything that hands out rights (AC-02, AC-03): a caller with the
 * unrestricted data scope may grant anything; anyone else may only grant button codes they hold
 * themselves, and never a role of workClass '3' (which lifts every organisation restriction).
 */

const codesOf = (perms: string | null) =>
  (perms ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

/** Permission ids among `ids` the caller may not grant (empty when all are fine). */
export async function ungrantablePermissions(db: Kysely<Database>, request: FastifyRequest, ids: string[]): Promise<string[]> {
  if (ids.length === 0 || (await request.scope()).kind === 'all') return [];
  const mine = await request.permissions();
  const rows = await db.selectFrom('sysPermission').select(['id', 'name', 'perms']).where('id', 'in', ids).where('menuType', '=', 2).execute();
  return rows.filter((r) => codesOf(r.perms).some((c) => !mine.has(c))).map((r) => r.name);
}

/** The ids among `roleIds` whose grant the caller may give or take away. */
export async function grantableRoles(db: Kysely<Database>, request: FastifyRequest, roleIds: string[]): Promise<Set<string>> {
  if (roleIds.length === 0) return new Set();
  if ((await request.scope()).kind === 'all') return new Set(roleIds);
  const mine = await request.permissions();
  const roles = await db.selectFrom('sysRole').select(['id', 'workClass']).where('id', 'in', roleIds).execute();
  const perms = await db
    .selectFrom('sysRolePermission as rp')
    .innerJoin('sysPermission as p', 'p.id', 'rp.permissionId')
    .select(['rp.roleId', 'p.perms'])
    .where('rp.roleId', 'in', roleIds)
    .where('p.menuType', '=', 2)
    .execute();
  const out = new Set<string>();
  for (const r of roles) {
    if (r.workClass === '3') continue;
    const codes = perms.filter((p) => p.roleId === r.id).flatMap((p) => codesOf(p.perms));
    if (codes.every((c) => mine.has(c))) out.add(r.id);
  }
  return out;
}
