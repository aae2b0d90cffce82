import type { Kysely } from 'kysely';

/**
 * Indexes for large user tables (issue 13): the duplicate checks on e-mail and work number
 * (user-write.ts checkUnique, /sys/user/checkOnlyUser; phone already has one), the organisation code
 * lists filter on, and the recycle bin's default sort. The list's default sort (create_time) and the
 * link tables are indexed since 0001.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const index = (name: string, column: string) => db.schema.createIndex(name).ifNotExists().on('sys_user').column(column).execute();
  await index('idx_user_email', 'email');
  await index('idx_user_work_no', 'work_no');
  await index('idx_user_org_code', 'org_code');
  await index('idx_user_update_time', 'update_time');
}
