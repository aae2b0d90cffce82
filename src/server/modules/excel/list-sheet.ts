import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Access } from '../../http/access.js';
import { bizError } from '../../http/errors.js';
import { attachDictText } from '../../lib/dict-text.js';
import { listFilters, sortKeys, tieOrder, type FieldMap } from '../../lib/list-query.js';
import { probeSafeFields, protectRows, type SensitiveField } from '../../lib/sensitive.js';
import { dictItems } from '../dict/dict-items.js';
import { MAX_EXPORT_ROWS } from '../online/entity-records.js';
import type { ImportTarget, PreparedRow } from './import-engine.js';
import { cellDateText, type CellScalar, type SheetColumn, type SheetSpec } from './workbook.js';

/**
 * A system list's Excel (protocol §9), as its page's 导出 and 导入 buttons call it: `GET <base>/exportXls`
 * with the list's query (or `paramsStr`) and `selections`, `POST <base>/importExcel` with the sheet.
 * routes.ts serves every sheet of system-sheets.ts the same way.
 */
export interface ListSheet {
  /** The list's address without the action: `/sys/role`. */
  base: string;
  /** The workbook's title and file name, as the page names its download (`角色信息`). */
  title: string;
  /** Who may export: the module's export code, else the list's own access. */
  access: Access;
  columns: SheetColumn[];
  /** The rows the caller's list shows for this query (its filters, sort and scope), or the selected ones among them. */
  rows(
    ctx: AppContext,
    request: FastifyRequest,
    query: Record<string, unknown>,
    selections: string[],
  ): Promise<Array<Record<string, unknown>>>;
  /** Further sheets of the same rows (a dictionary's items). */
  more?(ctx: AppContext, request: FastifyRequest, rows: Array<Record<string, unknown>>): Promise<SheetSpec[]>;
  /** What the page's 导入 does: an import for holders of `access`, or the reason there is none. */
  import:
    | { access: Access; target(ctx: AppContext, request: FastifyRequest): ImportTarget<unknown> }
    | { access: Access; refused: string };
}

/** Where a list's rows come from: its table with the predicates the list applies (tenant, scope, deleted rows). */
export interface ListSource {
  /** The table as the database spells it, for the masks and their security log. */
  table: string;
  // Any system table; the caller's predicates are already applied.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  base: SelectQueryBuilder<any, any, object>;
  fields: FieldMap;
  /** The list's default sort. */
  sort: [string, 'asc' | 'desc'];
  /** A tree page's rows go out in tree order instead of the list's sort (whose parameters are still checked). */
  order?: Array<[string, 'asc' | 'desc']>;
  sensitive?: SensitiveField[];
}

/** The rows of a sheet that exports its list as the list reads it. */
export const listRows =
  (source: (ctx: AppContext, request: FastifyRequest) => ListSource): ListSheet['rows'] =>
  (ctx, request, query, selections) =>
    listSheetRows(ctx, request, source(ctx, request), query, selections);

/**
 * The rows of a system list for an export: the list's filters, advanced query and sort (or, with
 * `selections`, exactly the selected ids), always inside the list's own predicates; dictionary fields
 * as their text, personal fields masked as in the list. At most MAX_EXPORT_ROWS.
 */
export async function listSheetRows(
  ctx: AppContext,
  request: FastifyRequest,
  source: ListSource,
  query: Record<string, unknown>,
  selections: string[],
): Promise<Array<Record<string, unknown>>> {
  const sensitive = source.sensitive ?? [];
  const fields = await probeSafeFields(request, source.fields, sensitive);
  let q = source.base.selectAll();
  q = selections.length
    ? q.where(sql.ref('id'), 'in', selections)
    : q.where((eb) => listFilters(eb, fields, query));
  const sort = source.order ?? sortKeys(fields, query, source.sort);
  for (const [field, dir] of sort) q = q.orderBy(sql.ref(field), dir);
  // Ties as the list breaks them, so the file holds the list's order.
  const rows = (await q
    .orderBy(sql.ref('id'), tieOrder(sort))
    .limit(MAX_EXPORT_ROWS + 1)
    .execute()) as Array<Record<string, unknown>>;
  if (rows.length > MAX_EXPORT_ROWS)
    throw bizError(`导出的数据超过 ${MAX_EXPORT_ROWS} 行，请缩小查询范围后再导出`);
  const withText = await attachDictText(
    ctx.db.kysely,
    ctx.defs,
    rows,
    source.fields,
    request.user().tenantId,
  );
  const shown = await protectRows(request, source.table, sensitive, withText);
  return shown.map((r) => {
    const out: Record<string, unknown> = { ...r };
    for (const [field, spec] of Object.entries(source.fields))
      if (spec.dict) out[field] = r[`${field}_dictText`] ?? r[field];
    return out;
  });
}

/* ---------- Import helpers shared by the system lists' imports ---------- */

/** A cell as trimmed text (dates as 'YYYY-MM-DD HH:mm:ss'), or null when empty. */
export const cellText = (v: CellScalar | undefined): string | null =>
  v === null || v === undefined
    ? null
    : v instanceof Date
      ? cellDateText(v, 'datetime')
      : String(v).trim() || null;

interface TextRule {
  required?: boolean;
  max: number;
  pattern?: RegExp;
  /** Why a value breaks `pattern`. */
  format?: string;
}

/**
 * Reads one sheet row by column key and collects its problems, each named by the column's title
 * (`角色编码：只能包含字母、数字和下划线`), as the user import reports them.
 */
export class RowReader {
  readonly errors: string[] = [];
  constructor(
    private readonly values: Record<string, CellScalar>,
    private readonly columns: SheetColumn[],
  ) {}

  title(key: string): string {
    return this.columns.find((c) => c.key === key)?.title ?? key;
  }

  fail(key: string, problem: string): void {
    this.errors.push(`${this.title(key)}：${problem}`);
  }

  text(key: string, rule: TextRule): string | null {
    const v = cellText(this.values[key]);
    if (v === null) {
      if (rule.required) this.errors.push(`请填写${this.title(key)}`);
      return null;
    }
    if ([...v].length > rule.max) this.fail(key, `最多 ${rule.max} 个字符`);
    else if (rule.pattern && !rule.pattern.test(v)) this.fail(key, rule.format ?? '格式不正确');
    return v;
  }

  /** A dictionary cell: an item's text or value (`dict` from dictLookup); empty gives null. */
  dict(key: string, dict: Map<string, string>): string | null {
    const v = cellText(this.values[key]);
    if (v === null) return null;
    const value = dict.get(v);
    if (value === undefined) this.fail(key, `字典中没有“${v}”`);
    return value ?? null;
  }

  int(key: string, min: number, max: number): number | null {
    const raw = this.values[key];
    const v = typeof raw === 'number' ? String(raw) : cellText(raw);
    if (v === null) return null;
    const n = /^-?\d{1,9}$/.test(v) ? Number(v) : NaN;
    if (!(n >= min && n <= max)) this.fail(key, `应为 ${min} 到 ${max} 之间的整数`);
    return Number.isNaN(n) ? null : n;
  }
}

/** A plain dictionary's items as text → value (and value → value), for dictionary cells. */
export async function dictLookup(ctx: AppContext, code: string): Promise<Map<string, string>> {
  const items = await dictItems(ctx.db.kysely, ctx.defs, code);
  return new Map(items.flatMap((i) => [[i.value, i.value] as const, [i.text, i.value] as const]));
}

// System tables are named here as the database spells them (`sys_role`, `role_code`).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Which of `values` a column of a table already holds (any row: the column is unique). */
export async function takenValues(
  db: AnyDb,
  table: string,
  column: string,
  values: string[],
): Promise<Set<string>> {
  const out = new Set<string>();
  const wanted = [...new Set(values)];
  for (let i = 0; i < wanted.length; i += 200) {
    const rows = (await db
      .selectFrom(table)
      .select(sql.ref(column).as('v'))
      .where(sql.ref(column), 'in', wanted.slice(i, i + 200))
      .execute()) as Array<{ v: unknown }>;
    for (const r of rows) out.add(String(r.v));
  }
  return out;
}

/**
 * Rows whose unique value (`key`) is already stored or repeats an earlier row of the file become errors
 * (`角色编码：“x”已存在`), so the insert itself never fails on it.
 */
export async function refuseRepeats<R>(
  db: AnyDb,
  prepared: Array<PreparedRow<R>>,
  unique: { table: string; column: string; title: string; key: (r: R) => string | null },
): Promise<void> {
  const values = prepared.flatMap((p) =>
    'record' in p ? [unique.key(p.record)].filter((v): v is string => !!v) : [],
  );
  const stored = await takenValues(db, unique.table, unique.column, values);
  const seen = new Set<string>();
  prepared.forEach((p, i) => {
    if (!('record' in p)) return;
    const v = unique.key(p.record);
    if (!v) return;
    if (stored.has(v) || seen.has(v)) prepared[i] = { errors: [`${unique.title}：“${v}”已存在`] };
    seen.add(v);
  });
}
