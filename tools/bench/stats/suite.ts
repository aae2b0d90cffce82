/**
 * Aggregate API benchmark (issue 17 budget: p95 ≤ 50 ms on SQLite and PostgreSQL, cold cache): the home
 * dashboard's statistics (schemas/stats) over 100,000 generated rows in each demo entity, asked through
 * the real API (authentication, permission, scope, data rules, dictionary text) with answer caching
 * turned off, beside the same aggregate written by hand as one SQL query (the floor the database sets).
 * SQLite is a file in a temporary folder, as in production; PostgreSQL runs when TEST_DATABASE_URL is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { EntityDefinition, EntityField } from '../../../src/shared/schema-types.js';
import { systemFields } from '../../../src/shared/entity-record.js';
import { createTestApp, type TestApp } from '../../../tests/server/harness.js';
import { percentile, type Verdict } from '../harness.js';
import { dashboardVerdicts, runDashboardPaint, type DashboardPaintResult } from './dashboard.js';

export const STATS_BUDGET_MS = 50;
const BATCH = 400;
const DEPARTS = ['A01A01A01', 'A01A01A02', 'A01A01A03', 'A01A01A04', 'A01A02A01', 'A01A03A01'];

export interface StatsTiming {
  dialect: string;
  code: string;
  rows: number;
  apiP50: number;
  apiP95: number;
  sqlP50: number;
  sqlP95: number;
}

export interface StatsBenchResult {
  rowsPerEntity: number;
  runs: number;
  timings: StatsTiming[];
  /** The home dashboard drawn in Chromium over the SQLite data (dashboard.ts). */
  dashboard?: DashboardPaintResult;
}

/** Plausible values for one generated row of an entity: dictionary fields cycle through their items. */
function generatedRow(
  entity: EntityDefinition,
  dictValues: Map<string, string[]>,
  i: number,
  equipmentIds: string[],
) {
  const day = (offset: number) =>
    new Date(Date.UTC(2024, 0, 1) + (offset % 730) * 86_400_000).toISOString().slice(0, 10);
  const row: Record<string, unknown> = {
    id: `bench${entity.code.slice(4, 8)}${String(i).padStart(20, '0')}`.slice(0, 32),
    createBy: ['admin', 'wangfang', 'liuyang'][i % 3],
    createTime: `${day(i * 7)} ${String(i % 24).padStart(2, '0')}:00:00`,
    updateBy: null,
    updateTime: null,
    tenantId: i % 10 === 9 ? 2 : 1,
    sysOrgCode: i % 10 === 9 ? 'A02A01' : DEPARTS[i % DEPARTS.length],
  };
  const own = new Set(systemFields(entity).map((f) => f.name));
  for (const k of Object.keys(row)) if (!own.has(k)) delete row[k];
  for (const f of entity.fields as EntityField[]) {
    const items = f.dictCode ? dictValues.get(f.dictCode) : undefined;
    if (f.ref) row[f.name] = equipmentIds[i % equipmentIds.length] ?? null;
    else if (items?.length) row[f.name] = items[i % items.length];
    else if (f.type === 'date') row[f.name] = day(i * 13);
    else if (f.type === 'datetime') row[f.name] = `${day(i * 13)} 08:00:00`;
    else if (f.type === 'decimal' || f.type === 'int' || f.type === 'bigint')
      row[f.name] = 1000 + ((i * 37) % 90_000);
    else if (f.type === 'text') row[f.name] = null;
    else row[f.name] = `${f.name.slice(0, 8)}${i}`.slice(0, f.length ?? 32);
  }
  return row;
}

async function fill(t: TestApp, code: string, count: number, equipmentIds: string[]) {
  const entity = t.ctx.defs.entities.find((e) => e.code === code);
  if (!entity) throw new Error(`实体 ${code} 不存在`);
  const dictValues = new Map(t.ctx.defs.dicts.map((d) => [d.code, d.items.map((x) => String(x.value))]));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = t.ctx.db.kysely as unknown as Kysely<any>;
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, j) =>
      generatedRow(entity, dictValues, start + j, equipmentIds),
    );
    await db.insertInto(code).values(rows).execute();
  }
}

/** The hand-written floor of each statistic: the same grouping in one plain SQL statement. */
const BASELINES: Record<string, RawBuilder<unknown>> = {
  customer_by_type: sql`select customer_type, count(*), sum(credit_limit) from erp_customer where tenant_id = 1 group by customer_type order by 2 desc`,
  customer_by_level: sql`select level, count(*) from erp_customer where tenant_id = 1 group by level order by 2 desc`,
  equipment_by_status: sql`select status, count(*), sum(price) from erp_equipment where tenant_id = 1 group by status order by 2 desc`,
  equipment_purchase_by_month: sql`select substr(purchase_date, 1, 7), sum(price), count(*), avg(price) from erp_equipment where tenant_id = 1 and purchase_date >= '2024-01-01' and purchase_date <= '2025-12-31' group by substr(purchase_date, 1, 7) order by 1`,
  repair_order_by_status: sql`select status, count(*), sum(total) from erp_repair_order where tenant_id = 1 group by status order by 2 desc`,
  user_by_depart: sql`select org_code, count(*) from sys_user where del_flag = 0 group by org_code order by 2 desc`,
  user_by_sex: sql`select sex, count(*) from sys_user where del_flag = 0 group by sex order by 2 desc`,
  announcement_this_month: sql`select count(*), count(distinct sender) from sys_announcement where tenant_id = 1 and del_flag = 0 and create_time >= '2026-01-01 00:00:00'`,
};
const QUERIES: Record<string, Record<string, string>> = {
  equipment_purchase_by_month: { dateRange_begin: '2024-01-01', dateRange_end: '2025-12-31' },
};

async function time(runs: number, once: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await once(); // warm-up: statement preparation and JIT, not the answer cache (it is off)
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await once();
    samples.push(performance.now() - start);
  }
  const round = (n: number) => Math.round(n * 10) / 10;
  return { p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)) };
}

async function benchDialect(
  name: string,
  url: string,
  rows: number,
  runs: number,
  log: (line: string) => void,
): Promise<StatsTiming[]> {
  const t = await createTestApp(url);
  try {
    log(`${name}：生成 ${rows.toLocaleString('zh-CN')} 行 × 3 个实体 …`);
    const equipmentIds = Array.from({ length: 1000 }, (_, i) =>
      `bencheqp${String(i).padStart(20, '0')}`.slice(0, 32),
    );
    await fill(t, 'erp_customer', rows, []);
    await fill(t, 'erp_equipment', rows, []);
    await fill(t, 'erp_repair_order', rows, equipmentIds);
    // As autovacuum leaves a settled table: statistics, and the visibility map index-only scans need.
    if (t.ctx.db.dialect === 'postgres') await sql`vacuum analyze`.execute(t.ctx.db.kysely);
    // Cold cache: every request computes its answer.
    t.ctx.defs = { ...t.ctx.defs, stats: t.ctx.defs.stats.map((s) => ({ ...s, cacheSeconds: 0 })) };
    const token = await t.login('admin');
    const out: StatsTiming[] = [];
    // The home dashboard's statistics: what the budget is about (module dashboards have their own data).
    const home = t.ctx.defs.dashboards.find((d) => d.code === 'home');
    const onHome = new Set(home?.cards.flatMap((c) => ('stat' in c && c.stat ? [c.stat] : [])) ?? []);
    for (const s of t.ctx.defs.stats.filter((x) => onHome.has(x.code))) {
      const query = QUERIES[s.code] ?? {};
      const api = await time(runs, async () => {
        const res = await t.call({ method: 'GET', url: `/sys/stats/${s.code}`, token, query });
        if (res.statusCode !== 200 || !res.json().success) throw new Error(`${s.code}: ${res.body}`);
      });
      const baseline = BASELINES[s.code];
      const plain = baseline
        ? await time(runs, () => baseline.execute(t.ctx.db.kysely.withoutPlugins()))
        : { p50: NaN, p95: NaN };
      const row: StatsTiming = {
        dialect: name,
        code: s.code,
        rows: s.source.startsWith('erp_') ? rows : 0,
        apiP50: api.p50,
        apiP95: api.p95,
        sqlP50: plain.p50,
        sqlP95: plain.p95,
      };
      log(`  ${s.code}: API p95 ${row.apiP95} ms，手写 SQL p95 ${row.sqlP95} ms`);
      out.push(row);
    }
    return out;
  } finally {
    await t.close();
  }
}

export async function runStatsBench(
  opts: { rows: number; runs: number; paintRuns: number },
  log = console.log,
): Promise<StatsBenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-bench-stats-'));
  try {
    const file = path.join(dir, 'bench.sqlite');
    const timings = await benchDialect('SQLite', `sqlite://${file}`, opts.rows, opts.runs, log);
    const dashboard = opts.paintRuns > 0 ? await runDashboardPaint(file, opts.paintRuns, log) : undefined;
    if (process.env.TEST_DATABASE_URL)
      timings.push(
        ...(await benchDialect('PostgreSQL', process.env.TEST_DATABASE_URL, opts.rows, opts.runs, log)),
      );
    return { rowsPerEntity: opts.rows, runs: opts.runs, timings, ...(dashboard ? { dashboard } : {}) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function statsTable(r: StatsBenchResult): string {
  return [
    '| 数据库 | 统计 | 源表行数 | API p50 / p95 ms | 手写 SQL p50 / p95 ms |',
    '|---|---|---|---|---|',
    ...r.timings.map(
      (x) =>
        `| ${x.dialect} | ${x.code} | ${x.rows ? x.rows.toLocaleString('zh-CN') : '演示数据'} | ${x.apiP50} / ${x.apiP95} | ${x.sqlP50} / ${x.sqlP95} |`,
    ),
  ].join('\n');
}

export function statsVerdicts(r: StatsBenchResult): Verdict[] {
  return [
    ...r.timings.map((x) => ({
      check: `${x.dialect} ${x.code} 聚合接口 p95 ≤ ${STATS_BUDGET_MS} ms（冷缓存）`,
      value: x.apiP95,
      pass: x.apiP95 <= STATS_BUDGET_MS,
    })),
    ...(r.dashboard ? dashboardVerdicts(r.dashboard) : []),
  ];
}
