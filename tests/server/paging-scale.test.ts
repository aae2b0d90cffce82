import Sqlite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/tables.js';
import { cachedStatements } from '../../src/server/db/statement-cache.js';
import { refreshStatistics } from '../../src/server/db/statistics.js';
import { boundedCount, COUNT_CAP, fetchPage } from '../../src/server/lib/paged-query.js';
import { tieOrder } from '../../src/server/lib/list-query.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

/** Comfortably past the count cap, yet quick to load on both databases. */
const BULK = 30_000;

interface ListBody {
  success: boolean;
  result: { records: Array<{ id: string; createTime: string }>; total: number; pages: number; totalEstimated?: true };
}

/**
 * Users loaded by one INSERT … SELECT over a counter (the fastest bulk load both databases share), in
 * tenant 1 like the seeded accounts, with 100 realnames and 60 create times so sorts have many ties.
 */
async function bulkUsers(db: Kysely<Database>, n: number) {
  await sql`
    insert into sys_user (id, username, realname, password_hash, email, work_no, phone, org_code, rel_tenant_ids, create_time, del_flag, status)
    with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${n})
    select 'bulk' || i, 'bulk' || i, 'R' || (i % 100), 'x', 'bulk' || i || '@example.cn', 'W' || i, '139' || (10000000 + i), 'A01',
      '1', '2025-01-01 00:00:' || (10 + i % 60), 0, 1
    from seq`.execute(db);
  // Tenant membership as the list scopes read it (migration 0012).
  await sql`insert into sys_user_tenant (user_id, tenant_id) select id, 1 from sys_user where id like 'bulk%'`.execute(db);
}

describe.each(DIALECTS)('lists at scale on $name', ({ name, url }) => {
  let t: TestApp;
  let db: Kysely<Database>;
  let admin: string;
  let visible: number;

  beforeAll(async () => {
    t = await createTestApp(url);
    db = t.ctx.db.kysely;
    await bulkUsers(db, BULK);
    await refreshStatistics(t.ctx.db, { bulkLoaded: true });
    admin = await t.login('admin');
    const row = await db
      .selectFrom('sysUser')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('delFlag', '=', 0)
      .executeTakeFirstOrThrow();
    visible = Number(row.n);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query: string) => {
    const res = await t.call({ method: 'GET', url: `/sys/user/list?${query}`, token: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ListBody;
    expect(body.success).toBe(true);
    return body.result;
  };

  it('counts a filtered list exactly while it is under the cap', async () => {
    const r = await list('realname=R7&pageSize=10');
    expect(r.total).toBe(BULK / 100);
    expect(r.totalEstimated).toBeUndefined();
    expect(r.pages).toBe(BULK / 100 / 10);
  });

  it('estimates the total past the cap and says so, keeping total and pages numbers', async () => {
    const r = await list('pageSize=10');
    expect(r.totalEstimated).toBe(true);
    expect(r.total).toBeGreaterThan(COUNT_CAP);
    // SQLite: the table's row count times the share of sampled rows the list keeps; PostgreSQL: its
    // planner's estimate, which guesses the scope conditions only roughly (never below what was counted).
    if (name === 'sqlite') expect(Math.abs(r.total - visible) / visible).toBeLessThan(0.1);
    else expect(r.total).toBeLessThanOrEqual(visible * 3);
    expect(r.pages).toBe(Math.ceil(r.total / 10));
    expect(r.records).toHaveLength(10);
  });

  it('estimates an unfiltered table from its statistics', async () => {
    const exact = await boundedCount(t.ctx.db, db.selectFrom('sysUser').select('id'), BULK * 2);
    expect(exact).toEqual({ total: visible, estimated: false });
    const estimated = await boundedCount(t.ctx.db, db.selectFrom('sysUser').select('id'), 1_000);
    expect(estimated.estimated).toBe(true);
    expect(Math.abs(estimated.total - visible) / visible).toBeLessThan(0.2);
  });

  it('estimates a filtered list past the cap near its true size', async () => {
    // Half the bulk users (create-time seconds 40–69); SQLite samples rows, PostgreSQL asks its planner.
    const half = db.selectFrom('sysUser').select('id').where('createTime', '>=', '2025-01-01 00:00:40');
    const exact = await boundedCount(t.ctx.db, half, BULK * 2);
    expect(exact.estimated).toBe(false);
    const estimated = await boundedCount(t.ctx.db, half, 1_000);
    expect(estimated.estimated).toBe(true);
    expect(Math.abs(estimated.total - exact.total) / exact.total).toBeLessThan(0.2);
  });

  it('reads a deep page by deferred join with exactly the rows a plain offset query gives', async () => {
    const base = db.selectFrom('sysUser').select(['id', 'username', 'createTime']).where('delFlag', '=', 0);
    for (const [pageNo, sort] of [
      [2_500, [['createTime', 'desc']]],
      [1_234, [['realname', 'asc'], ['createTime', 'desc']]],
    ] as Array<[number, Array<[string, 'asc' | 'desc']>]>) {
      const paged = await fetchPage(t.ctx.db, base, sort, { pageNo, pageSize: 10 });
      let plain = base;
      for (const [field, dir] of sort) plain = plain.orderBy(sql.ref(field), dir);
      const expected = await plain
        .orderBy('id', tieOrder(sort))
        .limit(10)
        .offset((pageNo - 1) * 10)
        .execute();
      expect(paged.records).toEqual(expected);
      expect(expected).toHaveLength(10);
    }
  });

  it('serves a deep page of the user list in the list order', async () => {
    const first = await list('pageSize=20&pageNo=1');
    const deep = await list('pageSize=20&pageNo=1000');
    expect(deep.records).toHaveLength(20);
    const times = deep.records.map((r) => r.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    // Page 1000 lies behind page 1 in the same order.
    expect(deep.records[0].createTime <= first.records[19].createTime).toBe(true);
    expect(deep.records.map((r) => r.id)).not.toContain(first.records[0].id);
  });

  describe('indexes serve the list and the duplicate checks', () => {
    const listQuery = () =>
      db
        .selectFrom('sysUser')
        .selectAll()
        .where('delFlag', '=', 0)
        .where('username', '!=', '_reserve_user_external')
        .where((eb) => eb.exists(eb.selectFrom('sysUserTenant as ut').select('ut.userId').whereRef('ut.userId', '=', 'sysUser.id').where('ut.tenantId', '=', 1)))
        .orderBy('createTime', 'desc')
        .orderBy('id', 'desc')
        .limit(10);
    const uniqueCheck = (field: 'email' | 'workNo' | 'phone', value: string) =>
      db.selectFrom('sysUser').select('id').where(field, '=', value).where('delFlag', '=', 0);

    const plan = async (q: { compile(): { sql: string; parameters: readonly unknown[] } }): Promise<string> => {
      // The query's own SQL and values, behind the dialect's EXPLAIN.
      const { sql: text, parameters } = q.compile();
      return db.transaction().execute(async (trx) => {
        if (name === 'sqlite') {
          const stmt = await sql.raw<{ detail: string }>(`explain query plan ${text}`).compile(trx);
          const out = await trx.executeQuery<{ detail: string }>({ ...stmt, parameters });
          return out.rows.map((r) => r.detail).join('\n');
        }
        // Proves an index exists and fits: the planner must not fall back to reading the whole table.
        await sql`set local enable_seqscan = off`.execute(trx);
        const stmt = await sql.raw<Record<string, string>>(`explain ${text}`).compile(trx);
        const out = await trx.executeQuery<Record<string, string>>({ ...stmt, parameters });
        return out.rows.map((r) => Object.values(r)[0]).join('\n');
      });
    };

    it('walks the create-time index for the default user list', async () => {
      const p = await plan(listQuery());
      if (name === 'sqlite') {
        expect(p).toMatch(/SCAN sys_user USING INDEX idx_user_create_time_id/);
        // Ties by id walk the same index: nothing is sorted.
        expect(p).not.toMatch(/TEMP B-TREE/);
        expect(p).not.toMatch(/SCAN sys_user(?! USING)/);
      } else {
        expect(p).toMatch(/idx_user_create_time_id/);
        expect(p).not.toMatch(/Seq Scan on sys_user|Sort/);
      }
    });

    it.each([
      ['email', 'bulk7@example.cn', 'idx_user_email'],
      ['workNo', 'W7', 'idx_user_work_no'],
      ['phone', '13910000007', 'idx_user_phone'],
    ] as const)('finds a duplicate %s through its index', async (field, value, index) => {
      expect(await uniqueCheck(field, value).executeTakeFirst()).toBeDefined();
      const p = await plan(uniqueCheck(field, value));
      expect(p).toContain(index);
      expect(p).not.toMatch(name === 'sqlite' ? /SCAN sys_user/ : /Seq Scan on sys_user/);
    });
  });
});

describe('the SQLite statement cache', () => {
  it('returns the same prepared statement for the same SQL text and evicts the least recently used', () => {
    const raw = new Sqlite(':memory:');
    const cached = cachedStatements(raw, 2);
    const a = cached.prepare('select 1 as one');
    expect(cached.prepare('select 1 as one')).toBe(a);
    const b = cached.prepare('select 2 as two');
    cached.prepare('select 1 as one'); // a is now the most recent, b the least
    cached.prepare('select 3 as three'); // evicts b
    expect(cached.prepare('select 1 as one')).toBe(a);
    expect(cached.prepare('select 2 as two')).not.toBe(b);
    // A reused statement binds fresh values and keeps its reader flag.
    const param = cached.prepare('select ? as v');
    expect(param.reader).toBe(true);
    expect(param.all([5])).toEqual([{ v: 5 }]);
    expect(cached.prepare('select ? as v').all([6])).toEqual([{ v: 6 }]);
    cached.close();
    expect(raw.open).toBe(false);
  });

  it('keeps working across a schema change of a cached statement', () => {
    const cached = cachedStatements(new Sqlite(':memory:'));
    cached.prepare('create table t (a integer)').run([]);
    cached.prepare('insert into t (a) values (?)').run([1]);
    expect(cached.prepare('select * from t').all([])).toEqual([{ a: 1 }]);
    cached.prepare('alter table t add column b text').run([]);
    expect(cached.prepare('select * from t').all([])).toEqual([{ a: 1, b: null }]);
    cached.close();
  });
});
