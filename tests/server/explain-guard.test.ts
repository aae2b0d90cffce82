import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnOf } from '../../src/server/db/entity-plan.js';
import { refreshStatistics } from '../../src/server/db/statistics.js';
import type { Database } from '../../src/server/db/tables.js';
import { captureSelects, type CapturedSelect } from './capture-selects.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

/**
 * The EXPLAIN guard (issue 13): every list a console screen opens — users, roles, departments, dict
 * items, positions, tenants, announcements, logs and every entity — is requested through the real
 * routes by callers of each data scope, every SELECT they run is captured as compiled, and its plan
 * is read back with enough rows and statistics that the planner prefers an index where one fits. A
 * query that reads a whole large table fails, named with its plan.
 */

/** Rows per entity table: well past a page and the count cap, quick to load. */
const ROWS = 20_000;
/**
 * Users: tenfold the count cap (paged-query.ts), so a bounded count is a small share of the table as
 * it is in production; at 20k PostgreSQL rightly hashes the whole table for a count of half of it.
 */
const USERS = 100_000;

/** Users in tenant 1 spread over the seeded departments, loaded by INSERT … SELECT over a counter. */
async function bulkUsers(db: Kysely<Database>) {
  const departs = await db.selectFrom('sysDepart').select(['id', 'orgCode']).where('tenantId', '=', 1).execute();
  await sql`
    insert into sys_user (id, username, realname, password_hash, email, work_no, phone, org_code, rel_tenant_ids, create_time, del_flag, status)
    with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${USERS})
    select 'g' || i, 'g' || i, 'R' || (i % 10000), 'x', 'g' || i || '@example.cn', 'G' || i, '137' || (10000000 + i), 'A01',
      '1', '2025-01-01 00:' || (10 + i % 50) || ':00', 0, 1
    from seq`.execute(db);
  await sql`insert into sys_user_tenant (user_id, tenant_id) select id, 1 from sys_user where id like 'g%'`.execute(db);
  for (const [k, d] of departs.entries())
    await sql`
      insert into sys_user_depart (id, user_id, dep_id)
      select 'gd' || substr(id, 2), id, ${d.id} from sys_user where id like 'g%' and (cast(substr(id, 2) as integer) % ${departs.length}) = ${k}`.execute(db);
}

/** Rows of a top-level entity in tenant 1 spread over its departments; required and unique columns filled. */
async function bulkEntity(t: TestApp, code: string) {
  const entity = t.ctx.defs.entities.find((e) => e.code === code)!;
  const codes = (await t.ctx.db.kysely.selectFrom('sysDepart').select('orgCode').where('tenantId', '=', 1).execute()).map((d) => d.orgCode);
  const scope = entity.scope ?? {};
  const cols: string[] = ['id', 'create_time'];
  const values: string[] = [`'${code}' || i`, `'2025-01-01 00:' || (10 + i % 50) || ':00'`];
  const also = (col: string, value: string) => (cols.push(col), values.push(value));
  if (scope.tenant) also('tenant_id', '1');
  if (scope.department) also('sys_org_code', `case i % ${codes.length} ${codes.map((c, k) => `when ${k} then '${c}'`).join(' ')} end`);
  if (scope.doctor) also('doctor_id', `'d' || (i % 50)`);
  if (scope.organisation) also('org_id', `'o' || (i % 5)`);
  for (const f of entity.fields) {
    if (!f.unique && !f.required && entity.defaultSort?.field !== f.name) continue;
    const col = columnOf(f.name);
    if (f.unique) also(col, `'' || i`);
    else if (f.type === 'date') also(col, `'2025-01-' || (10 + i % 20)`);
    else if (f.type === 'decimal' || f.type === 'int' || f.type === 'bigint') also(col, '1');
    // Short enough for any declared length.
    else also(col, `'' || (i % 10)`);
  }
  await sql
    .raw(
      `insert into ${code} (${cols.join(', ')})
       with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${ROWS})
       select ${values.join(', ')} from seq`,
    )
    .execute(t.ctx.db.kysely);
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** Whole-table reads of `large` tables in a PostgreSQL plan; a scan feeding a Limit directly stops early. */
function pgFullScans(node: PlanNode, large: Set<string>, underLimit = false): string[] {
  const here =
    node['Node Type'] === 'Seq Scan' && large.has(node['Relation Name'] ?? '') && !underLimit ? [`Seq Scan on ${node['Relation Name']}`] : [];
  // Only pass-through nodes keep the limit's early stop; a sort or aggregate reads all of its input.
  const passes = ['Limit', 'Subquery Scan', 'Nested Loop', 'Result'].includes(node['Node Type']);
  const limited = node['Node Type'] === 'Limit' || (underLimit && passes);
  return [...here, ...(node.Plans ?? []).flatMap((p) => pgFullScans(p, large, limited))];
}

describe.each(DIALECTS)('EXPLAIN guard on $name', ({ name, url }) => {
  let t: TestApp;
  let db: Kysely<Database>;
  let large: Set<string>;

  beforeAll(async () => {
    t = await createTestApp(url);
    db = t.ctx.db.kysely;
    await bulkUsers(db);
    const topLevel = t.ctx.defs.entities.filter((e) => !e.parent).map((e) => e.code);
    for (const code of topLevel) await bulkEntity(t, code);
    large = new Set(['sys_user', 'sys_user_tenant', 'sys_user_depart', ...topLevel]);
    await refreshStatistics(t.ctx.db, { bulkLoaded: true });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Plan text (SQLite) or plan tree (PostgreSQL) of a captured query, with its own bound values. */
  async function explain(compiled: CapturedSelect): Promise<{ sql: string; plan: string; scans: string[] }> {
    if (name === 'sqlite') {
      const stmt = sql.raw(`explain query plan ${compiled.sql}`).compile(db);
      const rows = (await db.executeQuery<{ detail: string }>({ ...stmt, parameters: compiled.parameters })).rows;
      const plan = rows.map((r) => r.detail).join('\n');
      // "SCAN t" alone reads the whole table; "SCAN t USING [COVERING] INDEX" walks an index (in order,
      // stoppable). A scan streaming into a LIMIT with no sort in between stops early, like PostgreSQL's
      // Seq Scan under a Limit (the capped count).
      const bounded = / limit \?/.test(compiled.sql) && !plan.includes('USE TEMP B-TREE');
      const scans = rows
        .map((r) => /^SCAN (\w+)(?: AS \w+)?$/.exec(r.detail)?.[1])
        .filter((tbl): tbl is string => !!tbl && large.has(tbl) && !bounded)
        .map((tbl) => `SCAN ${tbl}`);
      // A page of a large table sorted in a temporary B-tree sorts every matching row first, whatever
      // index found them (the default sort must come from an index); one sorted for its last term
      // sorts every run of equal keys (the tie-breaker id must come from the index too).
      const tables = rows.map((r) => /^(?:SCAN|SEARCH) (\w+)/.exec(r.detail)?.[1]).filter((tbl) => !!tbl && large.has(tbl));
      if (/ limit \?/.test(compiled.sql) && /USE TEMP B-TREE FOR (ORDER BY|LAST TERM|RIGHT PART)/.test(plan) && tables.length)
        scans.push(`SORT ${tables.join('+')}`);
      return { sql: compiled.sql, plan, scans };
    }
    const stmt = sql.raw(`explain (format json) ${compiled.sql}`).compile(db);
    const rows = (await db.executeQuery<Record<string, unknown>>({ ...stmt, parameters: compiled.parameters })).rows;
    const raw = Object.values(rows[0])[0];
    const tree = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
    return { sql: compiled.sql, plan: JSON.stringify(tree[0].Plan), scans: pgFullScans(tree[0].Plan, large) };
  }

  const SYSTEM_LISTS = [
    '/sys/user/list',
    '/sys/user/list?column=createTime&order=desc&pageNo=2',
    '/sys/user/list?realname=R77',
    '/sys/role/list',
    '/sys/sysDepart/queryTreeList',
    '/sys/sysDepart/queryMyDeptTreeList',
    '/sys/dict/list',
    '/sys/position/list',
    '/sys/tenant/list',
    '/sys/annountCement/list',
    '/sys/log/list?logType=1',
    '/sys/log/list?logType=2',
    '/sys/checkRule/list',
  ];
  // Callers of each data scope: all, organisation, department, own rows, platform operator.
  const CALLERS = ['admin', 'wangfang', 'lina', 'zhangwei', 'liuyang'];

  it('reads no large table whole for any list, count, scope or default sort', async () => {
    const entityLists = t.ctx.defs.entities.filter((e) => !e.parent).map((e) => `/online/cgform/api/getData/${e.code}`);
    const dict = await db.selectFrom('sysDict').select('id').executeTakeFirstOrThrow();
    const urls = [...SYSTEM_LISTS, `/sys/dictItem/list?dictId=${dict.id}`, ...entityLists];
    const tokens = await Promise.all(CALLERS.map((u) => t.login(u)));
    const answered = new Set<string>();
    const capture = captureSelects();
    try {
      for (const [k, token] of tokens.entries())
        for (const u of urls) {
          capture.state.label = `${CALLERS[k]} GET ${u}`;
          const res = await t.call({ method: 'GET', url: u, token });
          if (res.statusCode === 200 && res.json().success) answered.add(`${CALLERS[k]} ${u}`);
        }
    } finally {
      capture.stop();
    }
    // Every list answered for the administrator, so each was planned at least once.
    for (const u of urls) expect(answered.has(`admin ${u}`), u).toBe(true);

    const seen = new Set<string>();
    const failures: string[] = [];
    for (const captured of capture.state.selects) {
      const { sql: text, plan, scans } = await explain(captured);
      const label = captured.label;
      if (seen.has(text)) continue;
      seen.add(text);
      if (scans.length) failures.push(`${scans.join(', ')} (${label})\n  SQL: ${text}\n  PLAN: ${plan}`);
    }
    expect(seen.size).toBeGreaterThan(20);
    expect(failures, `full scans of large tables:\n${failures.join('\n\n')}`).toEqual([]);
  }, 120_000);
});
