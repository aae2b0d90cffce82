import type { Kysely } from 'kysely';
import { withAudit } from './0001-system.js';

/**
 * Notices (issue 7): announcements and their per-user read rows, user messages (the bell), labels and
 * their links to business records, and feedback. Flags are 0/1 integers; enumerations are text codes
 * that match the dictionaries in schemas/dicts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await withAudit(
    db.schema
      .createTable('sys_announcement')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      // Spelled as the protocol spells it.
      .addColumn('titile', 'text', (c) => c.notNull())
      .addColumn('msg_content', 'text')
      .addColumn('start_time', 'text')
      .addColumn('end_time', 'text')
      .addColumn('sender', 'text')
      .addColumn('priority', 'text', (c) => c.notNull().defaultTo('L'))
      .addColumn('msg_category', 'text', (c) => c.notNull().defaultTo('1'))
      .addColumn('msg_type', 'text', (c) => c.notNull().defaultTo('ALL'))
      .addColumn('send_status', 'text', (c) => c.notNull().defaultTo('0'))
      .addColumn('send_time', 'text')
      .addColumn('cancel_time', 'text')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('user_ids', 'text')
      .addColumn('bus_type', 'text')
      .addColumn('bus_id', 'text')
      .addColumn('open_type', 'text')
      .addColumn('open_page', 'text')
      .addColumn('msg_abstract', 'text')
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema
    .createIndex('idx_announcement_tenant_status')
    .ifNotExists()
    .on('sys_announcement')
    .columns(['tenant_id', 'del_flag', 'send_status'])
    .execute();

  await db.schema
    .createTable('sys_announcement_send')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('annt_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('read_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_time', 'text')
    .addColumn('create_time', 'text')
    .execute();
  await db.schema
    .createIndex('uq_announcement_send')
    .ifNotExists()
    .unique()
    .on('sys_announcement_send')
    .columns(['annt_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('idx_announcement_send_user')
    .ifNotExists()
    .on('sys_announcement_send')
    .columns(['user_id', 'read_flag'])
    .execute();

  await db.schema
    .createTable('sys_message')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('classify', 'text', (c) => c.notNull())
    .addColumn('classify_name', 'text', (c) => c.notNull())
    .addColumn('msg_color', 'text', (c) => c.notNull().defaultTo('blue'))
    // JSON of the redirect target; validated before it is stored.
    .addColumn('redirect', 'text')
    .addColumn('read_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_time', 'text')
    .addColumn('annt_id', 'text')
    .addColumn('create_by', 'text')
    .addColumn('create_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_message_user_unread')
    .ifNotExists()
    .on('sys_message')
    .columns(['user_id', 'read_flag', 'create_time'])
    .execute();
  await db.schema.createIndex('idx_message_annt').ifNotExists().on('sys_message').column('annt_id').execute();

  await withAudit(
    db.schema
      .createTable('sys_label')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('color', 'text')
      // 'sys': shared by the tenant, kept by administrators; 'user': private to its owner.
      .addColumn('label_type', 'text', (c) => c.notNull())
      // '' for system labels, so the unique index below also holds for them on both dialects.
      .addColumn('owner_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema
    .createIndex('uq_label_name')
    .ifNotExists()
    .unique()
    .on('sys_label')
    .columns(['tenant_id', 'label_type', 'owner_id', 'name'])
    .execute();

  await db.schema
    .createTable('sys_label_rlat')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('label_id', 'text', (c) => c.notNull())
    .addColumn('biz_type', 'text', (c) => c.notNull())
    .addColumn('biz_id', 'text', (c) => c.notNull())
    .addColumn('create_by', 'text')
    .addColumn('create_time', 'text')
    .execute();
  await db.schema
    .createIndex('uq_label_rlat')
    .ifNotExists()
    .unique()
    .on('sys_label_rlat')
    .columns(['label_id', 'biz_type', 'biz_id'])
    .execute();
  await db.schema.createIndex('idx_label_rlat_biz').ifNotExists().on('sys_label_rlat').columns(['biz_type', 'biz_id']).execute();

  await withAudit(
    db.schema
      .createTable('sys_feedback')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('fb_type', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('contact', 'text')
      .addColumn('images', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('0'))
      .addColumn('reply', 'text')
      .addColumn('handle_by', 'text')
      .addColumn('handle_time', 'text'),
  ).execute();
  await db.schema.createIndex('idx_feedback_user').ifNotExists().on('sys_feedback').column('user_id').execute();
  await db.schema
    .createIndex('idx_feedback_tenant_status')
    .ifNotExists()
    .on('sys_feedback')
    .columns(['tenant_id', 'status'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['sys_feedback', 'sys_label_rlat', 'sys_label', 'sys_message', 'sys_announcement_send', 'sys_announcement'])
    await db.schema.dropTable(t).ifExists().execute();
}
