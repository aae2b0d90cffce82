import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDefinition, EntityField } from '../../src/shared/schema-types.js';
import { openDatabase, type Db } from '../../src/server/db/connect.js';
import { syncEntities } from '../../src/server/db/entity-sync.js';
import { migrate } from '../../src/server/db/migrate.js';
import { createContext } from '../../src/server/bootstrap.js';
import { loadConfig } from '../../src/server/config.js';
import { columns, field, raw, refusal } from './entity-fixtures.js';
import { DIALECTS } from './harness.js';

const V1: EntityDefinition = {
  $schema: '../meta/entity.schema.json',
  code: 'demo_item',
  name: '演示物品',
  scope: { tenant: true, department: true },
  fields: [
    field('name', 'string', { length: 50, required: true, index: true }),
    field('serialNo', 'string', { length: 20, unique: true }),
    field('amount', 'decimal', { precision: 10, scale: 2 }),
    field('note', 'string', { length: 100 }),
    field('spare', 'string', { length: 30 }),
  ],
};

const withFields = (fields: EntityField[], extra: Partial<EntityDefinition> = {}): EntityDefinition => ({
  ...V1,
  ...extra,
  fields,
});
const fieldsOf = (...names: string[]) => V1.fields.filter((f) => names.includes(f.name));
/** V1 after the extension below: note widened to 300, amount to 14 digits, two new fields. */
const V2 = withFields(
  [
    ...V1.fields.map((f) =>
      f.name === 'note' ? { ...f, length: 300 } : f.name === 'amount' ? { ...f, precision: 14 } : f,
    ),
    field('brand', 'string', { length: 40, required: true }),
    field('bought', 'date'),
  ],
  { indexes: [{ fields: ['brand', 'bought'] }] },
);
const v2Fields = (...names: string[]) => V2.fields.filter((f) => names.includes(f.name));

/** On a shared PostgreSQL server (CI) the test works in a schema of its own, dropped afterwards. */
async function isolated(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!url.startsWith('postgres')) return { url, drop: async () => {} };
  const pg = (await import('pg')).default;
  const schema = `sync_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (text: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(text);
    await c.end();
  };
  await run(`create schema ${schema}`);
  const sep = url.includes('?') ? '&' : '?';
  return {
    url: `${url}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    drop: () => run(`drop schema ${schema} cascade`),
  };
}

describe.each(DIALECTS)('entity tables on $name', ({ url }) => {
  let db: Db;
  let dir: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-sync-'));
    const target = await isolated(url);
    drop = target.drop;
    db = await openDatabase(target.url, dir);
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates the table with audit, scope and field columns and its indexes', async () => {
    const result = await syncEntities(db, [V1]);
    expect(result.created).toEqual(['demo_item']);
    expect(await columns(db, 'demo_item')).toEqual(
      [
        'id',
        'create_by',
        'create_time',
        'update_by',
        'update_time',
        'tenant_id',
        'sys_org_code',
        'name',
        'serial_no',
        'amount',
        'note',
        'spare',
      ].sort(),
    );
    await raw(db)
      .insertInto('demo_item')
      .values([
        {
          id: 'a1',
          name: '监护仪',
          serial_no: 'S1',
          amount: 12.5,
          note: '有备注',
          spare: null,
          tenant_id: 1,
        },
        { id: 'a2', name: '输液泵', serial_no: 'S2', amount: 3, note: null, spare: null, tenant_id: 1 },
      ])
      .execute();
    // The unique index is per tenant: the same serial number in one tenant is refused, in another allowed.
    await expect(
      raw(db)
        .insertInto('demo_item')
        .values({ id: 'a3', name: 'x', serial_no: 'S1', tenant_id: 1 })
        .execute(),
    ).rejects.toThrow();
    await raw(db)
      .insertInto('demo_item')
      .values({ id: 'a4', name: 'x', serial_no: 'S1', tenant_id: 2 })
      .execute();
    // A second start with the same definition changes nothing.
    expect(await syncEntities(db, [V1])).toEqual({ created: [], altered: [] });
  });

  it('extends the table with nullable columns, wider types and new indexes, keeping the rows', async () => {
    const result = await syncEntities(db, [V2]);
    expect(result.created).toEqual([]);
    const changes = result.altered[0].changes.join('\n');
    expect(changes).toContain('新增列 brand');
    expect(changes).toContain('新增列 bought');
    expect(changes).toContain('放宽列 note 为 varchar(300)');
    expect(changes).toContain('放宽列 amount 为 numeric(14, 2)');
    expect(changes).toContain('新增索引 idx_demo_item_brand_bought');
    const rows = await raw(db)
      .selectFrom('demo_item')
      .select(['id', 'name', 'brand', 'note'])
      .where('tenant_id', '=', 1)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'a1', name: '监护仪', brand: null, note: '有备注' },
      { id: 'a2', name: '输液泵', brand: null, note: null },
    ]);
    await raw(db)
      .updateTable('demo_item')
      .set({ note: '长'.repeat(250) })
      .where('id', '=', 'a1')
      .execute();
    expect(
      (await raw(db).selectFrom('demo_item').select('note').where('id', '=', 'a1').executeTakeFirstOrThrow())
        .note,
    ).toHaveLength(250);
  });

  it('refuses to drop a column that holds data, naming entity and column, and changes nothing', async () => {
    const message = await refusal(
      syncEntities(db, [withFields(v2Fields('name', 'serialNo', 'amount', 'spare', 'brand', 'bought'))]),
    );
    expect(message).toContain('实体 demo_item 删除了字段对应的列 note，该列有 1 行数据');
    expect(await columns(db, 'demo_item')).toContain('note');
    expect(
      (await raw(db).selectFrom('demo_item').select('note').where('id', '=', 'a1').executeTakeFirstOrThrow())
        .note,
    ).toHaveLength(250);
  });

  it('accepts removing a field whose column is empty (the column stays, unused)', async () => {
    await syncEntities(db, [withFields(v2Fields('name', 'serialNo', 'amount', 'note', 'brand', 'bought'))]);
    expect(await columns(db, 'demo_item')).toContain('spare');
  });

  it('refuses going back to the length it had before a widening, on every dialect', async () => {
    const message = await refusal(
      syncEntities(db, [withFields(fieldsOf('name', 'serialNo', 'amount', 'note'))]),
    );
    expect(message).toContain('实体 demo_item 字段 note（字段note）：长度由 300 缩短为 100');
    expect(message).toContain(
      '实体 demo_item 字段 amount（字段amount）：精度由 numeric(14, 2) 改为 numeric(10, 2)',
    );
  });

  it('refuses a type change, a shorter length and fewer digits, naming each field', async () => {
    const lossy = withFields([
      field('name', 'int'),
      field('serialNo', 'string', { length: 10, unique: true }),
      field('amount', 'decimal', { precision: 14, scale: 1 }),
      field('note', 'text'),
      ...v2Fields('brand', 'bought'),
    ]);
    const message = await refusal(syncEntities(db, [lossy]));
    expect(message).toContain('实体 demo_item 字段 name（字段name）：类型由');
    expect(message).toContain('改为 integer');
    expect(message).toContain('实体 demo_item 字段 serialNo（字段serialNo）：长度由 20 缩短为 10');
    expect(message).toContain('实体 demo_item 字段 amount（字段amount）：精度由');
    // varchar → text is a safe widening.
    expect(message).not.toContain('字段 note');
    expect(await columns(db, 'demo_item')).toContain('name');
  });

  it('refuses a new unique rule that the stored rows break, leaving the table as it was', async () => {
    await raw(db)
      .insertInto('demo_item')
      .values({ id: 'b1', name: '监护仪', serial_no: 'S9', tenant_id: 1 })
      .execute();
    const uniqueName = withFields(
      V2.fields.map((f) => (f.name === 'name' ? { ...f, unique: true, index: false } : f)),
    );
    const message = await refusal(syncEntities(db, [uniqueName]));
    expect(message).toContain('实体 demo_item 的唯一约束（tenant_id, name）无法建立：表中已有重复数据');
    const count = await sql<{ n: number }>`select count(*) as n from demo_item`.execute(raw(db));
    expect(Number(count.rows[0].n)).toBe(4);
  });
});

describe('server start with a lossy entity change', () => {
  it('stops with the entity and field named, and starts again once the definition is restored', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-start-'));
    const schemas = path.join(dir, 'schemas');
    for (const sub of ['entities', 'menus', 'dicts', 'pages', 'reports'])
      fs.mkdirSync(path.join(schemas, sub), { recursive: true });
    fs.symlinkSync(path.resolve('schemas/meta'), path.join(schemas, 'meta'));
    const writeEntity = (def: EntityDefinition) =>
      fs.writeFileSync(path.join(schemas, 'entities', 'demo_item.json'), JSON.stringify(def));
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
    const cfg = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dir,
      DATABASE_URL: '',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_PASSES: '1',
      SEED_DEMO: '0',
    });
    try {
      writeEntity(V1);
      let ctx = await createContext(cfg, schemas);
      await ctx.db.kysely
        .withoutPlugins()
        .insertInto('demo_item' as never)
        .values({ id: 'x1', name: '保留的数据', note: '重要' } as never)
        .execute();
      await ctx.db.close();

      writeEntity(withFields(fieldsOf('name', 'serialNo', 'amount')));
      await expect(createContext(cfg, schemas)).rejects.toThrow(/实体 demo_item 删除了字段对应的列 note/);

      writeEntity(V1);
      ctx = await createContext(cfg, schemas);
      const row = await ctx.db.kysely
        .withoutPlugins()
        .selectFrom('demo_item' as never)
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ id: 'x1', name: '保留的数据', note: '重要' });
      await ctx.db.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
