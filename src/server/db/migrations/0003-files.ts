import type { Kysely } from 'kysely';

/**
 * Uploaded files: the server-made stored path, the uploader's file name and tenant. Downloads look the
 * record up, so only files the server stored (for the caller's tenant) can ever be read.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_file')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('biz', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('ext', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'text')
    .addColumn('create_time', 'text')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_file').ifExists().execute();
}
