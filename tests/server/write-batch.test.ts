import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/connect.js';

const names = async (k: Kysely<never>) =>
  (await sql<{ name: string }>`select name from t order by name`.execute(k)).rows.map((r) => r.name);

// The demo stories' write batch on SQLite (seed-stories/runner.ts): requests' transactions become savepoints.
describe('a SQLite write batch', () => {
  let db: Db | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-batch-'));
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it('keeps each transaction all-or-nothing inside it, and makes everything durable at its commit', async () => {
    db = await openDatabase('', dir);
    const k = db.kysely as unknown as Kysely<never>;
    await sql`create table t (name text primary key)`.execute(k);
    const batch = db.writeBatch;
    expect(batch).toBeDefined();
    await batch?.open();
    await k.transaction().execute(async (trx) => {
      await sql`insert into t (name) values ('a')`.execute(trx);
    });
    // A transaction that fails half-way leaves nothing, the batch and the others go on.
    await expect(
      k.transaction().execute(async (trx) => {
        await sql`insert into t (name) values ('b')`.execute(trx);
        await sql`insert into t (name) values ('a')`.execute(trx);
      }),
    ).rejects.toThrow(/UNIQUE/);
    await expect(
      k.transaction().execute(async (trx) => {
        await sql`insert into t (name) values ('c')`.execute(trx);
        throw new Error('拒绝');
      }),
    ).rejects.toThrow('拒绝');
    await k.transaction().execute(async (trx) => {
      await sql`insert into t (name) values ('d')`.execute(trx);
    });
    expect(await names(k)).toEqual(['a', 'd']);
    await batch?.commit();
    await db.close();
    // Another connection (a restart) finds what the batch committed.
    db = await openDatabase('', dir);
    const again = db.kysely as unknown as Kysely<never>;
    expect(await names(again)).toEqual(['a', 'd']);
    // Without a batch a transaction commits on its own, as always.
    await again.transaction().execute(async (trx) => {
      await sql`insert into t (name) values ('e')`.execute(trx);
    });
    await db.close();
    db = await openDatabase('', dir);
    expect(await names(db.kysely as unknown as Kysely<never>)).toEqual(['a', 'd', 'e']);
  });

  it('is not offered on PostgreSQL', async () => {
    db = await openDatabase('pglite://memory', dir);
    expect(db.writeBatch).toBeUndefined();
  });
});
