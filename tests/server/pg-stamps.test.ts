import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgStatStamps, type PgQuery } from '../../src/server/db/pg-stamps.js';
import { WriteStamps } from '../../src/server/db/write-stamps.js';
import { openDatabase } from '../../src/server/db/connect.js';
import { freshPgSchema } from './harness.js';

interface Server {
  query: PgQuery;
  close(): Promise<void>;
}

/** PGlite always; the machine's PostgreSQL server when TEST_DATABASE_URL names one (CI). */
const SERVERS: Array<{ name: string; open(): Promise<Server> }> = [
  {
    name: 'pglite',
    open: async () => {
      const db = new PGlite();
      return { query: (text, values) => db.query(text, values), close: () => db.close() };
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'postgres',
          open: async () => {
            const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 2 });
            return {
              query: (text: string, values: unknown[]) => pool.query(text, values),
              close: () => pool.end(),
            };
          },
        },
      ]
    : []),
];

/**
 * A list request stamps its tables several times and concurrent requests stamp the same tables: one
 * reading of the server's change counts serves them for a moment, while this process's own writes still
 * change the stamp at once.
 */
describe.each(SERVERS)('PostgreSQL change-count stamps on $name', ({ name, open }) => {
  let server: Server;
  let asked = 0;
  let local: WriteStamps;
  let stamps: PgStatStamps;
  const TABLE = `stamp_probe_${process.pid}`;
  const plainName = TABLE.replace(/_/g, '');

  beforeAll(async () => {
    server = await open();
    await server.query(`create table if not exists ${TABLE} (id int)`, []);
    local = new WriteStamps();
    const counted: PgQuery = (text, values) => {
      asked++;
      return server.query(text, values);
    };
    stamps = new PgStatStamps(local, counted, 200);
  });
  afterAll(async () => {
    await server?.query(`drop table if exists ${TABLE}`, []);
    await server?.close();
  });

  it('asks the server once for stamps close together, and again after the sharing window', async () => {
    asked = 0;
    const together = await Promise.all(Array.from({ length: 5 }, () => stamps.stamp([plainName])));
    expect(new Set(together).size).toBe(1);
    await stamps.stamp([plainName]);
    expect(asked).toBe(1);
    // Another list of tables is another reading.
    await stamps.stamp([plainName, 'sysuser']);
    expect(asked).toBe(2);
    await new Promise((r) => setTimeout(r, 250));
    await stamps.stamp([plainName]);
    expect(asked).toBe(3);
  });

  it("changes at once on this process's own write, inside the window", async () => {
    const before = await stamps.stamp([plainName]);
    local.bump([TABLE]);
    expect(await stamps.stamp([plainName])).not.toBe(before);
  });

  // The server publishes a session's counts at most once a second, and one gone idle within that second
  // only ten seconds later: a second write soon after a first would stay unseen that long unpublished.
  if (name === 'postgres')
    it("shows another instance's writes at once, each of several in a row", async () => {
      const { databaseUrl, dropSchema } = await freshPgSchema(process.env.TEST_DATABASE_URL as string);
      const writer = await openDatabase(databaseUrl, os.tmpdir());
      const reader = new pg.Client({ connectionString: databaseUrl });
      await reader.connect();
      try {
        await sql`create table probe_rows (id int)`.execute(writer.kysely);
        const other = new PgStatStamps(new WriteStamps(), (text, values) => reader.query(text, values), 0);
        for (let i = 0; i < 3; i++) {
          const before = await other.stamp(['proberows']);
          await sql`insert into probe_rows values (${i})`.execute(writer.kysely);
          for (const deadline = Date.now() + 3_000; Date.now() < deadline;) {
            if ((await other.stamp(['proberows'])) !== before) break;
            await new Promise((r) => setTimeout(r, 50));
          }
          expect(await other.stamp(['proberows'])).not.toBe(before);
        }
      } finally {
        await reader.end();
        await writer.close();
        await dropSchema();
      }
    });

  it('asks again after a failed reading', async () => {
    let fail = true;
    const flaky = new PgStatStamps(
      local,
      (text, values) => (fail ? Promise.reject(new Error('connection lost')) : server.query(text, values)),
      60_000,
    );
    await expect(flaky.stamp([plainName])).rejects.toThrow('connection lost');
    fail = false;
    await expect(flaky.stamp([plainName])).resolves.toMatch(/\|/);
  });
});
