import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { refusal } from '../audit/refusal.js';
import { securityLog } from '../audit/security-log.js';
import { bizError } from '../http/errors.js';
import { ungrantablePermissions } from './grantable.js';

export interface GrantDiff {
  added: string[];
  removed: string[];
}

/**
 * What saving an authorisation tree changes (saveRolePermission and its department variants). The
 * result is computed against the stored grants, not the client's `lastpermissionIds`, so a stale
 * form cannot leave grants behind. Every wanted id must be a live permission (and, for department
 * roles, one the department holds); nobody but an administrator gives or takes away button codes he
 * does not hold himself (lib/grantable.ts). A refusal is security-logged against `target` (the role
 * or department, as the log shows it).
 */
export async function grantDiff(
  db: Kysely<Database>,
  request: FastifyRequest,
  wanted: string[],
  current: string[],
  target: string,
  allowed?: Set<string>,
): Promise<GrantDiff> {
  if (wanted.length) {
    const live = await db.selectFrom('sysPermission').select('id').where('id', 'in', wanted).where('delFlag', '=', 0).execute();
    if (live.length !== wanted.length) throw bizError('所选权限不存在');
  }
  if (allowed && wanted.some((id) => !allowed.has(id))) throw bizError('所选权限超出了部门拥有的权限范围');
  const added = wanted.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !wanted.includes(id));
  const refused = await ungrantablePermissions(db, request, [...added, ...removed]);
  if (refused.length) throw await refusal(request, 'role.permissions', `无权授予或收回权限：${refused.join('、')}`, target);
  return { added, removed };
}

/** Writes a saved authorisation to the security log: what was given and taken, by name. */
export async function logGrants(db: Kysely<Database>, request: FastifyRequest, target: string, owner: string, diff: GrantDiff): Promise<void> {
  const ids = [...diff.added, ...diff.removed];
  if (ids.length === 0) return;
  const names = new Map((await db.selectFrom('sysPermission').select(['id', 'name']).where('id', 'in', ids).execute()).map((r) => [r.id, r.name]));
  const list = (xs: string[]) => (xs.length ? xs.map((id) => names.get(id) ?? id).join('、') : '无');
  await securityLog(request, { event: 'role.permissions', target, content: `${owner}授权变更。新增：${list(diff.added)}；收回：${list(diff.removed)}` });
}
