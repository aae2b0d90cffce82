import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ADMIN_ROLE_CODE, isAdministrator } from '../auth/administrator.js';
import type { Database } from '../db/tables.js';

/**
 * The anti-escalation rule for everything that hands out rights (AC-02, AC-03), in one place. Every
 * grant path goes through it: roles of users (user and staff add/edit), department roles of users,
 * and the permissions of roles, departments and department roles.
 * - Nobody gives or takes away a right he does not hold himself: a permission's button codes, or a
 *   role's codes in full (every code it carries, enabled or not, since a disabled code can be enabled).
 * - A role of workClass '3' lifts every organisation restriction: only a caller whose own scope is
 *   unrestricted grants it. An unrestricted scope is no licence to grant codes one does not hold.
 * - The administrator role only by an administrator; administrators may grant anything.
 */

const codesOf = (perms: string | null) =>
  (perms ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

interface Granter {
  admin: boolean;
  unrestricted: boolean;
  holds: (codes: string[]) => boolean;
}

async function granterOf(db: Kysely<Database>, request: FastifyRequest): Promise<Granter> {
  const admin = await isAdministrator(db, request.user().userId);
  const unrestricted = (await request.scope()).kind === 'all';
  const mine = await request.permissions();
  return { admin, unrestricted, holds: (codes) => admin || codes.every((c) => mine.has(c)) };
}

/** Names of the permissions among `ids` the caller may not grant or take away (empty when all are fine). */
export async function ungrantablePermissions(db: Kysely<Database>, request: FastifyRequest, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const granter = await granterOf(db, request);
  if (granter.admin) return [];
  const rows = await db.selectFrom('sysPermission').select(['id', 'name', 'perms']).where('id', 'in', ids).where('menuType', '=', 2).execute();
  return rows.filter((r) => !granter.holds(codesOf(r.perms))).map((r) => r.name);
}

/** The ids among `roleIds` whose grant the caller may give or take away. */
export async function grantableRoles(db: Kysely<Database>, request: FastifyRequest, roleIds: string[]): Promise<Set<string>> {
  if (roleIds.length === 0) return new Set();
  const granter = await granterOf(db, request);
  const roles = await db.selectFrom('sysRole').select(['id', 'roleCode', 'workClass']).where('id', 'in', roleIds).execute();
  if (granter.admin) return new Set(roles.map((r) => r.id));
  const perms = await db
    .selectFrom('sysRolePermission as rp')
    .innerJoin('sysPermission as p', 'p.id', 'rp.permissionId')
    .select(['rp.roleId as ownerId', 'p.perms'])
    .where('rp.roleId', 'in', roleIds)
    .where('p.menuType', '=', 2)
    .execute();
  const heldInFull = rolesHeldInFull(granter, perms);
  return new Set(
    roles
      .filter((r) => r.roleCode !== ADMIN_ROLE_CODE && (r.workClass !== '3' || granter.unrestricted) && heldInFull(r.id))
      .map((r) => r.id),
  );
}

/** The ids among `roleIds` (department roles) whose grant the caller may give or take away. */
export async function grantableDepartRoles(db: Kysely<Database>, request: FastifyRequest, roleIds: string[]): Promise<Set<string>> {
  if (roleIds.length === 0) return new Set();
  const granter = await granterOf(db, request);
  if (granter.admin) return new Set(roleIds);
  const perms = await db
    .selectFrom('sysDepartRolePermission as rp')
    .innerJoin('sysPermission as p', 'p.id', 'rp.permissionId')
    .select(['rp.roleId as ownerId', 'p.perms'])
    .where('rp.roleId', 'in', roleIds)
    .where('p.menuType', '=', 2)
    .execute();
  const heldInFull = rolesHeldInFull(granter, perms);
  return new Set(roleIds.filter(heldInFull));
}

function rolesHeldInFull(granter: Granter, perms: Array<{ ownerId: string; perms: string | null }>) {
  return (roleId: string) => granter.holds(perms.filter((p) => p.ownerId === roleId).flatMap((p) => codesOf(p.perms)));
}
