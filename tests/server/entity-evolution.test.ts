import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDefinition, EntityField } from '../../src/shared/schema-types.js';
import { openDatabase, type Db } from '../../src/server/db/connect.js';
import { describePlan, planEntities } from '../../src/server/db/entity-plan.js';
import { syncEntities } from '../../src/server/db/entity-sync.js';
import { migrate } from '../../src/server/db/migrate.js';
import { createContext } from '../../src/server/bootstrap.js';
import { loadConfig } from '../../src/server/config.js';
import type { AppContext } from '../../src/server/context.js';
import { watchDefinitions } from '../../src/server/definitions/watch.js';
import { columns, field, raw, refusal } from './entity-fixtures.js';
import { DIALECTS, freshPgSchema } from './harness.js';

const V1: EntityDefinition = {
  $schema: '../meta/entity.schema.json',
  code: 'evo_item',
  name: '演进物品',
  fields: [
    field('title', 'string', { length: 20, unique: true }),
    field('visitDate', 'date', { index: true }),
    field('qty', 'int'),
    field('note', 'string', { length: 50 }),
    field('legacy', 'string', { length: 30 }),
  ],
};

/** V1 with the table and `title` renamed. */
const V2: EntityDefinition = {
  ...V1,
  code: 'evo_thing',
  renamedFrom: 'evo_item',
  fields: V1.fields.map((f) => (f.name === 'title' ? { ...f, name: 'label', renamedFrom: 'title' } : f)),
};

const change = (def: EntityDefinition, name: string, to: Partial<EntityField> | null): EntityDefinition => ({
  ...def,
  fields: def.fields.flatMap((f) => (f.name !== name ? [f] : to ? [{ ...f, ...to }] : [])),
});

/** V2 widened: date → datetime, int → decimal, a longer note. */
const V3 = change(
  change(change(V2, 'visitDate', { type: 'datetime' }), 'qty', { type: 'decimal', precision: 12, scale: 2 }),
  'note',
  { length: 200 },
);

/** V3 with legacy removed (declared), note cut to 2 characters and qty back to int, both declared. */
const V4: EntityDefinition = {
  ...change(change(change(V3, 'legacy', null), 'note', { length: 2, drop: true }), 'qty', {
    type: 'int',
    precision: undefined,
    scale: undefined,
    drop: true,
  }),
  dropped: ['legacy'],
};

async function tableNames(db: Db): Promise<string[]> {
  return (await db.kysely.introspection.getTables()).map((t) => t.name);
}

const rows = (db: Db, table: string, cols: string[]) =>
  raw(db).selectFrom(table).select(cols).orderBy('id').execute();

const ROOT = path.resolve('schemas');
const FILE = path.join('schemas', 'entities', 'evo_thing.json');

describe.each(DIALECTS)('entity evolution on $name', ({ url }) => {
  let db: Db;
  let dir: string;
  let drop: (() => Promise<void>) | null = null;
  const sync = (def: EntityDefinition) => syncEntities(db, [def], ROOT);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-evolve-'));
    let target = url;
    if (url.startsWith('postgres')) ({ databaseUrl: target, dropSchema: drop } = await freshPgSchema(url));
    db = await openDatabase(target, dir);
    await migrate(db);
    await sync(V1);
    await raw(db)
      .insertInto('evo_item')
      .values([
        { id: 'a1', title: '监护仪', visit_date: '2026-03-01', qty: 7, note: '备注一', legacy: '旧值' },
        { id: 'a2', title: '输液泵', visit_date: null, qty: 12, note: null, legacy: null },
      ])
      .execute();
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('renames the table and a column keeping every row, and only once', async () => {
    const result = await sync(V2);
    expect(result.altered).toEqual([
      {
        entity: 'evo_thing',
        changes: expect.arrayContaining([
          '表改名 evo_item → evo_thing',
          '列改名 title → label',
          '新增唯一索引 uq_evo_thing_label',
          '新增索引 idx_evo_thing_visit_date',
        ]),
      },
    ]);
    const names = await tableNames(db);
    expect(names).toContain('evo_thing');
    expect(names).not.toContain('evo_item');
    expect(await rows(db, 'evo_thing', ['id', 'label', 'qty'])).toEqual([
      { id: 'a1', label: '监护仪', qty: 7 },
      { id: 'a2', label: '输液泵', qty: 12 },
    ]);
    expect(await columns(db, 'evo_thing')).not.toContain('title');
    // The unique rule moved with the column.
    await expect(
      raw(db).insertInto('evo_thing').values({ id: 'a3', label: '监护仪' }).execute(),
    ).rejects.toThrow();
    // A restart with renamedFrom still declared changes nothing.
    expect(await sync(V2)).toEqual({ created: [], altered: [] });
  });

  it('refuses int → decimal when stored integers do not fit the digits', async () => {
    const message = await refusal(sync(change(V2, 'qty', { type: 'decimal', precision: 3, scale: 2 })));
    expect(message).toContain(
      `${FILE}：实体 evo_thing 字段 qty（字段qty）：改为 numeric(3, 2) 后有 1 行数值超出位数，可能丢失数据；该列有 2 行数据`,
    );
  });

  it('widens in place: date → datetime converts, int → decimal and a longer string keep values', async () => {
    const result = await sync(V3);
    expect(result.altered[0].changes).toEqual(
      expect.arrayContaining([
        '放宽列 visit_date 为 varchar(19)，已有日期补为 00:00:00',
        '放宽列 qty 为 numeric(12, 2)',
        '放宽列 note 为 varchar(200)',
      ]),
    );
    expect(await rows(db, 'evo_thing', ['id', 'visit_date', 'qty', 'note'])).toEqual([
      { id: 'a1', visit_date: '2026-03-01 00:00:00', qty: 7, note: '备注一' },
      { id: 'a2', visit_date: null, qty: 12, note: null },
    ]);
    await raw(db)
      .updateTable('evo_thing')
      .set({ qty: 7.6, note: '长'.repeat(200) })
      .where('id', '=', 'a2')
      .execute();
    expect(await rows(db, 'evo_thing', ['qty', 'note'])).toEqual([
      { qty: 7, note: '备注一' },
      { qty: 7.6, note: '长'.repeat(200) },
    ]);
    expect(await sync(V3)).toEqual({ created: [], altered: [] });
  });

  it('refuses a removed field and a narrowing, naming file, field and rows, and changes nothing', async () => {
    const undeclared = change(change(V3, 'legacy', null), 'note', { length: 10 });
    const message = await refusal(sync(undeclared));
    expect(message).toContain(`${FILE}：实体 evo_thing 删除了字段对应的列 legacy，该列有 1 行数据`);
    expect(message).toContain(
      `${FILE}：实体 evo_thing 字段 note（字段note）：长度由 200 缩短为 10，可能丢失数据；该列有 2 行数据`,
    );
    expect(message).toContain('"drop": true');
    expect(await columns(db, 'evo_thing')).toContain('legacy');
    expect((await rows(db, 'evo_thing', ['note']))[1].note).toHaveLength(200);
  });

  it('plans every change without applying any', async () => {
    const withRefusal = change(V4, 'visitDate', { type: 'date' });
    const grown = { ...withRefusal, fields: [...withRefusal.fields, field('brand', 'string')] };
    const plan = await planEntities(raw(db), db.dialect, [grown], ROOT);
    const text = describePlan(plan).join('\n');
    expect(text).toContain(`${FILE}（evo_thing）：`);
    expect(text).toContain('新增列 brand');
    expect(text).toContain('删除列 legacy（先备份 1 行）');
    expect(text).toContain('收窄列 note 为 varchar(2)（先备份 2 行）');
    expect(text).toContain('收窄列 qty 为 integer（先备份 2 行）');
    expect(text).toContain('拒绝的修改');
    expect(text).toContain('字段 visitDate（字段visitDate）：长度由 19 缩短为 10');
    expect(await columns(db, 'evo_thing')).toEqual(
      expect.arrayContaining(['legacy', 'note', 'qty', 'visit_date']),
    );
    expect(await columns(db, 'evo_thing')).not.toContain('brand');
    expect((await tableNames(db)).filter((t) => t.includes('__backup_'))).toEqual([]);
    // The same planning refuses at start.
    await expect(sync(grown)).rejects.toThrow(/字段 visitDate/);
  });

  it('with drop declared backs the data up, then drops and narrows', async () => {
    const result = await sync(V4);
    expect(result.altered[0].changes).toEqual(
      expect.arrayContaining(['删除列 legacy（先备份 1 行）', '收窄列 note 为 varchar(2)（先备份 2 行）']),
    );
    const backups = (await tableNames(db)).filter((t) => t.startsWith('evo_thing__backup_'));
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatch(/^evo_thing__backup_\d{14}$/);
    expect(await rows(db, backups[0], ['id', 'legacy', 'note', 'qty'])).toEqual([
      { id: 'a1', legacy: '旧值', note: '备注一', qty: 7 },
      { id: 'a2', legacy: null, note: '长'.repeat(200), qty: 7.6 },
    ]);
    expect(await columns(db, 'evo_thing')).not.toContain('legacy');
    expect(await rows(db, 'evo_thing', ['id', 'note', 'qty'])).toEqual([
      { id: 'a1', note: '备注', qty: 7 },
      { id: 'a2', note: '长长', qty: 8 },
    ]);
    // Declared once, done once: the next start changes nothing and makes no new backup.
    expect(await sync(V4)).toEqual({ created: [], altered: [] });
    expect((await tableNames(db)).filter((t) => t.includes('__backup_'))).toHaveLength(1);
  });

  it('drops an index it derived that the definition no longer asks for, and no other', async () => {
    const indexes = async () =>
      (db.dialect === 'sqlite'
        ? await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'evo_thing'`.execute(
            db.kysely,
          )
        : await sql<{ name: string }>`select indexname as name from pg_indexes
            where tablename = 'evo_thing' and schemaname = current_schema()`.execute(db.kysely)
      ).rows.map((r) => r.name);
    // An earlier version's index on qty (its name is the one derived for that column) and one made by hand.
    await raw(db).schema.createIndex('idx_evo_thing_qty').on('evo_thing').column('qty').execute();
    await raw(db).schema.createIndex('by_hand_qty').on('evo_thing').column('qty').execute();
    const result = await sync(V4);
    expect(result.altered).toEqual([
      { entity: 'evo_thing', changes: ['删除不再需要的索引 idx_evo_thing_qty'] },
    ]);
    expect(await indexes()).not.toContain('idx_evo_thing_qty');
    expect(await indexes()).toContain('by_hand_qty');
    // The list's sort index (tenant-less entity: create time, then id) is one of the derived ones kept.
    expect(await indexes()).toContain('idx_evo_thing_create_time_id');
    expect(await sync(V4)).toEqual({ created: [], altered: [] });
  });
});

describe('schemas:plan and the development server', () => {
  let dir: string;
  let schemas: string;
  let ctx: AppContext;
  const entityFile = () => path.join(schemas, 'entities', 'demo_item.json');
  const original = (): EntityDefinition => ({
    $schema: '../meta/entity.schema.json',
    code: 'demo_item',
    name: '演示物品',
    fields: [field('name', 'string', { length: 50 })],
  });
  const write = (def: EntityDefinition) => fs.writeFileSync(entityFile(), JSON.stringify(def, null, 2));
  const withMemo = (memo: Partial<EntityField>) => {
    const def = original();
    return { ...def, fields: [...def.fields, { ...field('memo', 'string', { length: 100 }), ...memo }] };
  };
  const env = () => ({ ...process.env, NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: '' });
  const plan = async () => {
    const run = promisify(execFile)('npx', ['tsx', 'tools/schemas-plan.ts', schemas], { env: env() });
    return run.then(
      (r) => ({ code: 0, out: r.stdout }),
      (err: { code: number; stdout: string }) => ({ code: err.code, out: err.stdout }),
    );
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-evolve-plan-'));
    schemas = path.join(dir, 'schemas');
    // Only what an entity needs: its definition and the menu declaring its permission codes.
    for (const sub of ['entities', 'menus', 'dicts', 'pages', 'reports'])
      fs.mkdirSync(path.join(schemas, sub), { recursive: true });
    fs.symlinkSync(path.resolve('schemas/meta'), path.join(schemas, 'meta'));
    const buttons = ['list', 'add', 'edit', 'delete', 'batch_delete', 'import', 'export'].map((op) => ({
      name: op,
      perms: `demo_item:${op}`,
    }));
    fs.writeFileSync(
      path.join(schemas, 'menus', 'demo.json'),
      JSON.stringify({
        $schema: '../meta/menu.schema.json',
        menus: [{ key: 'demo', name: '演示', url: '/demo', component: 'layouts/RouteView', buttons }],
      }),
    );
    write(withMemo({}));
    const cfg = loadConfig({ ...env(), ARGON2_MEMORY_KIB: '1024', ARGON2_PASSES: '1', SEED_DEMO: '0' });
    ctx = await createContext(cfg, schemas);
    await raw(ctx.db)
      .insertInto('demo_item')
      .values({ id: 'm1', name: '保留', memo: '要紧的备注' })
      .execute();
  });
  afterAll(async () => {
    await ctx?.db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints the next start’s changes on the configured database and changes nothing', async () => {
    write(withMemo({ name: 'remark', renamedFrom: 'memo' }));
    const renamed = await plan();
    expect(renamed.code).toBe(0);
    expect(renamed.out).toContain('列改名 memo → remark');
    write(original());
    const removed = await plan();
    expect(removed.code).toBe(1);
    expect(removed.out).toContain(`demo_item.json：实体 demo_item 删除了字段对应的列 memo，该列有 1 行数据`);
    expect(await columns(ctx.db, 'demo_item')).toContain('memo');
    expect(await columns(ctx.db, 'demo_item')).not.toContain('remark');
  }, 60_000);

  it('keeps watching after a refused change and applies the fixed file', async () => {
    const errors: string[] = [];
    const stop = watchDefinitions(
      ctx,
      { info: () => {}, warn: () => {}, error: (m) => errors.push(m) },
      50,
      async (defs) => {
        await syncEntities(ctx.db, defs.entities, defs.root);
      },
    );
    const until = async (check: () => boolean | Promise<boolean>) => {
      for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
      return check();
    };
    try {
      write(original());
      expect(
        await until(() => errors.some((e) => e.includes('删除了字段对应的列 memo，该列有 1 行数据'))),
      ).toBe(true);
      write(withMemo({ name: 'remark', renamedFrom: 'memo' }));
      expect(
        await until(() => ctx.defs.entities.some((e) => e.fields.some((f) => f.name === 'remark'))),
      ).toBe(true);
      expect(await rows(ctx.db, 'demo_item', ['id', 'remark'])).toEqual([{ id: 'm1', remark: '要紧的备注' }]);
    } finally {
      stop();
    }
  });
});
