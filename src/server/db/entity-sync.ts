import { sql, type Kysely } from 'kysely';
import type { EntityDefinition, StatDefinition } from '../../shared/schema-types.js';
import { formatDateTime } from '../../shared/time.js';
import type { Db, DialectName } from './connect.js';
import { DEFAULT_SCHEMAS_DIR } from '../definitions/load.js';
import {
  backupTableName,
  hasWork,
  planEntities,
  wantedColumns,
  type ColumnType,
  type EntityPlan,
} from './entity-plan.js';

export { columnOf, wantedColumns, wantedIndexes } from './entity-plan.js';

/**
 * Entity definitions → tables (DESIGN §2). At start every entity's table is planned (entity-plan.ts:
 * create, rename, add, widen, or a declared narrowing/drop) and, when nothing is refused, the plan is
 * applied in one transaction. A refused change — one that could lose data and is not declared — stops
 * the start with a message naming the file, the field and the rows holding data, before anything changes.
 */

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

const alterType = (db: Kysely<unknown>, table: string, column: string, type: ColumnType) =>
  db.schema
    .alterTable(table)
    .alterColumn(column, (col) => col.setDataType(sql.raw(type.text)))
    .execute();

/** Cuts or rounds stored values to the narrower type (PostgreSQL's ALTER rounds numbers itself). */
async function narrowValues(
  db: Kysely<unknown>,
  dialect: DialectName,
  table: string,
  c: EntityPlan['narrow'][number],
) {
  const col = sql.ref(c.column.column);
  const t = sql.table(table);
  if (c.column.family === 'varchar') {
    const n = c.column.length as number;
    await sql`update ${t} set ${col} = substr(${col}, 1, ${n}) where length(${col}) > ${n}`.execute(db);
  } else if (dialect === 'sqlite' && c.column.family === 'numeric')
    await sql`update ${t} set ${col} = round(${col}, ${c.column.scale as number})`.execute(db);
  else if (dialect === 'sqlite')
    await sql`update ${t} set ${col} = cast(round(${col}) as integer) where ${col} is not null`.execute(db);
}

async function apply(
  db: Kysely<unknown>,
  dialect: DialectName,
  plan: EntityPlan,
  stamp: string,
): Promise<void> {
  const table = plan.entity.code;
  if (plan.create) {
    let ct = db.schema.createTable(table);
    for (const c of plan.add) {
      ct = ct.addColumn(c.column, sql.raw(c.text), (col) => (c.primary ? col.primaryKey() : col));
    }
    await ct.execute();
  } else {
    if (plan.renameTable) {
      await db.schema.alterTable(plan.renameTable).renameTo(table).execute();
      await sql`delete from sys_entity_column where entity_code = ${plan.renameTable}`.execute(db);
    }
    for (const r of plan.renameColumns)
      await db.schema.alterTable(table).renameColumn(r.from, r.to).execute();
    if (plan.backup.length) {
      // Only the rows holding data, keyed by id, so a dropped value can be put back by hand.
      const backup = backupTableName(table, stamp);
      const cols = plan.backup.map((c) => sql.ref(c));
      await sql`create table ${sql.table(backup)} as select ${sql.join([sql.ref('id'), ...cols])}
        from ${sql.table(table)} where ${sql.join(
          cols.map((c) => sql`${c} is not null`),
          sql` or `,
        )}`.execute(db);
    }
    for (const name of plan.dropIndexes) await db.schema.dropIndex(name).ifExists().execute();
    for (const column of [...plan.drop, ...plan.replace.map((c) => c.column)])
      await db.schema.alterTable(table).dropColumn(column).execute();
    for (const n of plan.narrow) {
      await narrowValues(db, dialect, table, n);
      if (dialect === 'postgres') await alterType(db, table, n.column.column, n.column);
    }
    for (const c of [...plan.add, ...plan.replace])
      await db.schema.alterTable(table).addColumn(c.column, sql.raw(c.text)).execute();
    for (const { column: c, from } of plan.widen) {
      // SQLite neither enforces lengths nor changes declared types; only PostgreSQL needs the change.
      if (dialect === 'postgres') await alterType(db, table, c.column, c);
      if (c.type === 'datetime' && from.length === 10)
        await sql`update ${sql.table(table)} set ${sql.ref(c.column)} = ${sql.ref(c.column)} || ' 00:00:00'
          where length(${sql.ref(c.column)}) = 10`.execute(db);
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
        `${plan.file}：实体 ${table} 的唯一约束（${fields}）无法建立：表中已有重复数据（${(err as Error).message}）`,
      ]);
    }
  }
  if (plan.record) {
    await sql`delete from sys_entity_column where entity_code = ${table}`.execute(db);
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
}

/**
 * Brings every entity's table in line with its definition. All refusals are collected first, so one
 * start names every problem; the changes then run in one transaction. `root` is the definitions folder
 * the entities were read from (messages name the file).
 */
export async function syncEntities(
  db: Db,
  entities: EntityDefinition[],
  root: string = DEFAULT_SCHEMAS_DIR,
  stats: readonly StatDefinition[] = [],
): Promise<EntitySyncResult> {
  const raw = db.kysely.withoutPlugins() as unknown as Kysely<unknown>;
  // Statistics over an entity add the index they read (entity-plan.ts).
  const { plans, problems } = await planEntities(raw, db.dialect, entities, root, stats);
  if (problems.length) throw new EntitySyncError(problems);
  const result: EntitySyncResult = { created: [], altered: [] };
  const work = plans.filter(hasWork);
  if (work.length === 0) return result;
  const stamp = formatDateTime();
  await raw.transaction().execute(async (trx) => {
    for (const plan of work) {
      await apply(trx, db.dialect, plan, stamp);
      if (plan.create) result.created.push(plan.entity.code);
      else if (plan.changes.length) result.altered.push({ entity: plan.entity.code, changes: plan.changes });
    }
  });
  return result;
}
