import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared } from '../../src/server/db/prepared.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

/** A query built and compiled once binds each call's own arguments, and refuses a misuse of them. */
describe.each(DIALECTS)('prepared queries on $name', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(url);
  });
  afterAll(async () => {
    await t?.close();
  });

  // The arguments out of order against the query's own constants (status 1), so a slot mix-up shows.
  const user = prepared((db, delFlag: number, username: string) =>
    db
      .selectFrom('sysUser')
      .select(['username', 'delFlag'])
      .where('status', '=', 1)
      .where('username', '=', username)
      .where('delFlag', '=', delFlag),
  );

  it("binds every call's arguments to the query built once", async () => {
    const db = t.ctx.db.kysely;
    expect(await user.executeTakeFirst(db, 0, 'admin')).toEqual({ username: 'admin', delFlag: 0 });
    expect(await user.executeTakeFirst(db, 0, 'lina')).toEqual({ username: 'lina', delFlag: 0 });
    expect(await user.executeTakeFirst(db, 1, 'lina')).toBeUndefined();
    expect(await user.execute(db, 0, 'nobody')).toEqual([]);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('sysUser').set({ delFlag: 1 }).where('username', '=', 'lina').execute();
      expect(await user.executeTakeFirst(trx, 1, 'lina')).toEqual({ username: 'lina', delFlag: 1 });
      await trx.updateTable('sysUser').set({ delFlag: 0 }).where('username', '=', 'lina').execute();
    });
  });

  it('refuses an argument used other than as a bound value', async () => {
    const computed = prepared((db, prefix: string) =>
      db.selectFrom('sysUser').select('username').where('username', 'like', `${prefix}%`),
    );
    await expect(computed.execute(t.ctx.db.kysely, 'li')).rejects.toThrow(/argument 0/);
  });
});
