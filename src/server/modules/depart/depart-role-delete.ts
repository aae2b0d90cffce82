import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { LINKS, trackLinkWrite } from '../history/link-change.js';
import { trackSystemWrite } from '../history/system-change.js';

/**
 * Deletes department roles inside `trx` with their grants and holders' links; the roles' deletes and
 * each holder's changed department roles are recorded in history.
 */
export async function deleteDepartRoles(trx: Kysely<Database>, request: FastifyRequest, roleIds: string[]) {
  if (roleIds.length === 0) return;
  const holders = (await trx.selectFrom('sysDepartRoleUser').select('userId').distinct().where('droleId', 'in', roleIds).execute()).map((h) => h.userId);
  await trackLinkWrite(trx, request, [LINKS.userDepartRoles], holders, () => trx.deleteFrom('sysDepartRoleUser').where('droleId', 'in', roleIds).execute());
  await trx.deleteFrom('sysDepartRolePermission').where('roleId', 'in', roleIds).execute();
  await trackSystemWrite(trx, request, 'sys_depart_role', roleIds, 'delete', () => trx.deleteFrom('sysDepartRole').where('id', 'in', roleIds).execute());
}
