import type { Kysely } from 'kysely';

/**
 * Sequences of numbering rules (issue 12): one counter per rule (`<entity>.<field>`), period (`20261125`,
 * `202611`, `2026` or '' for a rule that never resets) and tenant (0 for a global rule). A number is taken
 * by one upsert-returning statement inside the insert's transaction, so concurrent adds never share one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_sequence')
    .ifNotExists()
    .addColumn('rule_key', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_sys_sequence', ['rule_key', 'period', 'tenant_id'])
    .execute();
}
