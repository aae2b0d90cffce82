import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untilWritten } from '../../src/server/db/remembered.js';
import { captureSelects } from './capture-selects.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

/**
 * Answers read from tables (dictionary texts, data rules, caller lookups) are kept until one of those
 * tables is written, where this process sees every write (SQLite, PGlite); on a shared PostgreSQL they
 * are read every time. Either way an edit shows at the very next request.
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
    if (name === 'postgres') expect(await dictItemSelects(lina)).toBeGreaterThan(0);
    else expect(await dictItemSelects(lina)).toBe(0);
    await sexItem('女性').execute();
    try {
      expect((await lina()).sex_dictText).toBe('女性');
    } finally {
      await sexItem('女').execute();
    }
    expect((await lina()).sex_dictText).toBe('女');
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
