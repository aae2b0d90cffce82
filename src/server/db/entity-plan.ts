import crypto from 'node:crypto';
import path from 'node:path';
import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { EntityDefinition, EntityField, StatDefinition } from '../../shared/schema-types.js';
import {
  DEFAULT_PRECISION,
  DEFAULT_SCALE,
  stringLength,
  ownScopeColumns,
  systemFields,
  type SystemField,
} from '../../shared/entity-record.js';
import type { DialectName } from './connect.js';
import { definitionRoots } from '../definitions/load.js';

/**
 * What the next start does to each entity's table (DESIGN §2), worked out without changing anything:
 * start-up (entity-sync.ts) applies exactly this plan and `npm run schemas:plan` prints it, so the two
 * cannot disagree. Renames keep rows; widenings convert in place; a change that could lose data —
 * a removed column holding data, a shorter string, fewer digits, another type — is a refusal naming
 * the file, field and rows, unless the definition declares it (`drop` on the field, `dropped` on the
 * entity), in which case the data is backed up first.
 */

/** Column name of a camelCase field, as the CamelCasePlugin writes it. */
export const columnOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

type Family = 'varchar' | 'text' | 'integer' | 'bigint' | 'numeric' | 'other';

export interface ColumnType {
  family: Family;
  length?: number;
  precision?: number;
  scale?: number;
  /** As the database reports it, for messages and DDL. */
  text: string;
}

export interface WantedColumn extends ColumnType {
  column: string;
  field: string;
  title: string;
  /** The definition's type: a datetime column reached from a date one converts its values. */
  type: EntityField['type'];
  primary?: boolean;
}

export interface WantedIndex {
  name: string;
  columns: string[];
  unique: boolean;
}

/** A declared narrowing: values are cut or rounded to the new type (after a backup). */
export interface Narrowing {
  column: WantedColumn;
  from: ColumnType;
}

export interface EntityPlan {
  entity: EntityDefinition;
  /** The definition file, for messages. */
  file: string;
  create: boolean;
  /** The table's old name, when it is renamed to the entity code. */
  renameTable?: string;
  renameColumns: Array<{ from: string; to: string }>;
  add: WantedColumn[];
  widen: Array<{ column: WantedColumn; from: ColumnType }>;
  narrow: Narrowing[];
  /** Another type declared with drop: the column is recreated empty. */
  replace: WantedColumn[];
  /** Removed fields listed in `dropped` whose column still exists. */
  drop: string[];
  /** Columns whose data is copied to the backup table first (only those holding data). */
  backup: string[];
  /** Indexes on this table to drop: stale names after a rename, or indexes on dropped columns. */
  dropIndexes: string[];
  indexes: WantedIndex[];
  /** The recorded column types differ from the wanted ones (or were never recorded). */
  record: boolean;
  /** One line per change, as start-up reports them and the plan tool prints them. */
  changes: string[];
}

export interface EntitiesPlan {
  plans: EntityPlan[];
  /** Refused changes; start-up changes nothing while there is one. */
  problems: string[];
}

function typeOf(f: Pick<EntityField, 'type' | 'length' | 'precision' | 'scale' | 'ref'> | SystemField): ColumnType {
  switch (f.type) {
    case 'string': {
      const length = stringLength(f);
      return { family: 'varchar', length, text: `varchar(${length})` };
    }
    case 'date':
      return { family: 'varchar', length: 10, text: 'varchar(10)' };
    case 'datetime':
      return { family: 'varchar', length: 19, text: 'varchar(19)' };
    case 'text':
    case 'form':
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
      type: s.type,
      primary: s.name === 'id',
    })),
    ...e.fields.map((f) => ({
      ...typeOf(f),
      column: columnOf(f.name),
      field: f.name,
      title: f.title,
      type: f.type,
    })),
  ];
}

/** Index names are deterministic (so a restart finds them) and fit PostgreSQL's 63 characters. */
function indexName(prefix: 'idx' | 'uq', table: string, columns: string[]): string {
  const name = `${prefix}_${table}_${columns.join('_')}`;
  if (name.length <= 63) return name;
  const hash = crypto.createHash('md5').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 54)}_${hash}`;
}

/** Columns past this make an index a copy of the table rather than a shortcut through it. */
const MAX_STAT_INDEX_COLUMNS = 6;

/**
 * The index that lets a statistic over the entity read only an index (issue 17: aggregates stay fast at
 * 100,000 rows): the tenant, the grouped fields (a date bucket's date, which its range parameter also
 * filters) and the measured fields, in that order. None when the statistic reads more columns than an
 * index should hold.
 */
function statIndexColumns(e: EntityDefinition, stat: StatDefinition): string[] | null {
  const names = [
    ...(ownScopeColumns(e).tenant ? ['tenantId'] : []),
    ...(stat.dimensions ?? []).map((d) => d.field),
    ...stat.measures.flatMap((m) => (m.field ? [m.field] : [])),
  ];
  const columns = [...new Set(names.map(columnOf))];
  return columns.length > 1 && columns.length <= MAX_STAT_INDEX_COLUMNS ? columns : null;
}

export function wantedIndexes(e: EntityDefinition, stats: readonly StatDefinition[] = []): WantedIndex[] {
  const scope = ownScopeColumns(e);
  const tenant = scope.tenant ? ['tenant_id'] : [];
  const out: WantedIndex[] = [];
  const add = (columns: string[], unique: boolean) => {
    const name = indexName(unique ? 'uq' : 'idx', e.code, columns);
    if (!out.some((i) => i.name === name)) out.push({ name, columns, unique });
  };
  // The list's default order (create time without a defaultSort) behind the tenant every list filters
  // on, and its tie-breaker id (list-query.ts tieOrder): every page walks this index instead of sorting
  // the table, or each run of rows created in the same second (issue 13).
  add(['create_time'], false);
  add([...tenant, columnOf(e.defaultSort?.field ?? 'createTime'), 'id'], false);
  if (scope.tenant) add(['tenant_id'], false);
  if (scope.department) add(['sys_org_code'], false);
  if (scope.doctor) add(['doctor_id'], false);
  if (scope.organisation) add(['org_id'], false);
  // scope.via: every read filters on the ref to the target.
  if (e.scope?.via) add([columnOf(e.scope.via)], false);
  for (const f of e.fields) {
    // Uniqueness holds within a tenant for tenant-scoped entities.
    if (f.unique) add([...tenant, columnOf(f.name)], true);
    else if (f.index) add([columnOf(f.name)], false);
  }
  for (const ix of e.indexes ?? []) {
    const cols = ix.fields.map(columnOf);
    add(ix.unique ? [...tenant, ...cols] : cols, !!ix.unique);
  }
  for (const stat of stats.filter((x) => x.source === e.code)) {
    const cols = statIndexColumns(e, stat);
    if (cols) add(cols, false);
  }
  return out;
}

interface ExistingTable {
  columns: Map<string, ColumnType>;
  /** Index name → the columns it covers. */
  indexes: Map<string, string[]>;
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

async function tableExists(db: Kysely<unknown>, dialect: DialectName, table: string): Promise<boolean> {
  const found =
    dialect === 'sqlite'
      ? await sql`select 1 from sqlite_master where type = 'table' and name = ${table}`.execute(db)
      : await sql`select 1 from information_schema.tables
          where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return found.rows.length > 0;
}

async function readTable(
  db: Kysely<unknown>,
  dialect: DialectName,
  table: string,
): Promise<ExistingTable | null> {
  const indexes = new Map<string, string[]>();
  if (dialect === 'sqlite') {
    const cols = await sql<{
      name: string;
      type: string;
    }>`select name, type from pragma_table_info(${table})`.execute(db);
    if (cols.rows.length === 0) return null;
    const idx = await sql<{ name: string; col: string }>`
      select il.name as name, ii.name as col from pragma_index_list(${table}) il, pragma_index_info(il.name) ii
       where il.origin = 'c' order by il.name, ii.seqno`.execute(db);
    for (const r of idx.rows) indexes.set(r.name, [...(indexes.get(r.name) ?? []), r.col]);
    return { columns: new Map(cols.rows.map((c) => [c.name, parseDeclaredType(c.type)])), indexes };
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
  const idx = await sql<{ name: string; col: string }>`
    select i.relname as name, a.attname as col
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      join pg_attribute a on a.attrelid = t.oid and a.attnum = any(x.indkey)
     where n.nspname = current_schema() and t.relname = ${table} and not x.indisprimary
     order by i.relname, array_position(x.indkey::int2[], a.attnum)`.execute(db);
  for (const r of idx.rows) indexes.set(r.name, [...(indexes.get(r.name) ?? []), r.col]);
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
  return { columns: new Map(cols.rows.map((c) => [c.column_name, parse(c)])), indexes };
}

/** Digits before the point a column can hold. */
const integerDigits = (t: ColumnType) =>
  t.family === 'integer'
    ? 10
    : t.family === 'bigint'
      ? 19
      : (t.precision ?? DEFAULT_PRECISION) - (t.scale ?? DEFAULT_SCALE);

type Verdict = { kind: 'same' } | { kind: 'widen' } | { kind: 'narrow' | 'replace'; reason: string };

function compare(have: ColumnType, want: ColumnType): Verdict {
  const f = have.family;
  const w = want.family;
  if (f === w && w === 'varchar') {
    if ((want.length as number) < (have.length as number))
      return { kind: 'narrow', reason: `长度由 ${have.length} 缩短为 ${want.length}` };
    return { kind: want.length === have.length ? 'same' : 'widen' };
  }
  const numeric = (t: Family) => t === 'integer' || t === 'bigint' || t === 'numeric';
  if (numeric(f) && numeric(w)) {
    const scaleHave = f === 'numeric' ? (have.scale as number) : 0;
    const scaleWant = w === 'numeric' ? (want.scale as number) : 0;
    // Integers into a decimal with fewer digits: whether they fit is decided by the data (planEntity).
    const fewerDigits = integerDigits(want) < integerDigits(have) && !(f !== 'numeric' && w === 'numeric');
    if (fewerDigits || scaleWant < scaleHave)
      return { kind: 'narrow', reason: `精度由 ${have.text} 改为 ${want.text}，会截断已有数值` };
    return { kind: have.text === want.text ? 'same' : 'widen' };
  }
  if (f === w) return { kind: 'same' };
  if (f === 'varchar' && w === 'text') return { kind: 'widen' };
  if (f === 'text' && w === 'varchar')
    return { kind: 'narrow', reason: `类型由 ${have.text} 改为 ${want.text}，长文本会被截断` };
  return { kind: 'replace', reason: `类型由 ${have.text} 改为 ${want.text}` };
}

/** The column types last synced for an entity (see migration 0005); none before the first migration. */
async function recordedTypes(
  db: Kysely<unknown>,
  dialect: DialectName,
  table: string,
): Promise<Map<string, ColumnType>> {
  if (!(await tableExists(db, dialect, 'sys_entity_column'))) return new Map();
  const rows = await sql<{ column_name: string; column_type: string }>`
    select column_name, column_type from sys_entity_column where entity_code = ${table}`.execute(db);
  return new Map(rows.rows.map((r) => [r.column_name, parseDeclaredType(r.column_type)]));
}

async function count(db: Kysely<unknown>, table: string, where: ReturnType<typeof sql>): Promise<number> {
  const row = await sql<{
    n: number | string;
  }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

const notNull = (column: string) => sql`${sql.ref(column)} is not null`;

/** The backup table of one start: `<table>__backup_<yyyyMMddHHmmss>`, within PostgreSQL's 63 characters. */
export function backupTableName(table: string, stamp: string): string {
  const suffix = `__backup_${stamp.replace(/\D/g, '')}`;
  return `${table.slice(0, 63 - suffix.length)}${suffix}`;
}

/** Where an entity's definition lives, as messages name it. */
export function entityFile(root: string, code: string): string {
  const found = definitionRoots(root)
    .map((dir) => path.join(dir, 'entities', `${code}.json`))
    .find((f) => fs.existsSync(f));
  return path.relative(process.cwd(), found ?? path.join(root, 'entities', `${code}.json`)) || `${code}.json`;
}

async function planEntity(
  db: Kysely<unknown>,
  dialect: DialectName,
  e: EntityDefinition,
  root: string,
  problems: string[],
  stats: readonly StatDefinition[],
): Promise<EntityPlan> {
  const file = entityFile(root, e.code);
  const refuse = (text: string) => problems.push(`${file}：${text}`);
  const columns = wantedColumns(e);
  const wantedIx = wantedIndexes(e, stats);
  const plan: EntityPlan = {
    entity: e,
    file,
    create: false,
    renameColumns: [],
    add: [],
    widen: [],
    narrow: [],
    replace: [],
    drop: [],
    backup: [],
    dropIndexes: [],
    indexes: [],
    record: false,
    changes: [],
  };
  let table = e.code;
  let existing = await readTable(db, dialect, table);
  if (e.renamedFrom && e.renamedFrom !== e.code) {
    const old = await readTable(db, dialect, e.renamedFrom);
    if (old && existing)
      refuse(`实体 ${e.code} 声明由 ${e.renamedFrom} 改名，但两张表都存在；请先合并或清理其中一张`);
    else if (old) {
      plan.renameTable = e.renamedFrom;
      plan.changes.push(`表改名 ${e.renamedFrom} → ${e.code}`);
      table = e.renamedFrom;
      existing = old;
    }
  }
  if (!existing) {
    return {
      ...plan,
      create: true,
      add: columns,
      indexes: wantedIx,
      record: true,
      changes: [`新建表 ${e.code}`],
    };
  }
  const recorded = await recordedTypes(db, dialect, table);
  const wanted = new Set(columns.map((c) => c.column));

  // Field renames first: afterwards the old column is known by its new name.
  for (const f of e.fields) {
    if (!f.renamedFrom || f.renamedFrom === f.name) continue;
    const from = columnOf(f.renamedFrom);
    const to = columnOf(f.name);
    const old = existing.columns.get(from);
    if (!old || wanted.has(from)) continue;
    if (existing.columns.has(to)) {
      // Both exist: an empty old column is just left over; one with data would be silently hidden.
      const n = await count(db, table, notNull(from));
      if (n > 0)
        refuse(
          `实体 ${e.code} 字段 ${f.name} 声明由 ${f.renamedFrom} 改名，但列 ${from}（${n} 行数据）和 ${to} 都存在`,
        );
      continue;
    }
    plan.renameColumns.push({ from, to });
    plan.changes.push(`列改名 ${from} → ${to}`);
    existing.columns.set(to, old);
    existing.columns.delete(from);
    const rec = recorded.get(from);
    if (rec) recorded.set(to, rec);
  }

  // The record follows renames (its rows are keyed by table and column names).
  plan.record =
    plan.renameTable !== undefined ||
    plan.renameColumns.length > 0 ||
    columns.some((c) => recorded.get(c.column)?.text !== c.text);
  const declaredDrop = new Set(e.fields.filter((f) => f.drop).map((f) => columnOf(f.name)));
  const touched = new Set<string>();
  for (const c of columns) {
    const actual = existing.columns.get(c.column);
    if (!actual) {
      plan.add.push(c);
      plan.changes.push(`新增列 ${c.column}`);
      continue;
    }
    // SQLite cannot alter a declared type, so what was last synced is the truth where it is recorded.
    const have = recorded.get(c.column) ?? actual;
    let verdict = compare(have, c);
    const label = `实体 ${e.code} 字段 ${c.field}（${c.title}）`;
    // Widening checks that depend on the data: integers must fit the decimal, text must be dates.
    if (verdict.kind === 'widen' && c.family === 'numeric' && integerDigits(c) < integerDigits(have)) {
      const limit = 10 ** integerDigits(c);
      const over = await count(db, table, sql`abs(${sql.ref(c.column)}) >= cast(${limit} as numeric)`);
      if (over > 0) verdict = { kind: 'narrow', reason: `改为 ${c.text} 后有 ${over} 行数值超出位数` };
    }
    if (verdict.kind === 'widen' && c.type === 'datetime' && have.length !== 19) {
      const odd = await count(
        db,
        table,
        sql`${notNull(c.column)} and length(${sql.ref(c.column)}) <> 19 and ${sql.ref(c.column)} not like '____-__-__'`,
      );
      if (odd > 0) verdict = { kind: 'replace', reason: `改为日期时间，但有 ${odd} 行不是日期` };
    }
    if (verdict.kind === 'same') continue;
    if (verdict.kind === 'widen') {
      plan.widen.push({ column: c, from: have });
      const convert = c.type === 'datetime' && have.length === 10 ? '，已有日期补为 00:00:00' : '';
      plan.changes.push(`放宽列 ${c.column} 为 ${c.text}${convert}`);
      continue;
    }
    const n = await count(db, table, notNull(c.column));
    if (n === 0 || declaredDrop.has(c.column)) {
      if (n > 0) plan.backup.push(c.column);
      const saved = n > 0 ? `（先备份 ${n} 行）` : '';
      if (verdict.kind === 'narrow') {
        plan.narrow.push({ column: c, from: have });
        plan.changes.push(`收窄列 ${c.column} 为 ${c.text}${saved}`);
      } else {
        plan.replace.push(c);
        touched.add(c.column);
        plan.changes.push(`重建列 ${c.column} 为 ${c.text}，原数据清空${saved}`);
      }
      continue;
    }
    refuse(
      `${label}：${verdict.reason}，可能丢失数据；该列有 ${n} 行数据。确需修改请在该字段声明 "drop": true（原数据先备份）`,
    );
  }

  const dropped = new Set((e.dropped ?? []).map(columnOf));
  for (const column of existing.columns.keys()) {
    if (wanted.has(column)) continue;
    const n = await count(db, table, notNull(column));
    if (dropped.has(column)) {
      plan.drop.push(column);
      touched.add(column);
      if (n > 0) plan.backup.push(column);
      plan.changes.push(`删除列 ${column}${n > 0 ? `（先备份 ${n} 行）` : ''}`);
    } else if (n > 0)
      // An empty column left behind is harmless (nullable, never read); one with data means a removed field.
      refuse(
        `实体 ${e.code} 删除了字段对应的列 ${column}，该列有 ${n} 行数据；请恢复该字段定义（改名请用 renamedFrom），或在 "dropped" 中声明删除（原数据先备份）`,
      );
  }
  if (plan.backup.length) plan.changes.push(`备份 ${plan.backup.join(', ')} 到 ${e.code}__backup_<启动时间>`);

  // Indexes: names follow table and columns, so after a rename the old ones are replaced; an index on a
  // dropped or recreated column goes with it (SQLite refuses to drop an indexed column) and is rebuilt.
  const wantedNames = new Set(wantedIx.map((i) => i.name));
  const renamed = plan.renameTable !== undefined || plan.renameColumns.length > 0;
  for (const [name, cols] of existing.indexes) {
    const stale = renamed && /^(idx|uq)_/.test(name) && !wantedNames.has(name);
    // An index derived from the definitions (its name is ours for its columns) that they no longer ask
    // for, such as a sort index that gained the tenant and the id; others are left alone.
    const unwanted = !wantedNames.has(name) && name === indexName('idx', e.code, cols);
    if (stale || unwanted || cols.some((c) => touched.has(c))) plan.dropIndexes.push(name);
    if (unwanted) plan.changes.push(`删除不再需要的索引 ${name}`);
  }
  plan.indexes = wantedIx.filter((i) => !existing.indexes.has(i.name) || plan.dropIndexes.includes(i.name));
  for (const ix of plan.indexes) plan.changes.push(`新增${ix.unique ? '唯一' : ''}索引 ${ix.name}`);
  return plan;
}

/** Plans every entity; reads the database only. `root` is the definitions folder, for messages. */
export async function planEntities(
  db: Kysely<unknown>,
  dialect: DialectName,
  entities: EntityDefinition[],
  root: string,
  stats: readonly StatDefinition[] = [],
): Promise<EntitiesPlan> {
  const problems: string[] = [];
  const plans: EntityPlan[] = [];
  for (const e of entities) plans.push(await planEntity(db, dialect, e, root, problems, stats));
  return { plans, problems };
}

/** Whether applying the plan touches the database at all. */
export const hasWork = (p: EntityPlan) => p.create || p.changes.length > 0 || p.record;

/** The plan as printed by `npm run schemas:plan`: each entity's changes, then the refusals. */
export function describePlan({ plans, problems }: EntitiesPlan): string[] {
  const lines: string[] = [];
  for (const p of plans.filter((x) => x.changes.length))
    lines.push(`${p.file}（${p.entity.code}）：`, ...p.changes.map((c) => `  ${c}`));
  if (problems.length) lines.push('拒绝的修改（启动会停止，数据库不变）：', ...problems.map((x) => `  ${x}`));
  if (!lines.length) lines.push('数据表与实体定义一致，下次启动不会修改数据库');
  return lines;
}
