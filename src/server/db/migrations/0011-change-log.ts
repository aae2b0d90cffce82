import type { Kysely } from 'kysely';

/**
 * The change history of every record (issue 16 §2): one row per add, edit, delete, transition, import or
 * restore, written in the transaction of the change itself. `changes` is JSON: `{ field: [before, after] }`
 * of the changed fields, or for a delete the whole row (children included), which a restore re-inserts.
 * Rows are only ever inserted; no route updates or deletes them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_change_log')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('create_by', 'text')
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('idx_sys_change_log_record')
    .ifNotExists()
    .on('sys_change_log')
    .columns(['table_name', 'record_id', 'create_time'])
    .execute();
  // The recycle bin lists one table's deletes newest first.
  await db.schema
    .createIndex('idx_sys_change_log_action')
    .ifNotExists()
    .on('sys_change_log')
    .columns(['table_name', 'action', 'create_time'])
    .execute();
}
