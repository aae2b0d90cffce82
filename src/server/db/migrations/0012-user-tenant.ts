import type { Kysely } from 'kysely';

/**
 * User↔tenant as an indexed relation (issue 13): lists filtered by the session's tenant were a
 * `(',' || rel_tenant_ids || ',') like '%,1,%'` that no index serves. sys_user_tenant holds one row per
 * membership, keyed (user_id, tenant_id), with (tenant_id, user_id) for "the users of a tenant". It is
 * filled here from rel_tenant_ids, which stays: the protocol returns it and sessions read it; every write
 * of it goes through replaceTenants (user-links.ts) so both agree.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_user_tenant')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_sys_user_tenant', ['user_id', 'tenant_id'])
    .execute();
  await db.schema.createIndex('idx_user_tenant_tenant').ifNotExists().on('sys_user_tenant').columns(['tenant_id', 'user_id']).execute();
  // Department links looked up from the department side (org-scope: users under a subtree).
  await db.schema.createIndex('idx_user_depart_dep_user').ifNotExists().on('sys_user_depart').columns(['dep_id', 'user_id']).execute();

  const users = (await db
    .selectFrom('sys_user')
    .select(['id', 'rel_tenant_ids'])
    .where('rel_tenant_ids', 'is not', null)
    .execute()) as Array<{ id: string; rel_tenant_ids: string }>;
  const links = users.flatMap((u) =>
    [...new Set(u.rel_tenant_ids.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0))].map((tenant_id) => ({
      user_id: u.id,
      tenant_id,
    })),
  );
  // Two bound values a row: well under both drivers' parameter limits.
  for (let i = 0; i < links.length; i += 5000) await db.insertInto('sys_user_tenant').values(links.slice(i, i + 5000)).execute();
}
