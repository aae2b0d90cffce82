/**
 * The scale bench of the list API (issue 13 §4): BENCH_ROWS (default 1,000,000) users and erp_customer
 * rows, then list page 1, filter, sort, deep page, the organisation manager's scoped list and a cheap
 * lookup at concurrency 1, 10 and 50 over real HTTP (the clients in a thread of their own), beside a bare
 * node:http server that runs, with the driver alone, the very SQL the API ran for the same request
 * (captured from it); then a mixed load, one client's cheap lookups while 50 clients page deep, on both.
 * SQLite is a file in a temporary folder as in production (SQLITE_READERS=0 measures it without reader
 * threads); PostgreSQL runs too when TEST_DATABASE_URL is set.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { refreshStatistics } from '../../../src/server/db/statistics.js';
import { captureSelects } from '../../../tests/server/capture-selects.js';
import { createTestApp, type TestApp } from '../../../tests/server/harness.js';
import { percentile, type Verdict } from '../harness.js';
import { generateCustomers, generateUsers } from './generate.js';

export const CONCURRENCY = [1, 10, 50] as const;
/** Budgets of issue 13 (medians on this machine). */
export const BUDGET = { p99AtOneMs: 20, deepP99Ms: 50, reqPerSecAt50: 300, p99At50Ms: 200, cheapRatio: 1.5 };

interface Scenario {
  key: string;
  title: string;
  user: string;
  url: (rows: number, ids: { admin: string }) => string;
}

const SCENARIOS: Scenario[] = [
  { key: 'users', title: '用户列表 第 1 页', user: 'admin', url: () => '/sys/user/list?pageNo=1&pageSize=10' },
  { key: 'customers', title: '客户列表 第 1 页', user: 'admin', url: () => '/online/cgform/api/getData/erp_customer?pageNo=1&pageSize=10' },
  { key: 'filter', title: '用户列表 按姓名筛选', user: 'admin', url: () => `/sys/user/list?realname=${encodeURIComponent('R77')}&pageNo=1&pageSize=10` },
  { key: 'sort', title: '客户列表 按编号排序', user: 'admin', url: () => '/online/cgform/api/getData/erp_customer?column=customerNo&order=asc&pageNo=1&pageSize=10' },
  // Past the half of the table: page 20,000 at a million rows.
  { key: 'deep', title: '用户列表 深页', user: 'admin', url: (rows) => `/sys/user/list?pageNo=${Math.max(2, Math.floor(rows / 50))}&pageSize=10` },
  { key: 'scoped', title: '机构管理员 wangfang 用户列表', user: 'wangfang', url: () => '/sys/user/list?pageNo=1&pageSize=10' },
  { key: 'scopedCustomers', title: '机构管理员 wangfang 客户列表', user: 'wangfang', url: () => '/online/cgform/api/getData/erp_customer?pageNo=1&pageSize=10' },
  { key: 'cheap', title: '按 id 查用户（轻量查询）', user: 'admin', url: (_rows, ids) => `/sys/user/queryById?id=${ids.admin}` },
];

/** The mixed load: this many clients paging deep while one client makes cheap lookups. */
const MIXED_CLIENTS = 50;
const MIXED_TITLES = {
  mixedList: `混合负载：${MIXED_CLIENTS} 个客户端翻用户列表深页`,
  mixedCheap: `混合负载：同时按 id 查用户`,
};
/** Issue 13: no request's p99 above this while 50 clients page lists. */
const MIXED_P99_MS = 500;

export interface ApiCell {
  dialect: string;
  scenario: string;
  title: string;
  target: 'api' | 'bare';
  concurrency: number;
  requests: number;
  p50: number;
  p99: number;
  reqPerSec: number;
}

export interface ApiBenchResult {
  rows: number;
  seconds: number;
  generateSeconds: Record<string, number>;
  cells: ApiCell[];
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * `concurrency` clients each sending the next request as soon as the last answered, for `seconds`, from a
 * thread of their own (load.worker.mjs), as a load tool in another process would.
 */
async function load(url: string, headers: Record<string, string>, concurrency: number, seconds: number) {
  const worker = new Worker(new URL('./load.worker.mjs', import.meta.url), {
    workerData: { url, headers, concurrency, seconds },
  });
  const { latencies, elapsed } = await new Promise<{ latencies: number[]; elapsed: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  return {
    requests: latencies.length,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    reqPerSec: Math.round(latencies.length / elapsed),
  };
}

type Statement = { sql: string; parameters: readonly unknown[] };

/**
 * The bare baseline: node:http and the driver only, answering `/<scenario>` by running the statements
 * the API ran for it (no framework, session, permission or JSON shaping beyond stringify).
 */
async function bareServer(t: TestApp, statements: Map<string, Statement[]>) {
  let run: (s: Statement) => Promise<unknown>;
  let close: () => Promise<void>;
  if (t.ctx.db.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: t.ctx.db.pgUrl, max: 10 });
    run = async (s) => (await pool.query(s.sql, s.parameters as unknown[])).rows;
    close = () => pool.end();
  } else {
    const file = t.cfg.databaseUrl.replace(/^sqlite:\/\//, '');
    const raw = new Sqlite(file, { readonly: true });
    const prepared = new Map<string, Sqlite.Statement>();
    run = async (s) => {
      let stmt = prepared.get(s.sql);
      if (!stmt) prepared.set(s.sql, (stmt = raw.prepare(s.sql)));
      return stmt.all(...(s.parameters as unknown[]));
    };
    close = async () => void raw.close();
  }
  const server = http.createServer((req, res) => {
    const list = statements.get((req.url ?? '/').slice(1));
    if (!list) return void res.writeHead(404).end();
    void (async () => {
      const results: unknown[] = [];
      for (const s of list) results.push(await run(s));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, result: results.at(-1) }));
    })().catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise((r) => server.close(r));
      await close();
    },
  };
}

async function benchDialect(name: string, url: string, rows: number, seconds: number, log: (line: string) => void) {
  // SQLITE_READERS=0 measures SQLite with every query on the request thread, for comparison.
  const readers = process.env.SQLITE_READERS;
  const t = await createTestApp(url, { LOG_LEVEL: 'silent', ...(readers ? { SQLITE_READERS: readers } : {}) });
  const generateSeconds: number = await (async () => {
    const start = performance.now();
    log(`${name}：生成 ${rows.toLocaleString('zh-CN')} 个用户与 ${rows.toLocaleString('zh-CN')} 行 erp_customer …`);
    const db = t.ctx.db.kysely;
    const dict = (code: string) => t.ctx.defs.dicts.find((d) => d.code === code)?.items.map((x) => String(x.value)) ?? ['1'];
    const customer = t.ctx.defs.entities.find((e) => e.code === 'erp_customer')!;
    const dictOf = (field: string) => dict(customer.fields.find((f) => f.name === field)?.dictCode ?? '');
    await generateUsers(db, rows, log);
    await generateCustomers(db, rows, dictOf('customerType'), dictOf('level'), log);
    await refreshStatistics(t.ctx.db, { bulkLoaded: true });
    return round((performance.now() - start) / 1000);
  })();
  log(`  生成与统计信息用时 ${generateSeconds} s`);
  const cells: ApiCell[] = [];
  let bare: Awaited<ReturnType<typeof bareServer>> | null = null;
  try {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const tokens = new Map<string, string>();
    for (const u of new Set(SCENARIOS.map((s) => s.user))) tokens.set(u, await t.login(u));
    const admin = (await t.ctx.db.kysely.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;

    // The SQL of each scenario, captured from one API request as the database received it.
    const statements = new Map<string, Statement[]>();
    const capture = captureSelects();
    try {
      for (const s of SCENARIOS) {
        // Once before capturing: the SQL a repeated request runs (a deep page seeks from its anchor then).
        await t.call({ method: 'GET', url: s.url(rows, { admin }), token: tokens.get(s.user) });
        capture.state.label = s.key;
        const res = await t.call({ method: 'GET', url: s.url(rows, { admin }), token: tokens.get(s.user) });
        if (res.statusCode !== 200 || !res.json().success) throw new Error(`${s.key}: ${res.body.slice(0, 300)}`);
        statements.set(s.key, capture.state.selects.filter((c) => c.label === s.key));
      }
    } finally {
      capture.stop();
    }
    bare = await bareServer(t, statements);

    for (const s of SCENARIOS) {
      for (const c of CONCURRENCY) {
        const headers = { 'x-access-token': tokens.get(s.user)! };
        const api = await load(`${address}${t.base}${s.url(rows, { admin })}`, headers, c, seconds);
        const floor = await load(`${bare.url}/${s.key}`, {}, c, seconds);
        for (const [target, r] of [['api', api], ['bare', floor]] as const)
          cells.push({ dialect: name, scenario: s.key, title: s.title, target, concurrency: c, ...r });
        log(
          `  ${s.title} 并发 ${c}：API p50 ${api.p50} / p99 ${api.p99} ms，${api.reqPerSec} 次/秒；裸服务 p50 ${floor.p50} / p99 ${floor.p99} ms，${floor.reqPerSec} 次/秒`,
        );
      }
    }

    // Mixed load: one client's cheap lookups while 50 clients page deep into the user list.
    const url = (key: string) => SCENARIOS.find((s) => s.key === key)!.url(rows, { admin });
    const headers = { 'x-access-token': tokens.get('admin')! };
    const [apiBusy, apiCheap] = await Promise.all([
      load(`${address}${t.base}${url('deep')}`, headers, MIXED_CLIENTS, seconds),
      load(`${address}${t.base}${url('cheap')}`, headers, 1, seconds),
    ]);
    const [bareBusy, bareCheap] = await Promise.all([
      load(`${bare.url}/deep`, {}, MIXED_CLIENTS, seconds),
      load(`${bare.url}/cheap`, {}, 1, seconds),
    ]);
    for (const [scenario, title, api, floor] of [
      ['mixedList', MIXED_TITLES.mixedList, apiBusy, bareBusy],
      ['mixedCheap', MIXED_TITLES.mixedCheap, apiCheap, bareCheap],
    ] as const) {
      const concurrency = scenario === 'mixedList' ? MIXED_CLIENTS : 1;
      cells.push({ dialect: name, scenario, title, target: 'api', concurrency, ...api });
      cells.push({ dialect: name, scenario, title, target: 'bare', concurrency, ...floor });
      log(`  ${title}：API p50 ${api.p50} / p99 ${api.p99} ms；裸服务 p50 ${floor.p50} / p99 ${floor.p99} ms`);
    }
  } finally {
    await bare?.close();
    await t.close();
  }
  return { cells, generateSeconds };
}

export async function runApiBench(opts: { rows: number; seconds: number }, log = console.log): Promise<ApiBenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-bench-api-'));
  const result: ApiBenchResult = { rows: opts.rows, seconds: opts.seconds, generateSeconds: {}, cells: [] };
  try {
    const targets: Array<[string, string]> = [['SQLite', `sqlite://${path.join(dir, 'bench.sqlite')}`]];
    if (process.env.TEST_DATABASE_URL) targets.push(['PostgreSQL', process.env.TEST_DATABASE_URL]);
    for (const [name, url] of targets) {
      const { cells, generateSeconds } = await benchDialect(name, url, opts.rows, opts.seconds, log);
      result.cells.push(...cells);
      result.generateSeconds[name] = generateSeconds;
    }
    return result;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const cell = (r: ApiBenchResult, dialect: string, scenario: string, target: 'api' | 'bare', c: number) =>
  r.cells.find((x) => x.dialect === dialect && x.scenario === scenario && x.target === target && x.concurrency === c);

export function apiTable(r: ApiBenchResult): string {
  const lines = [
    '| 数据库 | 场景 | 并发 | API p50 / p99 ms | API 次/秒 | 裸服务 p50 / p99 ms | 裸服务 次/秒 | p50 比值 |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const x of r.cells.filter((c) => c.target === 'api')) {
    const b = cell(r, x.dialect, x.scenario, 'bare', x.concurrency);
    const ratio = b && b.p50 > 0 ? `${round(x.p50 / b.p50)}×` : '—';
    lines.push(
      `| ${x.dialect} | ${x.title} | ${x.concurrency} | ${x.p50} / ${x.p99} | ${x.reqPerSec} | ${b?.p50 ?? '—'} / ${b?.p99 ?? '—'} | ${b?.reqPerSec ?? '—'} | ${ratio} |`,
    );
  }
  return lines.join('\n');
}

/** The budgets of issue 13, each with the measured value and its ratio to the budget. */
export function apiVerdicts(r: ApiBenchResult): Verdict[] {
  const out: Verdict[] = [];
  const ratio = (value: number, budget: number) => `${value}（预算的 ${round(value / budget)} 倍）`;
  for (const dialect of Object.keys(r.generateSeconds)) {
    for (const s of SCENARIOS) {
      const one = cell(r, dialect, s.key, 'api', 1);
      const fifty = cell(r, dialect, s.key, 'api', 50);
      if (!one || !fifty) continue;
      if (s.key === 'cheap') {
        const bare = cell(r, dialect, s.key, 'bare', 1);
        const x = bare && bare.p50 > 0 ? round(one.p50 / bare.p50) : NaN;
        out.push({ check: `${dialect} ${s.title} 并发 1 p50 ≤ 裸服务的 ${BUDGET.cheapRatio} 倍`, value: `${x}×`, pass: x <= BUDGET.cheapRatio });
        continue;
      }
      const p99Budget = s.key === 'deep' ? BUDGET.deepP99Ms : BUDGET.p99AtOneMs;
      out.push({ check: `${dialect} ${s.title} 并发 1 p99 ≤ ${p99Budget} ms`, value: ratio(one.p99, p99Budget), pass: one.p99 <= p99Budget });
      if (s.key === 'deep') continue;
      out.push({
        check: `${dialect} ${s.title} 并发 50 ≥ ${BUDGET.reqPerSecAt50} 次/秒`,
        value: `${fifty.reqPerSec}（预算的 ${round(fifty.reqPerSec / BUDGET.reqPerSecAt50)} 倍）`,
        pass: fifty.reqPerSec >= BUDGET.reqPerSecAt50,
      });
      out.push({ check: `${dialect} ${s.title} 并发 50 p99 ≤ ${BUDGET.p99At50Ms} ms`, value: ratio(fifty.p99, BUDGET.p99At50Ms), pass: fifty.p99 <= BUDGET.p99At50Ms });
    }
    for (const [key, title] of Object.entries(MIXED_TITLES)) {
      const x = r.cells.find((c) => c.dialect === dialect && c.scenario === key && c.target === 'api');
      if (x) out.push({ check: `${dialect} ${title} p99 ≤ ${MIXED_P99_MS} ms`, value: ratio(x.p99, MIXED_P99_MS), pass: x.p99 <= MIXED_P99_MS });
    }
  }
  return out;
}
