import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId, syncMenus } from '../../src/server/db/menu-sync.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

// Issue 12 §7: a menu definition that differs from an existing row is reported, never silently ignored.
describe.each(DIALECTS)('menu definitions against existing rows on $name', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(url);
  });
  afterAll(async () => t?.close());

  it('says nothing when the rows are as defined', async () => {
    expect(await syncMenus(t.ctx.db.kysely, t.ctx.defs.menus)).toEqual([]);
  });

  it('keeps a row an administrator edited, and names what the definition states instead', async () => {
    const db = t.ctx.db.kysely;
    await db
      .updateTable('sysPermission')
      .set({ name: '设备维修（改）', icon: 'tool' })
      .where('id', '=', stableId('menu', 'erp-repair-order'))
      .execute();
    await db
      .updateTable('sysPermission')
      .set({ name: '新建维修单' })
      .where('id', '=', stableId('perm', 'erp_repair_order:add'))
      .execute();
    const notes = await syncMenus(db, t.ctx.defs.menus);
    expect(notes).toEqual([
      '菜单定义 "erp-repair-order" 与数据库中的记录不同（名称：设备维修（改） → 设备维修；图标：tool → setting），保留现有记录；如需采用定义，请在“菜单管理”中修改',
      '菜单定义 "erp_repair_order:add" 与数据库中的记录不同（名称：新建维修单 → 添加维修单），保留现有记录；如需采用定义，请在“菜单管理”中修改',
    ]);
    const row = await db
      .selectFrom('sysPermission')
      .select('name')
      .where('id', '=', stableId('menu', 'erp-repair-order'))
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('设备维修（改）');
  });
});
