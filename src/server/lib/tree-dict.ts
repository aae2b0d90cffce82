import { sql, type AliasedRawBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/tables.js';
import type { Definitions, TreeTableDef } from '../definitions/load.js';
import { badRequest } from '../http/errors.js';
import { hasColumn, hasTenantColumn, isAllowedColumn, tenantPredicate } from './table-dict.js';

/** A node of a lazily loaded tree select (protocol §5): `leaf`, not `isLeaf`. */
export interface TreeSelectModel {
  key: string;
  title: string;
  leaf: boolean;
  icon: string | null;
  parentId: string | null;
  value: string;
  code: string;
  children: TreeSelectModel[] | null;
}

export interface TreeDictRef {
  def: TreeTableDef;
  table: string;
  text: string;
  code: string;
  pidField: string;
  hasChildField: string | null;
  /** `column LIKE value` pairs from the client's condition; values are bound. */
  condition: Array<{ column: string; value: string }>;
}

export interface TreeDictQuery {
  tableName: string;
  text: string;
  code: string;
  pidField: string;
  hasChildField?: string;
  condition?: string;
}

const MAX_CONDITION_KEYS = 10;

/**
 * Resolves the parameters of `/sys/dict/loadTreeData` against `schemas/dicts` treeTables (SQL-03): the
 * table, text and code columns, the parent column and the has-child column all come from the
 * definition; the condition is a JSON object whose keys are allowed columns. `_tableFilterSql` and any
 * other key are refused, never cleaned.
 */
export function resolveTreeDict(defs: Definitions, q: TreeDictQuery): TreeDictRef {
  const def = defs.treeTables.find((t) => t.table === q.tableName);
  if (!def) throw badRequest(`树形字典不允许访问表：${q.tableName}`);
  for (const col of [q.text, q.code]) {
    if (!isAllowedColumn(col, def.columns)) throw badRequest(`树形字典不允许访问字段：${col}`);
  }
  if (q.pidField !== def.pidField) throw badRequest(`树形字典的父级字段只能是：${def.pidField}`);
  const hasChildField = q.hasChildField ? q.hasChildField : null;
  if (hasChildField !== null && hasChildField !== def.hasChildField)
    throw badRequest(`树形字典不允许使用字段：${hasChildField}`);
  const conditionColumns = [...def.columns, def.pidField, ...(def.hasChildField ? [def.hasChildField] : [])];
  return {
    def,
    table: def.table,
    text: q.text,
    code: q.code,
    pidField: def.pidField,
    hasChildField,
    condition: parseTreeCondition(q.condition, conditionColumns),
  };
}

/** `{"column":"value"}` with allow-listed columns and text or number values. */
export function parseTreeCondition(raw: string | undefined, columns: readonly string[]) {
  if (raw === undefined || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('condition 必须是 JSON 对象字符串');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('condition 必须是 JSON 对象字符串');
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length > MAX_CONDITION_KEYS) throw badRequest(`condition 最多包含 ${MAX_CONDITION_KEYS} 个条件`);
  return entries.map(([column, value]) => {
    if (column === '_tableFilterSql') throw badRequest('不支持 _tableFilterSql 条件');
    if (!isAllowedColumn(column, columns)) throw badRequest(`condition 不允许使用字段：${column}`);
    if (typeof value !== 'string' && typeof value !== 'number') throw badRequest(`condition 字段 ${column} 的取值必须是文本或数字`);
    return { column, value: String(value) };
  });
}

/**
 * One level of the tree under `pid` (empty: the roots, whose parent is '' or NULL). Deleted rows and
 * other tenants' rows are left out; without a has-child column, leaves are found by looking for children.
 */
export async function treeDictItems(
  db: Kysely<Database>,
  ref: TreeDictRef,
  opts: { pid?: string; tenantId?: number; limit?: number },
): Promise<TreeSelectModel[]> {
  const dyn = db.withoutPlugins() as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const pid = sql.id(ref.pidField);
  const columns: Array<AliasedRawBuilder<unknown, string>> = [sql.id(ref.text).as('title'), sql.id(ref.code).as('key'), pid.as('parentId')];
  if (ref.hasChildField) columns.push(sql.id(ref.hasChildField).as('hasChild'));
  let q = dyn
    .selectFrom(ref.table)
    .select(columns as never)
    .where(() => (opts.pid ? sql<SqlBool>`${pid} = ${opts.pid}` : sql<SqlBool>`(${pid} = '' or ${pid} is null)`));
  for (const c of ref.condition) q = q.where(() => sql<SqlBool>`${sql.id(c.column)} like ${c.value}`);
  if (opts.tenantId && (await hasTenantColumn(db, ref.table))) q = q.where(() => tenantPredicate(opts.tenantId as number));
  if (await hasColumn(db, ref.table, 'del_flag')) q = q.where(() => sql<SqlBool>`cast(del_flag as varchar(8)) = '0'`);
  const rows = (await q
    .orderBy(sql.id(ref.code) as never)
    .limit(Math.min(opts.limit ?? 1000, 1000))
    .execute()) as Array<{ title: unknown; key: unknown; parentId: unknown; hasChild?: unknown }>;
  const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  let parents: Set<string> | null = null;
  if (!ref.hasChildField && rows.length) {
    const keys = rows.map((r) => str(r.key));
    const found = (await dyn
      .selectFrom(ref.table)
      .select(pid.as('p') as never)
      .where(() => sql<SqlBool>`${pid} in (${sql.join(keys)})`)
      .groupBy(pid as never)
      .execute()) as Array<{ p: unknown }>;
    parents = new Set(found.map((f) => str(f.p)));
  }
  return rows.map((r) => {
    const key = str(r.key);
    return {
      key,
      title: str(r.title),
      leaf: parents ? !parents.has(key) : str(r.hasChild) !== '1',
      icon: null,
      parentId: r.parentId === null || r.parentId === undefined ? null : String(r.parentId),
      value: key,
      code: key,
      children: null,
    };
  });
}
