import type { Kysely } from 'kysely';

/**
 * Applications for audited data changes (issue 16 §3–4, entity `audit`): an add, edit, delete or merge
 * proposed by a user and applied only when an auditor approves it. `payload` holds the proposed values
 * (JSON, child rows under their code), `base` the record's snapshot when applied for (JSON: a change
 * since makes the application stale). The scope columns are the target record's (the applicant's for
 * an add), so auditors' lists filter them like the entity's rows.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_data_apply')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('entity_code', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text')
    .addColumn('merge_ids', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('base', 'text')
    .addColumn('reason', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('applicant_id', 'text', (c) => c.notNull())
    .addColumn('applicant', 'text', (c) => c.notNull())
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('auditor', 'text')
    .addColumn('audit_time', 'text')
    .addColumn('audit_comment', 'text')
    .addColumn('result_id', 'text')
    .addColumn('sys_org_code', 'text')
    .addColumn('org_id', 'text')
    .addColumn('doctor_id', 'text')
    .execute();
  await db.schema
    .createIndex('idx_sys_data_apply_status')
    .ifNotExists()
    .on('sys_data_apply')
    .columns(['status', 'entity_code'])
    .execute();
  await db.schema
    .createIndex('idx_sys_data_apply_applicant')
    .ifNotExists()
    .on('sys_data_apply')
    .columns(['applicant_id', 'create_time'])
    .execute();
  await db.schema
    .createIndex('idx_sys_data_apply_record')
    .ifNotExists()
    .on('sys_data_apply')
    .columns(['entity_code', 'record_id', 'status'])
    .execute();
}
