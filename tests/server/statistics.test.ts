import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './harness.js';

/** The row count SQLite's planner statistics hold for sys_user (the first number of each index's row). */
function statedRows(file: string): number {
  const db = new Sqlite(file, { readonly: true });
  try {
    const rows = db.prepare(`select stat from sqlite_stat1 where tbl = 'sys_user'`).all() as Array<{
      stat: string;
    }>;
    return Math.max(0, ...rows.map((r) => parseInt(r.stat, 10) || 0));
  } finally {
    db.close();
  }
}

describe('planner statistics on SQLite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-stats-'));
  const file = path.join(dir, 'console.sqlite');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('are refreshed at start for a table that grew a lot while the server was down', async () => {
    const first = await createTestApp(`sqlite://${file}`);
    const seeded = statedRows(file);
    expect(seeded).toBeGreaterThan(0);
    await first.close();

    // Rows added outside the server (an import, a restore): its statistics still say `seeded`.
    const offline = new Sqlite(file);
    offline.exec(`
      insert into sys_user (id, username, realname, password_hash, org_code, create_time, del_flag, status)
      with recursive seq(i) as (select 1 union all select i + 1 from seq where i < 20000)
      select 'grown' || i, 'grown' || i, '新用户', 'x', 'A01', '2025-01-01 00:00:00', 0, 1 from seq`);
    offline.close();
    expect(statedRows(file)).toBe(seeded);

    const second = await createTestApp(`sqlite://${file}`);
    try {
      const n = await sql<{ n: number }>`select count(*) as n from sys_user`.execute(second.ctx.db.kysely);
      expect(statedRows(file)).toBe(Number(n.rows[0].n));
    } finally {
      await second.close();
    }
  });
});
