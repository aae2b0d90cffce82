import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
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
 * roles, one the department holds); a caller without the unrestricted scope may neither give nor
 * take away button codes they do not hold themselves.
 */
export async function grantDiff(
  db: Kysely<Database>,
  request: FastifyRequest,
  wanted: string[],
  current: string[],
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
  if (refused.length) throw bizError(`无权授予或收回权限：${refused.join('、')}`);
  return { added, removed };
}
