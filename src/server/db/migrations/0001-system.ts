import type { CreateTableBuilder, Kysely } from 'kysely';

/* Dialect-neutral column types only: text, integer, bigint, double precision. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Tb = CreateTableBuilder<any, any>;

export function withAudit(t: Tb): Tb {
  return t
    .addColumn('create_by', 'text')
    .addColumn('create_time', 'text')
    .addColumn('update_by', 'text')
    .addColumn('update_time', 'text');
}

const id = (t: Tb) => t.addColumn('id', 'text', (c) => c.primaryKey());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sys_tenant')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('begin_date', 'text')
    .addColumn('end_date', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_by', 'text')
    .addColumn('create_time', 'text')
    .execute();

  await withAudit(
    id(db.schema.createTable('sys_depart'))
      .addColumn('parent_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('depart_name', 'text', (c) => c.notNull())
      .addColumn('depart_name_en', 'text')
      .addColumn('depart_name_abbr', 'text')
      .addColumn('depart_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('description', 'text')
      .addColumn('org_category', 'text', (c) => c.notNull().defaultTo('2'))
      .addColumn('org_type', 'text', (c) => c.notNull().defaultTo('2'))
      .addColumn('org_code', 'text', (c) => c.notNull().unique())
      .addColumn('mobile', 'text')
      .addColumn('fax', 'text')
      .addColumn('address', 'text')
      .addColumn('memo', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('1'))
      .addColumn('del_flag', 'text', (c) => c.notNull().defaultTo('0'))
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('idx_depart_parent').on('sys_depart').column('parent_id').execute();

  await withAudit(
    id(db.schema.createTable('sys_position'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('post_rank', 'text')
      .addColumn('company_id', 'text')
      .addColumn('sys_org_code', 'text')
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await withAudit(
    id(db.schema.createTable('sys_role'))
      .addColumn('role_name', 'text', (c) => c.notNull())
      .addColumn('role_code', 'text', (c) => c.notNull().unique())
      .addColumn('description', 'text')
      .addColumn('work_class', 'text')
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await withAudit(
    id(db.schema.createTable('sys_user'))
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('realname', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('avatar', 'text')
      .addColumn('birthday', 'text')
      .addColumn('sex', 'integer')
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('org_code', 'text')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('work_no', 'text')
      .addColumn('post', 'text')
      .addColumn('telephone', 'text')
      .addColumn('user_identity', 'integer')
      .addColumn('depart_ids', 'text')
      .addColumn('rel_tenant_ids', 'text')
      .addColumn('user_type', 'text')
      .addColumn('staff_id', 'text'),
  ).execute();
  await db.schema.createIndex('idx_user_phone').on('sys_user').column('phone').execute();
  await db.schema.createIndex('idx_user_create_time').on('sys_user').column('create_time').execute();

  const link = async (table: string, a: string, b: string, extra = false) => {
    let t = id(db.schema.createTable(table))
      .addColumn(a, 'text', (c) => c.notNull())
      .addColumn(b, 'text', (c) => c.notNull());
    if (extra) t = t.addColumn('data_rule_ids', 'text');
    await t.execute();
    await db.schema.createIndex(`idx_${table}_${a}`).on(table).column(a).execute();
    await db.schema.createIndex(`idx_${table}_${b}`).on(table).column(b).execute();
  };
  await link('sys_user_role', 'user_id', 'role_id');
  await link('sys_user_depart', 'user_id', 'dep_id');
  await link('sys_role_permission', 'role_id', 'permission_id', true);
  await link('sys_depart_permission', 'depart_id', 'permission_id', true);
  await link('sys_depart_role_user', 'user_id', 'drole_id');

  await withAudit(
    id(db.schema.createTable('sys_permission'))
      .addColumn('parent_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('perms', 'text')
      .addColumn('perms_type', 'text')
      .addColumn('icon', 'text')
      .addColumn('component', 'text')
      .addColumn('component_name', 'text')
      .addColumn('url', 'text')
      .addColumn('redirect', 'text')
      .addColumn('sort_no', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('menu_type', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_leaf', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_route', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('keep_alive', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('description', 'text')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rule_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hide_tab', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('1'))
      .addColumn('always_show', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('internal_or_external', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('corner_mark', 'text'),
  ).execute();
  await db.schema.createIndex('idx_permission_parent').on('sys_permission').column('parent_id').execute();

  await withAudit(
    id(db.schema.createTable('sys_depart_role'))
      .addColumn('depart_id', 'text', (c) => c.notNull())
      .addColumn('role_name', 'text', (c) => c.notNull())
      .addColumn('role_code', 'text', (c) => c.notNull())
      .addColumn('description', 'text'),
  ).execute();

  await id(db.schema.createTable('sys_depart_role_permission'))
    .addColumn('depart_id', 'text', (c) => c.notNull())
    .addColumn('role_id', 'text', (c) => c.notNull())
    .addColumn('permission_id', 'text', (c) => c.notNull())
    .addColumn('data_rule_ids', 'text')
    .execute();

  await withAudit(
    id(db.schema.createTable('sys_permission_data_rule'))
      .addColumn('permission_id', 'text', (c) => c.notNull())
      .addColumn('rule_name', 'text', (c) => c.notNull())
      .addColumn('rule_column', 'text')
      .addColumn('rule_conditions', 'text')
      .addColumn('rule_value', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('1')),
  ).execute();

  await withAudit(
    id(db.schema.createTable('sys_dict'))
      .addColumn('dict_name', 'text', (c) => c.notNull())
      .addColumn('dict_code', 'text', (c) => c.notNull().unique())
      .addColumn('description', 'text')
      .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await withAudit(
    id(db.schema.createTable('sys_dict_item'))
      .addColumn('dict_id', 'text', (c) => c.notNull())
      .addColumn('item_text', 'text', (c) => c.notNull())
      .addColumn('item_value', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await db.schema.createIndex('idx_dict_item_dict').on('sys_dict_item').column('dict_id').execute();

  await withAudit(
    id(db.schema.createTable('sys_category'))
      .addColumn('pid', 'text', (c) => c.notNull().defaultTo('0'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('has_child', 'text', (c) => c.notNull().defaultTo('0')),
  ).execute();

  await withAudit(
    id(db.schema.createTable('sys_check_rule'))
      .addColumn('rule_name', 'text', (c) => c.notNull())
      .addColumn('rule_code', 'text', (c) => c.notNull().unique())
      .addColumn('rule_json', 'text', (c) => c.notNull())
      .addColumn('rule_description', 'text'),
  ).execute();

  await id(db.schema.createTable('sys_session'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('org_code', 'text')
    .addColumn('app_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('client_ip', 'text')
    .execute();
  await db.schema.createIndex('idx_session_user').on('sys_session').column('user_id').execute();

  await db.schema
    .createTable('sys_sms_code')
    .addColumn('mobile', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('sys_login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
