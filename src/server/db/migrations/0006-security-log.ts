import type { Kysely } from 'kysely';

/**
 * The security log (issue 11), in JeecgBoot's 日志管理 shape: `sys_log` with log_type 1 = sign-in,
 * 2 = operation. Rows are only ever inserted; no route updates or deletes them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_log')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('log_type', 'integer', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('log_content', 'text', (c) => c.notNull())
    .addColumn('result', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('userid', 'text')
    .addColumn('username', 'text')
    .addColumn('target', 'text')
    .addColumn('ip', 'text')
    .addColumn('request_id', 'text')
    .addColumn('request_url', 'text')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_log_time').ifNotExists().on('sys_log').columns(['create_time']).execute();
  await db.schema.createIndex('idx_sys_log_type_time').ifNotExists().on('sys_log').columns(['log_type', 'create_time']).execute();
  await db.schema.createIndex('idx_sys_log_user').ifNotExists().on('sys_log').columns(['username']).execute();
}
