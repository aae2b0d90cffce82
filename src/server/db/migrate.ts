import { Migrator, sql, type MigrationProvider } from 'kysely';
import type { Db } from './connect.js';
import { migrations } from './migrations/index.js';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies pending migrations in name order; throws with the failing migration's name. */
export async function migrate(db: Db): Promise<void> {
  // On PostgreSQL the migrator looks for its tables in every schema unless told which one; with several
  // schemas on one server (instances per schema, parallel tests) it would take another schema's
  // tables for its own. Name the connection's own schema.
  const migrationTableSchema =
    db.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db: db.kysely, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? failed.migrationName : '(unknown)';
    throw new Error(`数据库迁移失败：${name}：${error instanceof Error ? error.message : String(error)}`);
  }
}
