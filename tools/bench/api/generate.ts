/**
 * Bulk rows for the API bench (issue 13): users and erp_customer rows made by the database itself, one
 * INSERT … SELECT over a counter per batch (no round trip per row), each batch its own transaction.
 * Users join tenant 1 (sys_user_tenant) and one of its departments (sys_user_depart), customers are
 * spread over the same departments, so scopes have realistic shares of the rows.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/tables.js';

/** Rows per INSERT … SELECT: large enough to amortise, small enough to keep each transaction short. */
const BATCH = 100_000;

/** `with recursive seq(i)` over [from, to], the counter both databases share. */
const counter = (from: number, to: number) =>
  sql`with recursive seq(i) as (select ${sql.lit(from)} union all select i + 1 from seq where i < ${sql.lit(to)})`;

/**
 * When row i was made: spread over three months, the days, hours and minutes of each. The hour must not
 * follow `i % 14` as the department does: then every department's rows came at one hour of the day, and
 * an organisation's newest rows sat behind thousands of other departments' rows in the newest-first
 * order, a correlation no real hospital's data has (a scope that rare among recent rows is still slower).
 */
const CREATED = sql.raw(
  "'2025-' || (10 + i % 3) || '-' || (10 + i % 19) || ' ' || (10 + (i / 19) % 14) || ':' || (10 + i % 50) || ':00'",
);

/** A CASE choosing `values[i % n]` in SQL. */
const cycle = (values: string[], expr = 'i') =>
  sql.raw(`case ${expr} % ${values.length} ${values.map((v, k) => `when ${k} then '${v.replace(/'/g, "''")}'`).join(' ')} end`);

export async function generateUsers(db: Kysely<Database>, rows: number, log: (line: string) => void) {
  const departs = await db.selectFrom('sysDepart').select(['id', 'orgCode']).where('tenantId', '=', 1).orderBy('orgCode').execute();
  const codes = departs.map((d) => d.orgCode);
  const ids = departs.map((d) => d.id);
  for (let from = 1; from <= rows; from += BATCH) {
    const to = Math.min(rows, from + BATCH - 1);
    await db.transaction().execute(async (trx) => {
      await sql`
        insert into sys_user (id, username, realname, password_hash, email, work_no, phone, org_code, rel_tenant_ids,
          create_time, del_flag, status, sex)
        ${counter(from, to)}
        select 'bu' || i, 'bu' || i, 'R' || (i % 1000), 'x', 'bu' || i || '@example.cn', 'BW' || i, '' || (13000000000 + i),
          ${cycle(codes)}, '1', ${CREATED},
          0, 1, 1 + i % 2
        from seq`.execute(trx);
      await sql`insert into sys_user_tenant (user_id, tenant_id) ${counter(from, to)} select 'bu' || i, 1 from seq`.execute(trx);
      await sql`insert into sys_user_depart (id, user_id, dep_id) ${counter(from, to)} select 'bud' || i, 'bu' || i, ${cycle(ids)} from seq`.execute(trx);
    });
    log(`  用户 ${to.toLocaleString('zh-CN')} / ${rows.toLocaleString('zh-CN')}`);
  }
}

export async function generateCustomers(db: Kysely<Database>, rows: number, types: string[], levels: string[], log: (line: string) => void) {
  const codes = (await db.selectFrom('sysDepart').select('orgCode').where('tenantId', '=', 1).orderBy('orgCode').execute()).map((d) => d.orgCode);
  for (let from = 1; from <= rows; from += BATCH) {
    const to = Math.min(rows, from + BATCH - 1);
    await db.transaction().execute(async (trx) => {
      await sql`
        insert into erp_customer (id, name, customer_no, customer_type, level, phone, tenant_id, sys_org_code, create_by, create_time)
        ${counter(from, to)}
        select 'bc' || i, '客户' || i, 'C' || (100000000 + i), ${cycle(types)}, ${cycle(levels, '(i / 7)')}, '' || (13900000000 + i), 1,
          ${cycle(codes)}, 'admin', ${CREATED}
        from seq`.execute(trx);
    });
    log(`  客户 ${to.toLocaleString('zh-CN')} / ${rows.toLocaleString('zh-CN')}`);
  }
}
