import type { StatDefinition, StatMeasure, StatParam } from '../../../shared/schema-types.js';
import type { Access } from '../../http/access.js';
import type { Definitions } from '../../definitions/load.js';
import type { FieldSpec } from '../../lib/list-query.js';
import { statSources, type StatSource } from './sources.js';

export type Bucket = NonNullable<NonNullable<StatDefinition['dimensions']>[number]['bucket']>;

export interface CompiledDimension {
  key: string;
  field: string;
  title: string;
  spec: FieldSpec;
  bucket?: Bucket;
  /** Age buckets (账龄): ascending day bounds, see ages.ts. */
  ages?: number[];
  /** A reference to another entity: its display text may be masked differently per caller. */
  ref?: boolean;
}

export interface CompiledMeasure {
  key: string;
  title: string;
  op: StatMeasure['op'];
  field?: string;
  of?: [string, string];
  precision: number;
  /** Shown as a percentage by the console. */
  percent?: true;
}

export interface CompiledParam {
  name: string;
  type: StatParam['type'];
  field: string;
  spec: FieldSpec;
  required: boolean;
  default?: StatParam['default'];
}

/** What the endpoint needs of one statistic, resolved once against its source. */
export interface CompiledStat {
  def: StatDefinition;
  source: StatSource;
  access: Access;
  dimensions: CompiledDimension[];
  measures: CompiledMeasure[];
  params: CompiledParam[];
  /** The definition's fixed filters as list-query parameters (strings). */
  filters: Record<string, string>;
  sort: { by: string; order: 'asc' | 'desc' } | null;
  limit: number;
  cacheSeconds: number;
  /** The dateRange parameter compared with its previous period. */
  compare: CompiledParam | null;
}

export interface StatProblem {
  pointer: string;
  message: string;
}

const TYPE_NAMES: Record<FieldSpec['type'], string> = {
  string: '文本',
  number: '数字',
  date: '日期',
  datetime: '日期时间',
};
const NUMERIC_OPS = new Set(['sum', 'avg', 'min', 'max']);
const DATE_TYPES = new Set(['date', 'datetime']);

/**
 * Resolves a definition against its source: every field must be a readable field of the source, every
 * sum/avg/min/max field numeric, every bucket a date, every sort key a measure or a dimension. Returns
 * the problems instead of throwing, so the definition check names them all with their JSON pointers.
 */
export function compileStat(
  def: StatDefinition,
  defs: Definitions,
): { stat?: CompiledStat; problems: StatProblem[] } {
  const problems: StatProblem[] = [];
  const add = (pointer: string, message: string) => problems.push({ pointer, message });
  const source = statSources(defs).get(def.source);
  if (!source) {
    add('/source', `数据源 "${def.source}" 不在允许列表中（实体或 sys_user、sys_depart、sys_announcement）`);
    return { problems };
  }
  const field = (name: string, pointer: string): FieldSpec | null => {
    const spec = Object.prototype.hasOwnProperty.call(source.fields, name) ? source.fields[name] : undefined;
    if (!spec) add(pointer, `数据源 ${source.name} 没有可统计的字段 "${name}"`);
    return spec ?? null;
  };
  // A title left out is the entity field's own (system tables have none: their definitions give one).
  const titleOf = (name: string) => source.entity?.fields.find((f) => f.name === name)?.title ?? name;
  const keys = new Set<string>();
  const claim = (key: string, pointer: string) => {
    if (keys.has(key)) add(pointer, `键 "${key}" 重复（维度与指标的键不能相同）`);
    keys.add(key);
  };

  const dimensions: CompiledDimension[] = [];
  (def.dimensions ?? []).forEach((d, i) => {
    const at = `/dimensions/${i}`;
    const key = d.key ?? d.field;
    claim(key, d.key ? `${at}/key` : `${at}/field`);
    const spec = field(d.field, `${at}/field`);
    if (!spec) return;
    if (d.bucket && !DATE_TYPES.has(spec.type))
      add(`${at}/bucket`, `按${d.bucket}分组需要日期字段，"${d.field}" 是${TYPE_NAMES[spec.type]}字段`);
    if (d.ages) {
      if (d.bucket) add(`${at}/ages`, '账龄分组不能与 bucket 同时使用');
      if (!DATE_TYPES.has(spec.type))
        add(`${at}/ages`, `账龄分组需要日期字段，"${d.field}" 是${TYPE_NAMES[spec.type]}字段`);
      if (d.ages.some((b, j) => j > 0 && b <= d.ages![j - 1])) add(`${at}/ages`, '账龄分界应严格递增');
    }
    dimensions.push({
      key,
      field: d.field,
      title: d.title ?? titleOf(d.field),
      spec,
      ...(d.bucket ? { bucket: d.bucket } : {}),
      ...(d.ages ? { ages: d.ages } : {}),
      ...(source.entity?.fields.some((f) => f.name === d.field && f.ref) ? { ref: true } : {}),
    });
  });

  const measures: CompiledMeasure[] = [];
  def.measures.forEach((m, i) => {
    const at = `/measures/${i}`;
    claim(m.key, `${at}/key`);
    const base = {
      key: m.key,
      title: m.title ?? (m.field ? titleOf(m.field) : m.key),
      op: m.op,
      precision: m.precision ?? 2,
      ...(m.percent ? { percent: true as const } : {}),
    };
    if (m.op === 'count') {
      if (m.field !== undefined) add(`${at}/field`, 'count 统计行数，不需要 field');
      measures.push(base);
      return;
    }
    if (m.op === 'ratio') {
      if (!m.of) add(at, 'ratio 需要 of：[分子指标, 分母指标]');
      else
        m.of.forEach((k, j) => {
          const other = def.measures.find((x) => x.key === k);
          if (!other) add(`${at}/of/${j}`, `指标 "${k}" 不存在`);
          else if (other.op === 'ratio') add(`${at}/of/${j}`, `比率不能引用另一个比率 "${k}"`);
        });
      measures.push({ ...base, of: m.of as [string, string] });
      return;
    }
    if (m.field === undefined) {
      add(at, `${m.op} 需要 field`);
      return;
    }
    const spec = field(m.field, `${at}/field`);
    if (spec && NUMERIC_OPS.has(m.op) && spec.type !== 'number')
      add(`${at}/field`, `${m.op} 只能用于数字字段，"${m.field}" 是${TYPE_NAMES[spec.type]}字段`);
    measures.push({ ...base, field: m.field });
  });

  const params: CompiledParam[] = [];
  (def.params ?? []).forEach((p, i) => {
    const at = `/params/${i}`;
    if (params.some((x) => x.name === p.name)) add(`${at}/name`, `参数 "${p.name}" 重复`);
    const name =
      p.field ??
      (p.type === 'department' ? (source.fields.sysOrgCode ? 'sysOrgCode' : 'orgCode') : undefined);
    if (!name) {
      add(at, `${p.type} 参数需要 field`);
      return;
    }
    const spec = field(name, p.field ? `${at}/field` : at);
    if (!spec) return;
    if (p.type === 'dateRange' && !DATE_TYPES.has(spec.type))
      add(`${at}/field`, `日期范围参数需要日期字段，"${name}" 不是`);
    if (p.type === 'dict' && !spec.dict) add(`${at}/field`, `字典参数需要有字典的字段，"${name}" 没有字典`);
    if (p.type === 'department' && spec.type !== 'string')
      add(`${at}/field`, `部门参数需要部门编码字段，"${name}" 不是文本字段`);
    if (p.default !== undefined && p.type !== 'dateRange')
      add(`${at}/default`, '只有日期范围参数可以有默认值');
    params.push({
      name: p.name,
      type: p.type,
      field: name,
      spec,
      required: !!p.required,
      default: p.default,
    });
  });

  const filters: Record<string, string> = {};
  for (const [k, v] of Object.entries(def.filters ?? {})) {
    field(k.replace(/_(begin|end)$/, ''), `/filters/${k}`);
    filters[k] = String(v);
  }

  let sort: CompiledStat['sort'] = null;
  if (def.sort) {
    const m = measures.find((x) => x.key === def.sort?.by);
    if (!m && !dimensions.some((d) => d.key === def.sort?.by))
      add('/sort/by', `"${def.sort.by}" 不是本统计的指标或维度`);
    else if (m?.op === 'ratio') add('/sort/by', `不能按比率 "${m.key}" 排序`);
    else sort = { by: def.sort.by, order: def.sort.order ?? 'desc' };
  }

  let compare: CompiledParam | null = null;
  if (def.compare === 'previousPeriod') {
    compare = params.find((p) => p.type === 'dateRange') ?? null;
    if (!compare) add('/compare', '环比需要一个日期范围参数（params 中 type 为 dateRange）');
  }
  if (problems.length) return { problems };
  return {
    problems,
    stat: {
      def,
      source,
      access: (def.permission ?? source.access) as Access,
      dimensions,
      measures,
      params,
      filters,
      sort,
      limit: def.limit ?? 50,
      cacheSeconds: def.cacheSeconds ?? 60,
      compare,
    },
  };
}

const compiled = new WeakMap<Definitions, Map<string, CompiledStat>>();

/** The loaded statistics by code (definitions that do not compile were refused at start). */
export function compiledStats(defs: Definitions): Map<string, CompiledStat> {
  let map = compiled.get(defs);
  if (!map) {
    map = new Map();
    for (const def of defs.stats ?? []) {
      const { stat } = compileStat(def, defs);
      if (stat) map.set(def.code, stat);
    }
    compiled.set(defs, map);
  }
  return map;
}
