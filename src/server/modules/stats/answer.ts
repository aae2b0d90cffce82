import type { FastifyRequest } from 'fastify';
import { formatDate } from '../../../shared/time.js';
import { attachDictText } from '../../lib/dict-text.js';
import type { FieldMap } from '../../lib/list-query.js';
import { childKey } from '../online/child-filter.js';
import { parentCodeOf } from '../online/children.js';
import { attachRefText } from '../online/ref-text.js';
import { isRef } from '../online/ref-lookup.js';
import { ageFilter } from './ages.js';
import type { CompiledStat } from './compile.js';
import { rangeFilter, type BoundParams, type ListParams } from './params.js';
import { bucketRange, datedFilters, previousRange } from './periods.js';
import { aggregate, type StatRow } from './query.js';
import type { RowFilter } from './sources.js';

/** The answer of GET /sys/stats/<code> (the console's chart widgets read exactly this). */
export interface StatAnswer {
  code: string;
  title: string;
  dimensions: Array<{ key: string; title: string; bucket?: string; ages?: number[] }>;
  measures: Array<{ key: string; title: string; percent?: true }>;
  rows: StatRow[];
  total: number;
  /** The list page a group opens: filters[i] is the list query of rows[i]'s group. */
  drill?: { page: string; filters: ListParams[] };
}

const groupKey = (stat: CompiledStat, row: StatRow) =>
  JSON.stringify(stat.dimensions.map((d) => row[d.key] ?? null));

/** `<key>_dictText` for dimensions with a dictionary or a reference, resolved as the lists do. */
async function withTexts(request: FastifyRequest, stat: CompiledStat, rows: StatRow[]): Promise<StatRow[]> {
  const plain = stat.dimensions.filter((d) => !d.bucket && !d.ages);
  const dicts: FieldMap = Object.fromEntries(plain.filter((d) => d.spec.dict).map((d) => [d.key, d.spec]));
  const { ctx } = request.server;
  let out = await attachDictText(ctx.db.kysely, ctx.defs, rows, dicts, request.user().tenantId);
  const entity = stat.source.entity;
  const refs = entity ? entity.fields.filter((f) => isRef(f) && plain.some((d) => d.field === f.name)) : [];
  if (entity && refs.length) {
    // The ref text helper reads rows keyed by field name; a dimension may name its key differently.
    const byField = out.map((r) => Object.fromEntries(plain.map((d) => [d.field, r[d.key]])));
    const texts = await attachRefText(request, { ...entity, fields: refs }, byField);
    out = out.map((r, i) => {
      const extra = Object.fromEntries(
        plain
          .filter((d) => refs.some((f) => f.name === d.field))
          .map((d) => [`${d.key}_dictText`, texts[i][`${d.field}_dictText`]]),
      );
      return { ...r, ...extra };
    });
  }
  return out;
}

/** The list filters that select exactly one group: the statistic's filters and parameters, and the group's values. */
function drillFilters(stat: CompiledStat, bound: BoundParams, row: StatRow, today: string): ListParams {
  const f: ListParams = Object.assign({}, datedFilters(stat.filters, today), ...bound.filters);
  for (const d of stat.dimensions) {
    const v = row[d.key];
    if (v === null || v === undefined) continue;
    if (d.ages) {
      Object.assign(f, ageFilter(d.field, d.ages, String(v), today));
      continue;
    }
    if (!d.bucket) {
      f[d.field] = String(v);
      continue;
    }
    const r = bucketRange(d.bucket, String(v), row[`${d.key}_weekStart`] as string | undefined);
    if (r) Object.assign(f, rangeFilter(d.field, r));
  }
  return onParentList(stat, f);
}

/**
 * A statistic over child rows drills into its parent's list: filters on the child's declared fields
 * (with their `_begin`/`_end`) become `<child code>.<key>` (online/child-filter.ts); filters on scope
 * columns (department, tenant) stay, as the parent carries the same ones.
 */
function onParentList(stat: CompiledStat, f: ListParams): ListParams {
  const entity = stat.source.entity;
  if (!entity || !parentCodeOf(entity)) return f;
  const own = new Set(entity.fields.map((x) => x.name));
  return Object.fromEntries(
    Object.entries(f).map(([k, v]) => [own.has(k) || own.has(k.replace(/_(begin|end)$/, '')) ? childKey(entity.code, k) : k, v]),
  );
}

/**
 * The statistic for one caller: aggregate within `visible`, names of dictionary and reference groups,
 * the previous period's measures when the statistic compares, and the drill-down filters.
 */
export async function statAnswer(
  request: FastifyRequest,
  stat: CompiledStat,
  visible: RowFilter,
  bound: BoundParams,
): Promise<StatAnswer> {
  const { db } = request.server.ctx;
  // One calendar day for the ages of the groups and of their drill filters.
  const today = formatDate();
  const current = await aggregate(db, stat, visible, bound.filters, today);
  let rows = current.rows;
  if (stat.compare) {
    const { field } = stat.compare;
    const others = bound.filters.filter((f) => !Object.keys(f).some((k) => k.startsWith(`${field}_`)));
    const previous = bound.range
      ? await aggregate(db, stat, visible, [...others, rangeFilter(field, previousRange(bound.range))], today)
      : null;
    const before = new Map((previous?.rows ?? []).map((r) => [groupKey(stat, r), r]));
    rows = rows.map((r) => {
      const p = before.get(groupKey(stat, r));
      const counted = (op: string) => op === 'count' || op === 'countDistinct';
      return {
        ...r,
        ...Object.fromEntries(
          stat.measures.map((m) => [
            `${m.key}_previous`,
            p ? p[m.key] : previous && counted(m.op) ? 0 : null,
          ]),
        ),
      };
    });
  }
  rows = await withTexts(request, stat, rows);
  const { def } = stat;
  return {
    code: def.code,
    title: def.title,
    dimensions: stat.dimensions.map((d) => ({
      key: d.key,
      title: d.title,
      ...(d.bucket ? { bucket: d.bucket } : {}),
      ...(d.ages ? { ages: d.ages } : {}),
    })),
    measures: stat.measures.map((m) => ({ key: m.key, title: m.title, ...(m.percent ? { percent: true } : {}) })),
    rows,
    total: current.total,
    ...(def.drill
      ? { drill: { page: def.drill.page, filters: rows.map((r) => drillFilters(stat, bound, r, today)) } }
      : {}),
  };
}
