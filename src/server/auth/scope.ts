import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { Session } from './sessions.js';
import { roleInfo } from './permissions.js';

/**
 * Which rows a caller may see (spec §6), computed from the session only:
 * workClass '3' sees everything; in PD-D applications workClass '2' is limited to its organisation
 * (the top-level unit of its department) and '4' to its own records as doctor; everyone else to the
 * subtree of the current department. A user without a department sees nothing scoped.
 */
export type DataScope =
  | { kind: 'all' }
  | { kind: 'dept'; orgCodePrefix: string }
  | { kind: 'org'; orgCodePrefix: string }
  | { kind: 'doctor'; userId: string }
  | { kind: 'none' };

/** Organisation = the top-level unit; org codes grow by three characters a level (A01, A01A02, ...). */
export const ORG_CODE_STEP = 3;

export async function dataScope(db: Kysely<Database>, session: Session): Promise<DataScope> {
  const { workClass } = await roleInfo(db, session.userId);
  if (workClass === '3') return { kind: 'all' };
  const pdd = session.appCode.includes('PD-D');
  if (pdd && workClass === '4') return { kind: 'doctor', userId: session.userId };
  if (!session.orgCode) return { kind: 'none' };
  if (pdd && workClass === '2') return { kind: 'org', orgCodePrefix: session.orgCode.slice(0, ORG_CODE_STEP) };
  return { kind: 'dept', orgCodePrefix: session.orgCode };
}
