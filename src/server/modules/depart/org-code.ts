import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { startsWith } from '../../lib/like.js';

/** One level of an org code: a letter and two digits, A01 … A99, B01 … Z99. */
export const LEVEL_CODES = Array.from({ length: 26 * 99 }, (_, i) => `${String.fromCharCode(65 + Math.floor(i / 99))}${String((i % 99) + 1).padStart(2, '0')}`);

/**
 * The next free org code under a parent (children of A01 get A01A01, A01A02 …; roots A01, A02 …): the
 * first slot not taken by any department in any tenant, since org codes are unique.
 */
export async function nextOrgCode(db: Kysely<Database>, parentCode: string): Promise<string> {
  const rows = await db
    .selectFrom('sysDepart')
    .select('orgCode')
    .$if(parentCode !== '', (q) => q.where((eb) => startsWith(eb.ref('orgCode'), parentCode)))
    .execute();
  const taken = new Set(rows.map((r) => r.orgCode).filter((c) => c.length === parentCode.length + 3));
  const free = LEVEL_CODES.find((c) => !taken.has(parentCode + c));
  if (!free) throw new Error(`no org code left under ${parentCode || '(root)'}`);
  return parentCode + free;
}
