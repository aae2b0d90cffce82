import type { Kysely } from 'kysely';

/**
 * The browser a session was opened from (its User-Agent, cut short), so the personal centre can show a
 * user which of his sessions is which device before he signs one out.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sys_session').addColumn('user_agent', 'text').execute();
}
