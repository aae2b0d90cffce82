import type { Kysely } from 'kysely';

/**
 * The user list's default order is create time, ties by id in the same direction (list-query.ts
 * tieOrder): indexes ending in both serve every page without sorting, however many users were imported
 * in the same second — the plain list and the list filtered by name (0016). They replace the indexes
 * they extend.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const replace = async (old: string, name: string, columns: string[]) => {
    await db.schema.createIndex(name).ifNotExists().on('sys_user').columns(columns).execute();
    await db.schema.dropIndex(old).ifExists().execute();
  };
  await replace('idx_user_create_time', 'idx_user_create_time_id', ['create_time', 'id']);
  await replace('idx_user_realname', 'idx_user_realname_create_time_id', ['realname', 'create_time', 'id']);
}
