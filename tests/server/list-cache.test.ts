import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/tables.js';
import { boundedCount, fetchPage } from '../../src/server/lib/paged-query.js';
import { tieOrder } from '../../src/server/lib/list-query.js';
import { openDatabase, type Db } from '../../src/server/db/connect.js';
import { captureSelects } from './capture-selects.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

const BULK = 3_000;
const SIZE = 10;
type Sort = Array<[string, 'asc' | 'desc']>;

/** Users with 30 create times and 7 realnames, so every sort has long runs of ties; every 5th without email. */
async function bulkUsers(db: Kysely<Database>) {
  await sql`
    insert into sys_user (id, username, realname, password_hash, email, work_no, org_code, rel_tenant_ids, create_time, del_flag, status)
    with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${BULK})
    select 'pa' || i, 'pa' || i, 'R' || (i % 7), 'x', case when i % 5 = 0 then null else 'e' || (i % 40) || '@example.cn' end,
      'PA' || i, 'A01', '1', '2025-02-01 00:00:' || (10 + i % 30), 0, 1
    from seq`.execute(db);
  await sql`insert into sys_user_tenant (user_id, tenant_id) select id, 1 from sys_user where id like 'pa%'`.execute(
    db,
  );
}

/**
 * Lists count once per change of their tables, and deep pages resume from remembered rows (list-cache.ts):
 * the pages must be exactly what skipping from the start gives, in every order, after every write — this
 * instance's at once, another instance's (PostgreSQL) once the server has counted it.
 */
describe.each(DIALECTS)('list counts and deep pages from remembered rows on $name', ({ name, url }) => {
  let t: TestApp;
  let db: Kysely<Database>;

  beforeAll(async () => {
    t = await createTestApp(url);
    db = t.ctx.db.kysely;
    await bulkUsers(db);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  // The tenant's users as the user list scopes them: the EXISTS names a second table.
  const base = () =>
    db
      .selectFrom('sysUser')
      .select(['id', 'realname', 'email', 'createTime'])
      .where('delFlag', '=', 0)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('sysUserTenant as ut')
            .select('ut.userId')
            .whereRef('ut.userId', '=', 'sysUser.id')
            .where('ut.tenantId', '=', 1),
        ),
      );

  /**
   * PostgreSQL's per-table change counts (pg-stamps.ts) arrive just after a write and then rightly drop
   * what was remembered; a test that expects the cache to hold waits until they have arrived.
   */
  const settled = async () => {
    if (name !== 'postgres') return;
    const cache = t.ctx.db.listCache!;
    let last = await cache.stamp(['sysuser', 'sysusertenant', 'sysdict']);
    for (let since = Date.now(), start = since; Date.now() - since < 1_500; ) {
      expect(Date.now() - start, 'change counts never settled').toBeLessThan(15_000);
      await new Promise((r) => setTimeout(r, 100));
      const now = await cache.stamp(['sysuser', 'sysusertenant', 'sysdict']);
      if (now !== last) [last, since] = [now, Date.now()];
    }
  };

  const plain = async (sort: Sort, pageNo: number) => {
    let q = base();
    for (const [field, dir] of sort) q = q.orderBy(sql.ref(field), dir);
    return q
      .orderBy('id', tieOrder(sort))
      .limit(SIZE)
      .offset((pageNo - 1) * SIZE)
      .execute();
  };

  const expectPage = async (sort: Sort, pageNo: number) => {
    const paged = await fetchPage(t.ctx.db, base(), sort, { pageNo, pageSize: SIZE });
    const expected = await plain(sort, pageNo);
    expect(expected).toHaveLength(SIZE);
    expect(paged.records, `page ${pageNo} by ${JSON.stringify(sort)}`).toEqual(expected);
  };

  it.each<[string, Sort]>([
    ['newest first', [['createTime', 'desc']]],
    ['by name', [['realname', 'asc']]],
    ['by id alone', []],
    ['by a key with NULLs', [['email', 'desc']]],
    [
      'by two keys',
      [
        ['realname', 'desc'],
        ['createTime', 'asc'],
      ],
    ],
  ])('pages on, back, again and ahead %s with exactly the rows a plain offset gives', async (_, sort) => {
    for (const pageNo of [150, 151, 152, 152, 151, 160, 140, 290]) await expectPage(sort, pageNo);
  });

  it('seeks from the row before the page instead of skipping to it', async () => {
    const sort: Sort = [['createTime', 'desc']];
    await settled();
    await expectPage(sort, 200);
    const capture = captureSelects();
    capture.state.label = 'again';
    try {
      await expectPage(sort, 200); // the same page again: from the row before it
      await expectPage(sort, 201); // the next page: from the last row of this one
    } finally {
      capture.stop();
    }
    const windows = capture.state.selects.filter((s) => /page_id/.test(s.sql));
    expect(windows).toHaveLength(2);
    for (const window of windows) {
      expect(window.sql).toMatch(/page_anchor/);
      // Nothing is skipped: the page starts right after the remembered row.
      expect(window.parameters.slice(-2)).toEqual([SIZE, 0]);
    }
  });

  const counts = async (db: Pick<Db, 'kysely' | 'dialect' | 'listCache'> = t.ctx.db) => {
    const capture = captureSelects();
    capture.state.label = 'count';
    try {
      const answer = await boundedCount(db, base().where('realname', '=', 'R3'));
      return { answer, queries: capture.state.selects.filter((s) => /count\(\*\)/.test(s.sql)).length };
    } finally {
      capture.stop();
    }
  };
  const truth = async () =>
    Number(
      (
        await base()
          .clearSelect()
          .where('realname', '=', 'R3')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('counts a list once until one of its tables is written', async () => {
    await settled();
    const first = await counts();
    expect(first.answer).toEqual({ total: await truth(), estimated: false });
    expect(first.queries).toBe(1);
    const again = await counts();
    expect(again.answer).toEqual(first.answer);
    expect(again.queries).toBe(0);
    // A write to either table the list reads: counted afresh, and right.
    await db.updateTable('sysUser').set({ realname: 'R3' }).where('id', '=', 'pa1').execute();
    const moved = await counts();
    expect(moved).toEqual({ answer: { total: first.answer.total + 1, estimated: false }, queries: 1 });
    await db.deleteFrom('sysUserTenant').where('userId', '=', 'pa3').execute();
    expect((await counts()).answer.total).toBe(await truth());
    // A write elsewhere leaves it known.
    await settled();
    await counts();
    await db.updateTable('sysDict').set({ description: 'x' }).where('dictCode', '=', 'sex').execute();
    expect((await counts()).queries).toBe(0);
  });

  // Several instances may share a PostgreSQL: one's writes reach the others' counts and pages.
  if (name === 'postgres')
    it("follows another instance's writes within seconds", async () => {
      const other = await openDatabase(t.cfg.databaseUrl, t.cfg.dataDir);
      try {
        const sort: Sort = [['createTime', 'desc']];
        await settled();
        const before = await counts();
        await expectPage(sort, 170);
        expect((await counts()).queries).toBe(0);
        await other.kysely.updateTable('sysUser').set({ realname: 'R3' }).where('id', '=', 'pa2').execute();
        await sql`insert into sys_user (id, username, realname, password_hash, work_no, org_code, create_time, del_flag, status)
          values ('pa-other', 'pa-other', 'R1', 'x', 'PA-other', 'A01', '2099-02-01 00:00:00', 0, 1)`.execute(other.kysely);
        await other.kysely.insertInto('sysUserTenant').values({ userId: 'pa-other', tenantId: 1 }).execute();
        const deadline = Date.now() + 10_000;
        while ((await counts()).answer.total === before.answer.total && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 100));
        expect((await counts()).answer.total).toBe(await truth());
        await expectPage(sort, 170);
      } finally {
        await other.close();
      }
    });

  it('moves the page when a write moves its rows, inside a transaction or not, in either table', async () => {
    const sort: Sort = [['createTime', 'desc']];
    const check = async () => {
      await expectPage(sort, 250);
      await expectPage(sort, 250);
    };
    await check();
    // A new user sorts first: every later page shifts by one.
    await sql`insert into sys_user (id, username, realname, password_hash, work_no, org_code, create_time, del_flag, status)
      values ('pa-new', 'pa-new', 'R1', 'x', 'PA-new', 'A01', '2099-01-01 00:00:00', 0, 1)`.execute(db);
    await db.insertInto('sysUserTenant').values({ userId: 'pa-new', tenantId: 1 }).execute();
    await check();
    // Leaving the tenant (the other table) takes a user out of the list.
    await db.deleteFrom('sysUserTenant').where('userId', '=', 'pa7').execute();
    await check();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('sysUser').set({ delFlag: 1 }).where('id', 'in', ['pa11', 'pa12']).execute();
    });
    await check();
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('sysUser').set({ delFlag: 1 }).where('id', '=', 'pa13').execute();
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await check();
    await db
      .updateTable('sysUser')
      .set({ createTime: '2000-01-01 00:00:00' })
      .where('id', '=', 'pa14')
      .execute();
    await check();
  });
});
