import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { EntityDefinition, EntityField } from '../../shared/schema-types.js';
import {
  DEFAULT_PRECISION,
  DEFAULT_SCALE,
  DEFAULT_STRING_LENGTH,
  systemFields,
  type SystemField,
} from '../../shared/entity-record.js';
import type { Db, DialectName } from './connect.js';

/**
 * Entity definitions → tables (DESIGN §2). At start every entity's table is created, or extended with
 * new nullable columns, wider types and new indexes. Nothing is ever dropped: a change that could lose
 * data — a removed column that holds data, a changed type, a shorter length or fewer digits — is refused
 * with a message naming the entity and the field, before anything is changed, and the server stops.
 */

/** Column name of a camelCase field, as the CamelCasePlugin writes it. */
export const columnOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

type Family = 'varchar' | 'text' | 'integer' | 'bigint' | 'numeric' | 'other';

interface ColumnType {
  family: Family;
  length?: number;
  precision?: number;
  scale?: number;
  /** As the database reports it, for messages. */
  text: string;
}

interface WantedColumn extends ColumnType {
  column: string;
  field: string;
  title: string;
  primary?: boolean;
}

interface WantedIndex {
  name: string;
  columns: string[];
  unique: boolean;
}

export class EntitySyncError extends Error {
  constructor(readonly problems: string[]) {
    super(`实体定义与数据表不一致，为避免丢失数据已拒绝启动：\n${problems.join('\n')}`);
  }
}

export interface EntitySyncResult {
  created: string[];
  /** Per altered entity: what changed. */
  altered: Array<{ entity: string; changes: string[] }>;
}

function typeOf(f: Pick<EntityField, 'type' | 'length' | 'precision' | 'scale'> | SystemField): ColumnType {
  switch (f.type) {
    case 'string': {
      const length = f.length ?? DEFAULT_STRING_LENGTH;
      return { family: 'varchar', length, text: `varchar(${length})` };
    }
    case 'date':
      return { family: 'varchar', length: 10, text: 'varchar(10)' };
    case 'datetime':
      return { family: 'varchar', length: 19, text: 'varchar(19)' };
    case 'text':
      return { family: 'text', text: 'text' };
    case 'int':
      return { family: 'integer', text: 'integer' };
    case 'bigint':
      return { family: 'bigint', text: 'bigint' };
    case 'decimal': {
      const precision = 'precision' in f && f.precision !== undefined ? f.precision : DEFAULT_PRECISION;
      const scale = 'scale' in f && f.scale !== undefined ? f.scale : DEFAULT_SCALE;
      return { family: 'numeric', precision, scale, text: `numeric(${precision}, ${scale})` };
    }
  }
}

export function wantedColumns(e: EntityDefinition): WantedColumn[] {
  return [
    ...systemFields(e).map((s) => ({
      ...typeOf(s),
      column: columnOf(s.name),
      field: s.name,
      title: s.title,
      primary: s.name === 'id',
    })),
    ...e.fields.map((f) => ({ ...typeOf(f), column: columnOf(f.name), field: f.name, title: f.title })),
  ];
}

/** Index names are deterministic (so a restart finds them) and fit PostgreSQL's 63 characters. */
function indexName(prefix: 'idx' | 'uq', table: string, columns: string[]): string {
  const name = `${prefix}_${table}_${columns.join('_')}`;
  if (name.length <= 63) return name;
  const hash = crypto.createHash('md5').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 54)}_${hash}`;
}

export function wantedIndexes(e: EntityDefinition): WantedIndex[] {
  const scope = e.scope ?? {};
  const tenant = scope.tenant ? ['tenant_id'] : [];
  const out: WantedIndex[] = [];
  const add = (columns: string[], unique: boolean) => {
    const name = indexName(unique ? 'uq' : 'idx', e.code, columns);
    if (!out.some((i) => i.name === name)) out.push({ name, columns, unique });
  };
  add(['create_time'], false);
  if (scope.tenant) add(['tenant_id'], false);
  if (scope.department) add(['sys_org_code'], false);
  if (scope.doctor) add(['doctor_id'], false);
  if (scope.organisation) add(['org_id'], false);
  for (const f of e.fields) {
    // Uniqueness holds within a tenant for tenant-scoped entities.
    if (f.unique) add([...tenant, columnOf(f.name)], true);
    else if (f.index) add([columnOf(f.name)], false);
  }
  for (const ix of e.indexes ?? []) {
    const cols = ix.fields.map(columnOf);
    add(ix.unique ? [...tenant, ...cols] : cols, !!ix.unique);
  }
  return out;
}

interface ExistingTable {
  columns: Map<string, ColumnType>;
  indexes: Set<string>;
}

/** A declared type as written in DDL (SQLite's pragma answer and the sys_entity_column record). */
function parseDeclaredType(declared: string): ColumnType {
  const text = declared.trim().toLowerCase();
  let m = /^varchar\s*\(\s*(\d+)\s*\)$/.exec(text);
  if (m) return { family: 'varchar', length: Number(m[1]), text };
  m = /^numeric\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)$/.exec(text);
  if (m) return { family: 'numeric', precision: Number(m[1]), scale: Number(m[2]), text };
  if (text === 'text' || text === 'integer' || text === 'bigint') return { family: text, text };
  return { family: 'other', text };
}

async function readTable(
  db: Kysely<unknown>,
  dialect: DialectName,
  table: string,
): Promise<ExistingTable | null> {
  if (dialect === 'sqlite') {
    const cols = await sql<{
      name: string;
      type: string;
    }>`select name, type from pragma_table_info(${table})`.execute(db);
    if (cols.rows.length === 0) return null;
    const idx = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(db);
    return {
      columns: new Map(cols.rows.map((c) => [c.name, parseDeclaredType(c.type)])),
      indexes: new Set(idx.rows.map((i) => i.name)),
    };
  }
  const cols = await sql<{
    column_name: string;
    data_type: string;
    character_maximum_length: number | null;
    numeric_precision: number | null;
    numeric_scale: number | null;
  }>`select column_name, data_type, character_maximum_length, numeric_precision, numeric_scale
       from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(
    db,
  );
  if (cols.rows.length === 0) return null;
  const idx = await sql<{
    indexname: string;
  }>`select indexname from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(
    db,
  );
  const parse = (c: (typeof cols.rows)[number]): ColumnType => {
    switch (c.data_type) {
      case 'character varying':
        return {
          family: 'varchar',
          length: Number(c.character_maximum_length),
          text: `varchar(${c.character_maximum_length})`,
        };
      case 'numeric':
        return {
          family: 'numeric',
          precision: Number(c.numeric_precision),
          scale: Number(c.numeric_scale),
          text: `numeric(${c.numeric_precision}, ${c.numeric_scale})`,
        };
      case 'text':
      case 'integer':
      case 'bigint':
        return { family: c.data_type, text: c.data_type };
      default:
        return { family: 'other', text: c.data_type };
    }
  };
  return {
    columns: new Map(cols.rows.map((c) => [c.column_name, parse(c)])),
    indexes: new Set(idx.rows.map((i) => i.indexname)),
  };
}

/** 'same', 'widen' (safe to alter), or why the change could lose data. */
function compare(have: ColumnType, want: ColumnType): 'same' | 'widen' | string {
  if (have.family === want.family) {
    if (want.family === 'varchar') {
      if ((want.length as number) < (have.length as number))
        return `长度由 ${have.length} 缩短为 ${want.length}`;
      return want.length === have.length ? 'same' : 'widen';
    }
    if (want.family === 'numeric') {
      const intHave = (have.precision as number) - (have.scale as number);
      const intWant = (want.precision as number) - (want.scale as number);
      if (intWant < intHave || (want.scale as number) < (have.scale as number))
        return `精度由 ${have.text} 改为 ${want.text}，会截断已有数值`;
      return want.precision === have.precision && want.scale === have.scale ? 'same' : 'widen';
    }
    return 'same';
  }
  if (
    (have.family === 'varchar' && want.family === 'text') ||
    (have.family === 'integer' && want.family === 'bigint')
  )
    return 'widen';
  return `类型由 ${have.text} 改为 ${want.text}`;
}

interface Plan {
  entity: EntityDefinition;
  create: boolean;
  add: WantedColumn[];
  widen: WantedColumn[];
  indexes: WantedIndex[];
  /** The recorded column types differ from the wanted ones (or were never recorded). */
  record: boolean;
}

/** The column types last synced for an entity (see migration 0005). */
async function recordedTypes(db: Kysely<unknown>, table: string): Promise<Map<string, ColumnType>> {
  const rows = await sql<{ column_name: string; column_type: string }>`
    select column_name, column_type from sys_entity_column where entity_code = ${table}`.execute(db);
  return new Map(rows.rows.map((r) => [r.column_name, parseDeclaredType(r.column_type)]));
}

async function planEntity(
  db: Kysely<unknown>,
  dialect: DialectName,
  e: EntityDefinition,
  problems: string[],
): Promise<Plan> {
  const columns = wantedColumns(e);
  const existing = await readTable(db, dialect, e.code);
  const indexes = wantedIndexes(e);
  if (!existing) return { entity: e, create: true, add: columns, widen: [], indexes, record: true };
  const recorded = await recordedTypes(db, e.code);
  const plan: Plan = {
    entity: e,
    create: false,
    add: [],
    widen: [],
    indexes: indexes.filter((i) => !existing.indexes.has(i.name)),
    record: columns.some((c) => recorded.get(c.column)?.text !== c.text),
  };
  for (const c of columns) {
    const actual = existing.columns.get(c.column);
    if (!actual) {
      plan.add.push(c);
      continue;
    }
    // SQLite cannot alter a declared type, so what was last synced is the truth where it is recorded.
    const have = recorded.get(c.column) ?? actual;
    const verdict = compare(have, c);
    if (verdict === 'widen') plan.widen.push(c);
    else if (verdict !== 'same')
      problems.push(`实体 ${e.code} 字段 ${c.field}（${c.title}）：${verdict}，可能丢失数据`);
  }
  const wanted = new Set(columns.map((c) => c.column));
  for (const column of existing.columns.keys()) {
    if (wanted.has(column)) continue;
    const row = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(e.code)} where ${sql.ref(column)} is not null`.execute(db);
    const n = Number(row.rows[0]?.n ?? 0);
    // An empty column left behind is harmless (nullable, never read); one with data means a removed field.
    if (n > 0)
      problems.push(
        `实体 ${e.code} 删除了字段对应的列 ${column}，该列有 ${n} 行数据；请恢复该字段定义，或先清空该列`,
      );
  }
  return plan;
}

const ddlType = (c: ColumnType) => c.text;

async function apply(db: Kysely<unknown>, dialect: DialectName, plan: Plan): Promise<string[]> {
  const table = plan.entity.code;
  const changes: string[] = [];
  if (plan.create) {
    let ct = db.schema.createTable(table);
    for (const c of plan.add) {
      ct = ct.addColumn(c.column, sql.raw(ddlType(c)), (col) => (c.primary ? col.primaryKey() : col));
    }
    await ct.execute();
  } else {
    for (const c of plan.add) {
      await db.schema
        .alterTable(table)
        .addColumn(c.column, sql.raw(ddlType(c)))
        .execute();
      changes.push(`新增列 ${c.column}`);
    }
    for (const c of plan.widen) {
      // SQLite neither enforces lengths nor changes declared types; only PostgreSQL needs the change.
      if (dialect === 'postgres')
        await db.schema
          .alterTable(table)
          .alterColumn(c.column, (col) => col.setDataType(sql.raw(ddlType(c))))
          .execute();
      changes.push(`放宽列 ${c.column} 为 ${c.text}`);
    }
  }
  for (const ix of plan.indexes) {
    let ci = db.schema.createIndex(ix.name).on(table).columns(ix.columns);
    if (ix.unique) ci = ci.unique();
    try {
      await ci.execute();
    } catch (err) {
      if (!ix.unique) throw err;
      const fields = ix.columns.join(', ');
      throw new EntitySyncError([
        `实体 ${table} 的唯一约束（${fields}）无法建立：表中已有重复数据（${(err as Error).message}）`,
      ]);
    }
    if (!plan.create) changes.push(`新增${ix.unique ? '唯一' : ''}索引 ${ix.name}`);
  }
  if (plan.record) {
    await db
      .deleteFrom('sys_entity_column' as never)
      .where('entity_code' as never, '=', table as never)
      .execute();
    const rows = wantedColumns(plan.entity).map((c) => ({
      entity_code: table,
      column_name: c.column,
      column_type: c.text,
    }));
    await db
      .insertInto('sys_entity_column' as never)
      .values(rows as never)
      .execute();
  }
  return changes;
}

/**
 * Brings every entity's table in line with its definition. All refusals are collected first, so one
 * start names every problem; the changes then run in one transaction.
 */
export async function syncEntities(db: Db, entities: EntityDefinition[]): Promise<EntitySyncResult> {
  const raw = db.kysely.withoutPlugins() as unknown as Kysely<unknown>;
  const problems: string[] = [];
  const plans: Plan[] = [];
  for (const e of entities) plans.push(await planEntity(raw, db.dialect, e, problems));
  if (problems.length) throw new EntitySyncError(problems);
  const result: EntitySyncResult = { created: [], altered: [] };
  const work = plans.filter(
    (p) => p.create || p.add.length || p.widen.length || p.indexes.length || p.record,
  );
  if (work.length === 0) return result;
  await raw.transaction().execute(async (trx) => {
    for (const plan of work) {
      const changes = await apply(trx, db.dialect, plan);
      if (plan.create) result.created.push(plan.entity.code);
      else if (changes.length) result.altered.push({ entity: plan.entity.code, changes });
    }
  });
  return result;
}
