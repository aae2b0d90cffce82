import type { Kysely } from 'kysely';

/**
 * Stored case-report forms (表单设计, issue 20 §2): one row per version of a tenant's form. A code has at most
 * one draft (the newest version); published versions never change, so a record keeps the form it was entered
 * with. `definition` is the form definition as JSON text (schemas/meta/form.schema.json, without `version`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_form')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('create_by', 'text')
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_by', 'text')
    .addColumn('update_time', 'text')
    .addColumn('publish_by', 'text')
    .addColumn('publish_time', 'text')
    .execute();
  await db.schema
    .createIndex('uq_sys_form_version')
    .ifNotExists()
    .unique()
    .on('sys_form')
    .columns(['tenant_id', 'code', 'version'])
    .execute();
  await db.schema
    .createIndex('idx_sys_form_code')
    .ifNotExists()
    .on('sys_form')
    .columns(['tenant_id', 'code'])
    .execute();
}
