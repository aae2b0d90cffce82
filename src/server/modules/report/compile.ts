import type { ReportColumn, ReportDefinition, ReportQueryItem } from '../../../shared/schema-types.js';
import type { Access } from '../../http/access.js';
import type { Definitions } from '../../definitions/load.js';
import { stableId } from '../../db/menu-sync.js';
import { sensitiveFields, type SensitiveField } from '../../lib/sensitive.js';
import type { SensitiveKind } from '../../../shared/mask.js';
import { reportSources, type FieldType, type ReportSource } from './sources.js';

/** A report's field reference resolved to a qualified column the query builder may use. */
export interface FieldRef {
  /** `<table or join alias>.<field>` (camelCase; the CamelCasePlugin writes the column name). */
  ref: string;
  type: FieldType;
  /** Personal data of its source (masked unless the caller may see it). */
  sensitive?: SensitiveKind;
}

export interface CompiledColumn {
  def: ReportColumn;
  field: string;
  /** Absent for a constant column. */
  source?: FieldRef;
  constant?: string | number;
  sortable: boolean;
}

export interface CompiledJoin {
  name: string;
  alias: string;
  table: string;
  /** [main column, joined column], qualified. */
  on: [string, string];
}

export interface CompiledParam {
  name: string;
  target: FieldRef;
  rule: NonNullable<ReportDefinition['params']>[number]['rule'] & string;
  required: boolean;
  default?: string | number | null;
}

export interface CompiledQueryItem {
  item: ReportQueryItem;
  target: FieldRef;
  range: boolean;
  rule: 'eq' | 'like' | 'right_like' | 'left_like' | 'in';
}

export interface CompiledCondition {
  target: FieldRef;
  op: NonNullable<ReportDefinition['query']['where']>[number]['op'];
  value?: string | number | Array<string | number>;
}

/** What the endpoints need of one report, resolved once against the source registry. */
export interface CompiledReport {
  def: ReportDefinition;
  /** cgRpConfigId: stable across restarts and databases. */
  id: string;
  source: ReportSource;
  joins: CompiledJoin[];
  columns: CompiledColumn[];
  byField: Map<string, CompiledColumn>;
  where: CompiledCondition[];
  params: Map<string, CompiledParam>;
  queryItems: CompiledQueryItem[];
  defaultSort: { ref: string; order: 'asc' | 'desc' } | null;
  /** Everything the caller needs besides a session: the report's access and the source's. */
  access: Access[];
  /** Columns showing personal data of their source, by column field. */
  sensitive: SensitiveField[];
}

export interface ReportProblem {
  pointer: string;
  message: string;
}

export const reportId = (code: string) => stableId('report', code);

const MULTI_VIEWS = new Set(['list_multi', 'checkbox']);
const TEXT_VIEWS = new Set(['text', 'search']);

/**
 * Resolves a definition: every field it names must be a field of its source or of a join the source
 * declares, every sort and query field a column. Returns the problems instead of throwing, so the
 * definition check can name them all with their JSON pointers.
 */
export function compileReport(
  def: ReportDefinition,
  defs: Definitions,
): { report?: CompiledReport; problems: ReportProblem[] } {
  const problems: ReportProblem[] = [];
  const add = (pointer: string, message: string) => problems.push({ pointer, message });
  const sources = reportSources(defs);
  const source = sources.get(def.query.from);
  if (!source) {
    add('/query/from', `数据源 "${def.query.from}" 不在允许列表中（系统表或实体）`);
    return { problems };
  }

  const joins: CompiledJoin[] = [];
  const joinSources = new Map<string, ReportSource>();
  (def.query.joins ?? []).forEach((name, i) => {
    const j = source.joins?.[name];
    const target = j ? sources.get(j.source) : undefined;
    if (!j || !target) {
      add(`/query/joins/${i}`, `数据源 ${source.name} 没有名为 "${name}" 的关联`);
      return;
    }
    const alias = `j_${name.toLowerCase()}`;
    joins.push({
      name,
      alias,
      table: target.table,
      on: [`${source.table}.${j.on[0]}`, `${alias}.${j.on[1]}`],
    });
    joinSources.set(name, target);
  });

  const resolve = (raw: string, pointer: string): FieldRef | null => {
    const dot = raw.indexOf('.');
    const [owner, field] = dot < 0 ? [null, raw] : [raw.slice(0, dot), raw.slice(dot + 1)];
    const from = owner === null ? source : joinSources.get(owner);
    if (!from) {
      add(pointer, `"${owner}" 不是本报表声明的关联（query.joins）`);
      return null;
    }
    const type = Object.prototype.hasOwnProperty.call(from.fields, field) ? from.fields[field] : undefined;
    if (!type) {
      add(pointer, `数据源 ${from.name} 没有可读字段 "${field}"`);
      return null;
    }
    const sensitive = sensitiveFields(defs, from.name).find((f) => f.field === field)?.kind;
    return {
      ref: `${owner === null ? source.table : `j_${owner.toLowerCase()}`}.${field}`,
      type,
      ...(sensitive ? { sensitive } : {}),
    };
  };

  const columns: CompiledColumn[] = [];
  def.columns.forEach((c, i) => {
    if (columns.some((x) => x.field === c.field)) add(`/columns/${i}/field`, `报表列 "${c.field}" 重复`);
    if (c.constant !== undefined) {
      columns.push({ def: c, field: c.field, constant: c.constant, sortable: false });
      return;
    }
    const target = resolve(c.source ?? c.field, `/columns/${i}/${c.source ? 'source' : 'field'}`);
    if (target) columns.push({ def: c, field: c.field, source: target, sortable: c.sortable !== false });
  });
  const byField = new Map(columns.map((c) => [c.field, c]));

  const where: CompiledCondition[] = [];
  (def.query.where ?? []).forEach((w, i) => {
    const target = resolve(w.field, `/query/where/${i}/field`);
    const needsValue = w.op !== 'is_null' && w.op !== 'not_null';
    if (needsValue && w.value === undefined) add(`/query/where/${i}/value`, `条件 ${w.op} 需要 value`);
    if (target) where.push({ target, op: w.op, value: w.value });
  });

  const params = new Map<string, CompiledParam>();
  (def.params ?? []).forEach((p, i) => {
    if (params.has(p.name)) add(`/params/${i}/name`, `参数 "${p.name}" 重复`);
    const target = resolve(p.field, `/params/${i}/field`);
    if (target)
      params.set(p.name, {
        name: p.name,
        target,
        rule: p.rule ?? 'eq',
        required: !!p.required,
        default: p.default,
      });
  });

  const queryItems: CompiledQueryItem[] = [];
  (def.queryItems ?? []).forEach((q, i) => {
    const column = byField.get(q.field);
    if (!column) add(`/queryItems/${i}/field`, `报表列 "${q.field}" 不存在`);
    else if (!column.source) add(`/queryItems/${i}/field`, `常量列 "${q.field}" 不能作为查询条件`);
    else {
      const view = q.view ?? 'text';
      const rule =
        q.rule ??
        (MULTI_VIEWS.has(view)
          ? 'in'
          : TEXT_VIEWS.has(view) && column.source.type === 'string'
            ? 'like'
            : 'eq');
      queryItems.push({ item: q, target: column.source, range: q.mode === 'group', rule });
    }
  });

  let defaultSort: CompiledReport['defaultSort'] = null;
  if (def.defaultSort) {
    const c = byField.get(def.defaultSort.field);
    if (!c?.source || !c.sortable) add('/defaultSort/field', `"${def.defaultSort.field}" 不是可排序的报表列`);
    else defaultSort = { ref: c.source.ref, order: def.defaultSort.order ?? 'asc' };
  }

  if (problems.length) return { problems };
  const access: Access[] = [def.access as Access, ...(source.access ? [source.access] : [])];
  return {
    problems,
    report: {
      def,
      id: reportId(def.code),
      source,
      joins,
      columns,
      byField,
      where,
      params,
      queryItems,
      defaultSort,
      access,
      sensitive: columns.flatMap((c) => (c.source?.sensitive ? [{ field: c.field, kind: c.source.sensitive }] : [])),
    },
  };
}

const compiled = new WeakMap<Definitions, Map<string, CompiledReport>>();

/** The loaded reports by code and by id (definitions that do not compile were refused at start). */
export function compiledReports(defs: Definitions): Map<string, CompiledReport> {
  let map = compiled.get(defs);
  if (!map) {
    map = new Map();
    for (const def of defs.reports ?? []) {
      const { report } = compileReport(def, defs);
      if (!report) continue;
      map.set(def.code, report);
      map.set(report.id, report);
    }
    compiled.set(defs, map);
  }
  return map;
}
