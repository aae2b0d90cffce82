import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/connect.js';
import { ReaderPool } from '../../src/server/db/sqlite-readers/reader-pool.js';

// A read-only query that keeps a reader busy for a good while (a few hundred milliseconds here).
const SLOW = sql<{
  n: number;
}>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000)
  select count(*) as n from c`;

const count = async (k: Kysely<never>) =>
  (await sql<{ n: number }>`select count(*) as n from t`.execute(k)).rows[0].n;

// SQLite reads off the request thread (db/sqlite-readers, issue 13 §3).
describe('SQLite reader threads', () => {
  let db: Db | undefined;
  const dir = () => (lastDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-readers-')));
  let lastDir = '';
  const dirOf = () => lastDir;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  async function open(sqliteReaders = 2): Promise<Kysely<never>> {
    db = await openDatabase('', dir(), { sqliteReaders });
    const k = db.kysely as unknown as Kysely<never>;
    await sql`create table t (id integer primary key, name text, data blob)`.execute(k);
    return k;
  }

  it('answers a cheap read and runs timers while a slow read is in progress', async () => {
    const k = await open();
    const order: string[] = [];
    const slow = SLOW.execute(k).then((r) => order.push(`slow ${r.rows[0].n}`));
    const timer = new Promise<void>((resolve) => setTimeout(() => (order.push('timer'), resolve()), 5));
    const cheap = sql`select 1 as one`.execute(k).then(() => order.push('cheap'));
    await Promise.all([slow, timer, cheap]);
    // On the request thread the slow query would have run to the end before either of the others.
    expect(order.indexOf('cheap')).toBeLessThan(order.indexOf('slow 3000000'));
    expect(order.indexOf('timer')).toBeLessThan(order.indexOf('slow 3000000'));
  });

  it('without readers runs everything on the request thread, in order', async () => {
    const k = await open(0);
    const order: string[] = [];
    const slow = SLOW.execute(k).then(() => order.push('slow'));
    const cheap = sql`select 1 as one`.execute(k).then(() => order.push('cheap'));
    await Promise.all([slow, cheap]);
    expect(order).toEqual(['slow', 'cheap']);
  });

  it('sees every committed write at once', async () => {
    const k = await open();
    for (let i = 1; i <= 50; i++) {
      await sql`insert into t (id, name) values (${i}, ${`n${i}`})`.execute(k);
      expect(await count(k)).toBe(i);
    }
    await k.transaction().execute(async (trx) => {
      await sql`delete from t where id > 10`.execute(trx);
    });
    expect(await count(k)).toBe(10);
  });

  it('reads a transaction’s own rows inside it, and others read the committed state meanwhile', async () => {
    const k = await open();
    await sql`insert into t (id, name) values (1, 'a')`.execute(k);
    await k.transaction().execute(async (trx) => {
      await sql`insert into t (id, name) values (2, 'b')`.execute(trx);
      expect(await count(trx as unknown as Kysely<never>)).toBe(2);
      // Another request's read does not wait for this transaction (it would deadlock here if it did).
      expect(await count(k)).toBe(1);
    });
    expect(await count(k)).toBe(2);
  });

  it('reads the rows of an open write batch before it commits', async () => {
    db = await openDatabase('', dir());
    const k = db.kysely as unknown as Kysely<never>;
    await sql`create table t (id integer primary key, name text, data blob)`.execute(k);
    await db.writeBatch?.open();
    await sql`insert into t (id, name) values (1, 'a')`.execute(k);
    expect(await count(k)).toBe(1);
    await db.writeBatch?.commit();
    expect(await count(k)).toBe(1);
  });

  it('returns blobs as Buffers and binds Buffer parameters', async () => {
    const k = await open();
    const data = Buffer.from([0, 1, 2, 250, 255]);
    await sql`insert into t (id, name, data) values (1, 'a', ${data})`.execute(k);
    const rows = (await sql<{ data: Buffer }>`select data from t where data = ${data}`.execute(k)).rows;
    expect(rows).toHaveLength(1);
    expect(Buffer.isBuffer(rows[0].data)).toBe(true);
    expect(rows[0].data.equals(data)).toBe(true);
  });

  it('passes a reader’s error on with its SQLite code', async () => {
    const k = await open();
    // Fails while running (not while preparing), so in the reader.
    const err = await sql`select abs(-9223372036854775807 - 1) as x`.execute(k).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/overflow/i);
    expect((err as { code?: string }).code).toMatch(/^SQLITE_/);
    // The reader goes on.
    expect((await sql<{ one: number }>`select 1 as one`.execute(k)).rows).toEqual([{ one: 1 }]);
  });

  it('plans with the statistics of the writer’s latest ANALYZE', async () => {
    const k = await open();
    await sql`create table s (id integer primary key, a int, b int)`.execute(k);
    await sql`create index s_a on s (a)`.execute(k);
    await sql`create index s_b on s (b)`.execute(k);
    await sql`insert into s (a, b) with recursive c(x) as (select 1 union all select x + 1 from c where x < 20000)
      select x % 2, x from c`.execute(k);
    // A new text each time, so a reader plans it (a statement known to be quick would run on the writer).
    let asked = 0;
    const plan = async () =>
      (
        await sql
          .raw<{ detail: string }>(`explain query plan select * from s where a = 1 and b > ${++asked}`)
          .execute(k)
      ).rows
        .map((r) => r.detail)
        .join('; ');
    // Without statistics an equality looks selective; with them SQLite knows half the table has a = 1.
    expect(await plan()).toMatch(/USING INDEX s_a/);
    await sql`analyze`.execute(k);
    expect(await plan()).toBe('SCAN s');
  });

  it('runs a quick query before slow ones queued ahead of it', async () => {
    await open();
    const pool = await ReaderPool.open(path.join(dirOf(), 'console.sqlite'), 1, 10);
    try {
      const slow = SLOW.compile(db!.kysely).sql;
      // The pool learns how long each statement takes.
      await pool.all(slow, []);
      await pool.all('select 1 as one', []);
      const order: string[] = [];
      const queued = [1, 2, 3].map((i) => pool.all(slow, []).then(() => order.push(`slow ${i}`)));
      const quick = pool.all('select 1 as one', []).then(() => order.push('cheap'));
      await Promise.all([...queued, quick]);
      // The first slow query was already running; the cheap one overtakes the two still waiting.
      expect(order).toEqual(['slow 1', 'cheap', 'slow 2', 'slow 3']);
    } finally {
      await pool.close();
    }
  });

  it('runs a read it knows to be quick at once, even while every reader is busy', async () => {
    const k = await open(1);
    const cheap = sql<{ one: number }>`select 1 as one`;
    await cheap.execute(k); // learnt in a reader
    const order: string[] = [];
    const slow = SLOW.execute(k).then(() => order.push('slow'));
    const quick = cheap.execute(k).then(() => order.push('cheap'));
    await Promise.all([slow, quick]);
    expect(order).toEqual(['cheap', 'slow']);
  });

  it('leaves out readers that cannot open the file, so reads stay on the writer', async () => {
    const pool = await ReaderPool.open(path.join(dir(), 'missing', 'none.sqlite'), 2, 10);
    expect(pool.available).toBe(false);
    await pool.close();
  });
});
