import { Migrator, type MigrationProvider } from 'kysely';
import type { Db } from './connect.js';
import { migrations } from './migrations/index.js';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies pending migrations in name order; throws with the failing migration's name. */
export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? failed.migrationName : '(unknown)';
    throw new Error(`数据库迁移失败：${name}：${error instanceof Error ? error.message : String(error)}`);
  }
}
