import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DataScope } from '../../auth/scope.js';
import { ORG_CODE_STEP } from '../../auth/scope.js';
import type { Session } from '../../auth/sessions.js';
import type { Database } from '../../db/tables.js';

/** A device key: `yjy_` and 32 random bytes in base64url; only its sha256 is stored. */
export const KEY_PREFIX = 'yjy_';
/** How many leading characters of a key the list shows, to tell keys apart. */
export const SHOWN_PREFIX = 8;

export const newApiKey = () => KEY_PREFIX + crypto.randomBytes(32).toString('base64url');
export const hashApiKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

export interface Organisation {
  id: string;
  orgCode: string;
  departName: string;
}

/**
 * The organisations (top-level departments of the session's tenant) whose keys a caller manages: all
 * of them for a caller who sees everything, else only the organisation of his own department.
 */
export async function managedOrganisations(
  db: Kysely<Database>,
  session: Session,
  scope: DataScope,
): Promise<Organisation[]> {
  let q = db
    .selectFrom('sysDepart')
    .select(['id', 'orgCode', 'departName'])
    .where('tenantId', '=', session.tenantId)
    .where('delFlag', '=', '0')
    .where('parentId', '=', '');
  if (scope.kind !== 'all') {
    if (!session.orgCode || scope.kind === 'none' || scope.kind === 'doctor') return [];
    q = q.where('orgCode', '=', session.orgCode.slice(0, ORG_CODE_STEP));
  }
  return q.orderBy('orgCode').execute();
}
