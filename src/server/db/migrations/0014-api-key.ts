import type { Kysely } from 'kysely';

/**
 * Device API keys (设备密钥, entity `device`): issued per organisation (org_id: the top-level department),
 * stored as a sha256 hash with the first characters kept for display, each naming the entities it may
 * post to (comma list). A revoked key keeps its row (status 0) so its posts stay attributable.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_api_key')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('entities', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_used_time', 'text')
    .addColumn('create_by', 'text')
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('uq_sys_api_key_hash').ifNotExists().unique().on('sys_api_key').column('key_hash').execute();
  await db.schema
    .createIndex('idx_sys_api_key_org')
    .ifNotExists()
    .on('sys_api_key')
    .columns(['tenant_id', 'org_id'])
    .execute();
}
