import type { Kysely } from 'kysely';

/**
 * Message administration (issue 14): templates with `${name}` placeholders, and the log of messages an
 * administrator sent — one row per send, one row per recipient pointing at the message in his bell
 * (whose read flag is the read state, so nothing is copied).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_message_template')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tpl_type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('1'))
    .addColumn('create_by', 'text')
    .addColumn('create_time', 'text')
    .addColumn('update_by', 'text')
    .addColumn('update_time', 'text')
    .execute();
  await db.schema
    .createIndex('uq_sys_message_template_code')
    .ifNotExists()
    .unique()
    .on('sys_message_template')
    .columns(['tenant_id', 'code'])
    .execute();

  await db.schema
    .createTable('sys_message_send')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('template_id', 'text')
    .addColumn('template_name', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('sender_id', 'text', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('recipient_count', 'integer', (c) => c.notNull())
    .addColumn('create_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_message_send_time').ifNotExists().on('sys_message_send').columns(['tenant_id', 'create_time']).execute();

  await db.schema
    .createTable('sys_message_send_user')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('send_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_message_send_user_send').ifNotExists().on('sys_message_send_user').columns(['send_id']).execute();
}
