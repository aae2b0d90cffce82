import type { Kysely } from 'kysely';

/**
 * The user list's name filter (`realname=张三`, equality by the query rules; issue 13) reads an index
 * instead of the whole table, in the list's default order (newest first) so a page needs no sort.
 * Contains-searches (`*张*`) still walk the sort index until the page is full.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('idx_user_realname')
    .ifNotExists()
    .on('sys_user')
    .columns(['realname', 'create_time'])
    .execute();
}
