import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionCodes } from '../../src/server/auth/permissions.js';
import { memoized } from '../../src/server/http/caller-memo.js';
import { stableId } from '../../src/server/db/menu-sync.js';
import { captureSelects } from './capture-selects.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

const NURSE_ROLE = stableId('role', 'nurse');

/**
 * A caller's permission codes, scope and data rules are remembered until one of the tables they were
 * read from is written, where this process sees every write (SQLite, PGlite); on a shared PostgreSQL
 * they are read on every request. Either way a grant or a revocation counts at the very next request.
 */
describe.each(DIALECTS)('caller lookups remembered until their tables change, on $name', ({ name, url }) => {
  let t: TestApp;
  let lina: string;
  beforeAll(async () => {
    t = await createTestApp(url);
    lina = await t.login('lina');
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = () => t.call({ method: 'GET', url: '/sys/permission/list', token: lina });
  const permissionLookups = async (run: () => Promise<unknown>) => {
    const capture = captureSelects();
    capture.state.label = 'perms';
    try {
      await run();
      return capture.state.selects.filter((s) => /"p"\."perms"/.test(s.sql)).length;
    } finally {
      capture.stop();
    }
  };

  it('answers a grant and a revocation at the next request', async () => {
    const db = t.ctx.db.kysely;
    const permission = await db
      .selectFrom('sysPermission')
      .select('id')
      .where('perms', '=', 'permission:list')
      .executeTakeFirstOrThrow();
    expect((await list()).json()).toMatchObject({ success: false, code: 510 });
    // Asked again with nothing written: remembered where this process sees every write.
    expect(await permissionLookups(async () => expect((await list()).json().code).toBe(510))).toBe(
      name === 'postgres' ? 1 : 0,
    );
    await db
      .insertInto('sysRolePermission')
      .values({ id: 'memo-grant', roleId: NURSE_ROLE, permissionId: permission.id })
      .execute();
    expect((await list()).json()).toMatchObject({ success: true });
    await db
      .transaction()
      .execute((trx) => trx.deleteFrom('sysRolePermission').where('id', '=', 'memo-grant').execute());
    expect((await list()).json()).toMatchObject({ success: false, code: 510 });
    // A write to a table the lookup never read keeps it.
    await db.updateTable('sysDict').set({ description: 'memo' }).where('dictCode', '=', 'sex').execute();
    expect(await permissionLookups(() => list())).toBe(name === 'postgres' ? 1 : 0);
  });

  // Where the process sees every write: what a lookup read must still be what the tables hold.
  if (name !== 'postgres')
    it('keeps no lookup during which something was written, nor one whose tables are unknown', async () => {
      const db = t.ctx.db.kysely;
      let runs = 0;
      const racing = async () => {
        runs++;
        const codes = await permissionCodes(db, 'nobody');
        if (runs === 1)
          await db
            .updateTable('sysDict')
            .set({ description: 'memo2' })
            .where('dictCode', '=', 'sex')
            .execute();
        return codes;
      };
      for (let i = 0; i < 3; i++) await memoized(t.app, 'test|racing', racing, { untilWritten: true });
      expect(runs).toBe(2); // the first, written during, was not kept; the second was
      let rawRuns = 0;
      const raw = async () => {
        rawRuns++;
        return (await sql<{ n: number }>`select count(*) as n from sys_user`.execute(db)).rows;
      };
      for (let i = 0; i < 3; i++) await memoized(t.app, 'test|raw', raw, { untilWritten: true });
      expect(rawRuns).toBe(3);
    });
});
