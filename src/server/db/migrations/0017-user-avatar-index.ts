import type { Kysely } from 'kysely';

/**
 * A user's current avatar is readable without a token (issue 15: clients that show it with a plain
 * `<img>`), so the download route asks "is this path somebody's avatar?" on every such request; the
 * index answers it without reading the user table.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('idx_user_avatar').ifNotExists().on('sys_user').column('avatar').execute();
}
