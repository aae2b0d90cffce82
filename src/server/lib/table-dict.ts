import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/tables.js';
import type { Definitions, TableDictDef } from '../definitions/load.js';
import { badRequest } from '../http/errors.js';
import { isPersonalColumn, personalColumnMessage } from './sensitive.js';

/** Columns that are never readable through any dictionary, whatever an allow-list says. */
const NEVER = new Set(['password', 'password_hash', 'salt', 'token', 'token_hash', 'secret', 'code_hash']);
const IDENT = /^[a-z][a-z0-9_]{0,63}$/;

/** A column name the client may name: a plain identifier, on the allow-list, never a secret. */
export const isAllowedColumn = (column: string, allowed: readonly string[]) =>
  IDENT.test(column) && !NEVER.has(column) && allowed.includes(column);

/**
 * Allow-listed columns that are personal data (issue 11 §5): the definitions check refuses them, and
 * resolveTableDict refuses them again at run time whatever the allow-list says.
 */
export function personalColumnProblems(defs: Definitions, def: TableDictDef): Array<{ index: number; message: string }> {
  return def.columns.flatMap((column, index) =>
    isPersonalColumn(defs, def.table, column) ? [{ index, message: personalColumnMessage(def.table, column) }] : [],
  );
}

/** Rows of a dictionary table the caller may see (tenant and data scope), as a predicate on that table. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RowFilter = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;

export interface TableDictRef {
  def: TableDictDef;
  table: string;
  text: string;
  code: string;
  filters: Array<{ column: string; op: string; value: string }>;
}

const FILTER_OPS = ['>=', '<=', '!=', '<>', '=', '<', '>', ' like ', ' in '];

/**
 * Resolves `table,text,code[,filter]` against `schemas/dicts` tableDicts (SQL-01/03): exactly 3 or 4
 * parts, identifiers from the allow-list only, and the filter parsed as `col op literal [and …]`
 * with columns from the same list and literals bound later. Anything else is a 400.
 */
export function resolveTableDict(defs: Definitions, dictCode: string): TableDictRef {
  const parts = dictCode.split(',');
  if (parts.length < 3) throw badRequest('字典Code格式不正确！');
  const [table, text, code] = parts.slice(0, 3).map((s) => s.trim());
  const filterText = parts.slice(3).join(',').trim();
  const def = defs.tableDicts.find((t) => t.table === table);
  if (!def || !IDENT.test(table)) throw badRequest(`表字典不允许访问表：${table}`);
  for (const col of [text, code]) {
    if (!isAllowedColumn(col, def.columns)) throw badRequest(`表字典不允许访问字段：${col}`);
    if (isPersonalColumn(defs, table, col)) throw badRequest(personalColumnMessage(table, col));
  }
  return { def, table, text, code, filters: filterText ? parseFilter(defs, def, filterText) : [] };
}

function parseFilter(defs: Definitions, def: TableDictDef, text: string) {
  if (text.length > 300) throw badRequest('表字典过滤条件过长');
  return text.split(/\s+and\s+/i).map((clause) => {
    const op = FILTER_OPS.find((o) => clause.toLowerCase().includes(o));
    if (!op) throw badRequest('表字典过滤条件格式不正确');
    const at = clause.toLowerCase().indexOf(op);
    const column = clause.slice(0, at).trim();
    let value = clause.slice(at + op.length).trim();
    if (!isAllowedColumn(column, def.columns))
      throw badRequest(`表字典过滤条件不允许使用字段：${column}`);
    // A filter on a personal column would reveal it one guess at a time.
    if (isPersonalColumn(defs, def.table, column)) throw badRequest(personalColumnMessage(def.table, column));
    const quoted = /^'([^']*)'$/.exec(value);
    if (quoted) value = quoted[1];
    else if (op.trim() === 'in') value = value.replace(/^\(|\)$/g, '');
    else if (!/^-?\d+(\.\d+)?$/.test(value)) throw badRequest('表字典过滤条件的取值必须是数字或带引号的文本');
    return { column, op: op.trim().toLowerCase(), value };
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEB = ExpressionBuilder<any, any>;

/** The filter as bound SQL; identifiers were checked against the allow-list. */
export function filterExpression(eb: AnyEB, ref: TableDictRef): Expression<SqlBool> {
  return eb.and(
    ref.filters.map((f) => {
      const col = sql.id(f.column);
      switch (f.op) {
        case 'like':
          return sql<SqlBool>`${col} like ${f.value}`;
        case 'in':
          return sql<SqlBool>`${col} in (${sql.join(f.value.split(',').map((v) => v.trim().replace(/^'|'$/g, '')))})`;
        case '!=':
        case '<>':
          return sql<SqlBool>`${col} <> ${f.value}`;
        default:
          return sql<SqlBool>`${col} ${sql.raw(f.op)} ${f.value}`;
      }
    }),
  );
}

export interface DictItem {
  value: string;
  text: string;
  title: string;
  label: string;
}

const item = (value: unknown, text: unknown): DictItem => {
  const t = text === null || text === undefined ? '' : String(text);
  return { value: value === null || value === undefined ? '' : String(value), text: t, title: t, label: t };
};

/**
 * Items of a table dictionary, optionally filtered by keyword (bound LIKE, SQL-02) or by codes, at
 * most `limit` rows. Tenant-scoped tables only show the caller's tenant; `scope` narrows further to
 * the rows the caller may see (users, departments, tenants: AC-06).
 */
export async function tableDictItems(
  db: Kysely<Database>,
  ref: TableDictRef,
  opts: { keyword?: string; codes?: string[]; limit?: number; tenantId?: number; scope?: RowFilter },
): Promise<DictItem[]> {
  // With the CamelCasePlugin, so that scope predicates written against the typed tables (sysUser.delFlag)
  // apply; the allow-listed snake_case names pass through it unchanged.
  const dyn = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  let q = dyn
    .selectFrom(ref.table)
    .select([sql.id(ref.text).as('t'), sql.id(ref.code).as('v')] as never)
    .where((eb) => filterExpression(eb, ref));
  if (opts.keyword) {
    const kw = opts.keyword;
    if (kw.includes(',')) {
      const list = kw.split(',').map((s) => s.trim()).filter(Boolean).slice(0, 200);
      if (list.length === 0) return [];
      q = q.where((eb) => eb.or([inList(ref.text, list), inList(ref.code, list)]));
    } else {
      const pattern = `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where(
        (eb) => eb.or([sql<SqlBool>`${sql.id(ref.text)} like ${pattern} escape '\\'`, sql<SqlBool>`${sql.id(ref.code)} like ${pattern} escape '\\'`]),
      );
    }
  }
  if (opts.codes) {
    const codes = opts.codes.slice(0, 500);
    if (codes.length === 0) return [];
    q = q.where(() => inList(ref.code, codes));
  }
  if (ref.def.tenant !== false && opts.tenantId && (await hasTenantColumn(db, ref.table))) {
    q = q.where(() => tenantPredicate(opts.tenantId as number));
  }
  if (opts.scope) q = q.where(opts.scope);
  const rows = (await q.limit(Math.min(opts.limit ?? 500, 1000)).execute()) as Array<{ t: unknown; v: unknown }>;
  return rows.map((r) => item(r.v, r.t));
}

const inList = (column: string, values: string[]) => sql<SqlBool>`${sql.id(column)} in (${sql.join(values)})`;

/** Rows of the caller's tenant plus shared rows (tenant 0, e.g. the built-in roles). */
export const tenantPredicate = (tenantId: number) => sql<SqlBool>`tenant_id in (0, ${tenantId})`;

const tableColumns = new Map<string, Set<string>>();
/** Whether an allow-listed table has a column; introspected once per table until clearTableDictCache. */
export async function hasColumn(db: Kysely<Database>, table: string, column: string): Promise<boolean> {
  if (!tableColumns.has(table)) {
    const tables = await db.introspection.getTables();
    const t = tables.find((x) => x.name === table);
    tableColumns.set(table, new Set(t?.columns.map((c) => c.name) ?? []));
  }
  return (tableColumns.get(table) as Set<string>).has(column);
}

export const hasTenantColumn = (db: Kysely<Database>, table: string) => hasColumn(db, table, 'tenant_id');

/** Forgets introspected columns (after definitions add or change tables). */
export function clearTableDictCache(): void {
  tableColumns.clear();
}
