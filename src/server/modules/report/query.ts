import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { PageResult } from '../../../shared/envelope.js';
import type { DataScope } from '../../auth/scope.js';
import type { Session } from '../../auth/sessions.js';
import type { Db } from '../../db/connect.js';
import { badRequest } from '../../http/errors.js';
import { contains, startsWith } from '../../lib/like.js';
import { paging } from '../../lib/list-query.js';
import { fetchPage } from '../../lib/paged-query.js';
import type { CompiledReport, FieldRef } from './compile.js';
import type { AnyEB } from './sources.js';

type Rule = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'in' | 'like' | 'right_like' | 'left_like';
type Query = Record<string, unknown>;

const SELF_PREFIX = 'self_';
const MAX_IN = 500;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const OPS: Record<'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le', '=' | '<>' | '>' | '>=' | '<' | '<='> = {
  eq: '=',
  ne: '<>',
  gt: '>',
  ge: '>=',
  lt: '<',
  le: '<=',
};

/** A request value as the field's type: numbers parsed, dates checked; the name in messages is the report's. */
function convert(target: FieldRef, name: string, raw: unknown): string | number {
  const text = String(raw).trim();
  switch (target.type) {
    case 'number': {
      const n = Number(text);
      if (text === '' || !Number.isFinite(n)) throw badRequest(`参数 ${name} 必须是数字`);
      return n;
    }
    case 'date':
      if (!DATE.test(text)) throw badRequest(`参数 ${name} 的日期格式应为 YYYY-MM-DD`);
      return text;
    case 'datetime':
      if (!DATETIME.test(text))
        throw badRequest(`参数 ${name} 的日期格式应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss`);
      return text;
    default:
      return text;
  }
}

/** One bound condition on a resolved field (SQL-07: values are bound, never spliced into text). */
function condition(eb: AnyEB, target: FieldRef, rule: Rule, raw: unknown, name: string): Expression<SqlBool> {
  const col = eb.ref(target.ref);
  switch (rule) {
    case 'in': {
      const list = (Array.isArray(raw) ? raw : String(raw).split(','))
        .map((v) => String(v).trim())
        .filter((v) => v !== '')
        .map((v) => convert(target, name, v));
      if (list.length === 0 || list.length > MAX_IN)
        throw badRequest(`参数 ${name} 的取值个数应在 1 到 ${MAX_IN} 之间`);
      return eb(col, 'in', list);
    }
    case 'like':
      return contains(col, String(raw));
    case 'right_like':
      return startsWith(col, String(raw));
    case 'left_like':
      return sql<SqlBool>`${col} like ${`%${String(raw).replace(/[\\%_]/g, (c) => `\\${c}`)}`} escape '\\'`;
    default:
      return eb(col, OPS[rule], convert(target, name, Array.isArray(raw) ? raw[0] : raw));
  }
}

/** A constant column, typed so that PostgreSQL can infer its parameter. */
const constant = (v: string | number) =>
  typeof v === 'number' ? sql`cast(${v} as numeric)` : sql`cast(${v} as varchar(200))`;

const present = (v: unknown) =>
  v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/**
 * The filters of a getData request: the report's fixed conditions, its named parameters (`self_<name>`;
 * an unknown name is refused) and its query items (`field`, or `field_begin`/`field_end` for a range).
 * Returns null when a required parameter is missing: such a report answers nothing rather than everything.
 */
function filters(eb: AnyEB, report: CompiledReport, query: Query, masked: ReadonlySet<string>): Expression<SqlBool> | null {
  const parts: Expression<SqlBool>[] = [];
  for (const w of report.where) {
    const col = eb.ref(w.target.ref);
    if (w.op === 'is_null') parts.push(eb(col, 'is', null));
    else if (w.op === 'not_null') parts.push(eb(col, 'is not', null));
    else parts.push(condition(eb, w.target, w.op, w.value, w.target.ref));
  }

  for (const key of Object.keys(query)) {
    if (key.startsWith(SELF_PREFIX) && !report.params.has(key.slice(SELF_PREFIX.length)))
      throw badRequest(`报表参数不存在：${key.slice(SELF_PREFIX.length)}`);
  }
  for (const p of report.params.values()) {
    const raw = query[`${SELF_PREFIX}${p.name}`];
    const value = present(raw) ? raw : p.default;
    if (!present(value)) {
      if (p.required) return null;
      continue;
    }
    parts.push(condition(eb, p.target, p.rule, value, p.name));
  }

  for (const q of report.queryItems) {
    const field = q.item.field;
    // A column the caller sees masked is searched by its whole value only (no patterns or ranges).
    if (masked.has(field) && (q.range || q.rule !== 'eq') && (present(query[field]) || present(query[`${field}_begin`]) || present(query[`${field}_end`])))
      throw badRequest(`字段 ${field} 已脱敏，不能按它查询`);
    if (q.range) {
      for (const edge of ['begin', 'end'] as const) {
        let v = query[`${field}_${edge}`];
        if (!present(v)) continue;
        if (q.target.type === 'datetime' && DATE.test(String(v)))
          v = `${String(v)} ${edge === 'begin' ? '00:00:00' : '23:59:59'}`;
        parts.push(condition(eb, q.target, edge === 'begin' ? 'ge' : 'le', v, `${field}_${edge}`));
      }
    } else if (present(query[field])) {
      parts.push(condition(eb, q.target, q.rule, query[field], field));
    }
  }
  return eb.and(parts);
}

/** ORDER BY only from the report's declared sortable columns, direction asc or desc (SQL-07). */
export function reportSort(report: CompiledReport, query: Query, masked: ReadonlySet<string> = new Set()): Array<[string, 'asc' | 'desc']> {
  const column =
    query.column === undefined || query.column === '' ? '' : String(query.column).replace(/_dictText$/, '');
  if (!column) return report.defaultSort ? [[report.defaultSort.ref, report.defaultSort.order]] : [];
  const c = report.byField.get(column);
  if (!c?.source || !c.sortable) throw badRequest(`请注意，将要排序的列字段不存在：${column}`);
  if (masked.has(column)) throw badRequest(`字段 ${column} 已脱敏，不能按它排序`);
  const order = query.order === undefined || query.order === '' ? 'asc' : String(query.order).toLowerCase();
  if (order !== 'asc' && order !== 'desc') throw badRequest('参数 order 只能是 asc 或 desc');
  return [[c.source.ref, order]];
}

/**
 * One page of a report for the caller: the source's rows that exist and that the caller's tenant and
 * data scope allow, the declared joins, the filters above, sorted, with the total.
 */
export async function reportPage(
  db: Db,
  report: CompiledReport,
  session: Session,
  scope: DataScope,
  query: Query,
  /** Columns the caller sees masked: no pattern, range or sort on them. */
  masked: ReadonlySet<string> = new Set(),
): Promise<PageResult<Record<string, unknown>>> {
  const paged = paging(query, report.def.pageSize ?? 10);
  const sort = reportSort(report, query, masked);
  const { source } = report;
  // The table and join names come from the source registry, never from the request.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const dyn = db.kysely as unknown as Kysely<any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let q: SelectQueryBuilder<any, any, Record<string, unknown>> = dyn.selectFrom(source.table);
  for (const j of report.joins) q = q.leftJoin(`${j.table} as ${j.alias}`, j.on[1], j.on[0]);
  let nothing = false;
  q = q
    .where((eb) => (source.exists ? source.exists(eb, source.table) : eb.and([])))
    .where((eb) => source.inScope(eb, session, scope))
    .where((eb) => {
      const f = filters(eb, report, query, masked);
      if (f === null) nothing = true;
      return f ?? sql<SqlBool>`1 = 0`;
    })
    .select((eb) =>
      report.columns.map((c) =>
        c.source ? eb.ref(c.source.ref).as(c.field) : constant(c.constant as string | number).as(c.field),
      ),
    );
  if (nothing) return { records: [], total: 0, size: paged.pageSize, current: paged.pageNo, pages: 0 };
  return fetchPage(db, q, sort, paged, `${source.table}.id`);
}
