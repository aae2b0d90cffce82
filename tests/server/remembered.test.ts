import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connect.js';
import { MAX_REMEMBERED, untilWritten } from '../../src/server/db/remembered.js';
import { captureSelects } from './capture-selects.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

/**
 * Answers read from tables (dictionary texts, data rules, caller lookups) are kept until one of those
 * tables is written, where this process sees every write (SQLite, PGlite); on a shared PostgreSQL only
 * display texts are, by the server's change counts. An edit shows at the very next request, another
 * instance's (PostgreSQL) within moments.
 */
describe.each(DIALECTS)('answers remembered until their tables are written, on $name', ({ name, url }) => {
  let t: TestApp;
  let admin: string;
  let linaId: string;
  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await t.login('admin');
    linaId = (
      await t.ctx.db.kysely
        .selectFrom('sysUser')
        .select('id')
        .where('username', '=', 'lina')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const lina = async () =>
    (await t.call({ method: 'GET', url: '/sys/user/queryById', token: admin, query: { id: linaId } })).json()
      .result as {
      sex: number;
      sex_dictText: string;
    };
  const dictItemSelects = async (run: () => Promise<unknown>) => {
    const capture = captureSelects();
    capture.state.label = 'dict';
    try {
      await run();
      return capture.state.selects.filter((s) => /"sys_dict_item"/.test(s.sql)).length;
    } finally {
      capture.stop();
    }
  };
  const sexItem = (value: string) =>
    t.ctx.db.kysely
      .updateTable('sysDictItem')
      .set({ itemText: value })
      .where('itemValue', '=', '2')
      .where('dictId', 'in', (eb) => eb.selectFrom('sysDict').select('id').where('dictCode', '=', 'sex'));

  it("shows a dictionary item's new text at the next request", async () => {
    expect((await lina()).sex_dictText).toBe('女');
    // A shared PostgreSQL keeps an answer from the second time on, under a stamp taken before it ran.
    if (name === 'postgres') await lina();
    expect(await dictItemSelects(lina)).toBe(0);
    await sexItem('女性').execute();
    try {
      expect((await lina()).sex_dictText).toBe('女性');
    } finally {
      await sexItem('女').execute();
    }
    expect((await lina()).sex_dictText).toBe('女');
    // The same through the dictionary page's own edit.
    const item = await t.ctx.db.kysely
      .selectFrom('sysDictItem')
      .select(['id', 'sortOrder', 'status'])
      .where('itemValue', '=', '2')
      .where('dictId', 'in', (eb) => eb.selectFrom('sysDict').select('id').where('dictCode', '=', 'sex'))
      .executeTakeFirstOrThrow();
    const edit = (itemText: string) =>
      t.call({ method: 'PUT', url: '/sys/dictItem/edit', token: admin, payload: { ...item, itemText } });
    expect((await edit('女（编辑）')).json()).toMatchObject({ success: true });
    try {
      expect((await lina()).sex_dictText).toBe('女（编辑）');
    } finally {
      await edit('女');
    }
    expect((await lina()).sex_dictText).toBe('女');
  });

  if (name === 'postgres')
    it("shows another instance's edit of a dictionary text within moments", async () => {
      const other = await openDatabase(t.cfg.databaseUrl, t.cfg.dataDir);
      try {
        await lina();
        await lina();
        const edit = (text: string) =>
          other.kysely
            .updateTable('sysDictItem')
            .set({ itemText: text })
            .where('itemValue', '=', '2')
            .where('dictId', 'in', (eb) =>
              eb.selectFrom('sysDict').select('id').where('dictCode', '=', 'sex'),
            )
            .execute();
        await edit('女士');
        try {
          for (const deadline = Date.now() + 3_000; Date.now() < deadline;) {
            if ((await lina()).sex_dictText === '女士') break;
            await new Promise((r) => setTimeout(r, 50));
          }
          expect((await lina()).sex_dictText).toBe('女士');
        } finally {
          await edit('女');
        }
      } finally {
        await other.close();
      }
    });

  if (name === 'postgres')
    it("keeps an answer only under a stamp taken before it ran, and not across another instance's write", async () => {
      const db = t.ctx.db.kysely;
      const other = await openDatabase(t.cfg.databaseUrl, t.cfg.dataDir);
      try {
        let runs = 0;
        const read = (during?: () => Promise<unknown>) =>
          untilWritten(
            db,
            'test|shared',
            async () => {
              runs++;
              const rows = await db.selectFrom('sysDict').select('description').execute();
              await during?.();
              return rows;
            },
            { lagTolerated: true },
          );
        // Not remembered without lagTolerated: permissions and scope are read every time.
        await untilWritten(db, 'test|strict', async () => runs++);
        await untilWritten(db, 'test|strict', async () => runs++);
        expect(runs).toBe(2);
        runs = 0;
        await read(); // learns its tables
        // Kept under the stamp from before this run, which the other instance's write then moves; a stamp
        // taken after the run (past the reading's 100 ms) would already hold the write and keep it wrongly.
        const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
        await read(async () => {
          await other.kysely
            .updateTable('sysDict')
            .set({ description: 'shared' })
            .where('dictCode', '=', 'sex')
            .execute();
          await pause(300);
        });
        await read();
        expect(runs).toBe(3);
        await read();
        await read();
        expect(runs).toBe(3);
      } finally {
        await other.close();
      }
    });

  it('drops the least recently used answers first when it holds too many', async () => {
    const db = t.ctx.db.kysely;
    let runs = 0;
    const used = () =>
      untilWritten(
        db,
        'test|used',
        async () => {
          runs++;
          return db.selectFrom('sysDict').select('id').execute();
        },
        { lagTolerated: true },
      );
    await used();
    await used(); // PostgreSQL keeps it from the second run (it learns its tables first)
    runs = 0;
    for (let i = 0; i < MAX_REMEMBERED; i++) {
      if (i === MAX_REMEMBERED / 2) await used();
      await untilWritten(db, `test|filler${i}`, async () => i, { lagTolerated: true });
    }
    await used();
    expect(runs).toBe(0);
  });

  // Where the process sees every write: what an answer was built from must still be what the tables hold.
  if (name !== 'postgres') {
    it('drops an answer built on a remembered one when the latter’s tables are written', async () => {
      const db = t.ctx.db.kysely;
      const count = async () => (await db.selectFrom('sysDict').select('dictCode').execute()).length;
      let outerRuns = 0;
      const outer = () =>
        untilWritten(db, 'test|outer', async () => {
          outerRuns++;
          return untilWritten(db, 'test|inner', count);
        });
      await untilWritten(db, 'test|inner', count); // the inner answer is remembered first
      await outer();
      await outer();
      expect(outerRuns).toBe(1);
      // The outer answer ran no query of its own: only the inner one's tables tie it to sys_dict.
      await db
        .updateTable('sysDict')
        .set({ description: 'remembered' })
        .where('dictCode', '=', 'sex')
        .execute();
      await outer();
      expect(outerRuns).toBe(2);
    });

    it('computes every time through a transaction', async () => {
      let runs = 0;
      await t.ctx.db.kysely.transaction().execute(async (trx) => {
        for (let i = 0; i < 2; i++)
          await untilWritten(trx, 'test|trx', async () => {
            runs++;
            return trx.selectFrom('sysDict').select('id').execute();
          });
      });
      expect(runs).toBe(2);
    });
  }
});
