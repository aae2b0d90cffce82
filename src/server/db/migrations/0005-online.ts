import type { Kysely } from 'kysely';

/*
 * The column types entity-sync last gave each entity table. SQLite keeps the declared type of a column
 * it cannot alter, so after a widening only this record knows the current length; comparing against it
 * refuses the same lossy changes on SQLite as on PostgreSQL.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_entity_column')
    .addColumn('entity_code', 'text', (c) => c.notNull())
    .addColumn('column_name', 'text', (c) => c.notNull())
    .addColumn('column_type', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_sys_entity_column', ['entity_code', 'column_name'])
    .execute();
}
