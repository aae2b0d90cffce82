/**
 * `npm run bench`: the benchmark suites in sequence — the editable table against Formily's ArrayTable
 * (tools/bench/editable), the virtual list page (tools/bench/list), the cold load of the login and first
 * list page from the real server (tools/bench/coldload), ProTable's and amis's list pages beside our first
 * list page for bundle weight and mount (tools/bench/peers: the peers are installed under
 * test-output/bench/peers and built in the run), the 200-field form (tools/bench/form) and the WebSocket
 * notice load (tools/bench/ws-load.ts) — each printed as a table with its budget verdicts;
 * results go to test-output/bench/results.json and results.md. Numbers are for this machine
 * (DESIGN §7: budgets live in benchmarks, not in timed tests).
 *
 *   npm run bench [-- --only editable|list|coldload|peers|form|ws|stats|api[,…]] [--runs 7]
 *     [--sizes 1000,10000]
 *     [--impls ours,arraytable] [--list-rows 10000] [--list-variants antd,plain,console] [--stats-rows 100000]
 *     [--api-seconds 2]   (api: BENCH_ROWS=50000 for the quick smoke; 1,000,000 by default)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  editableTable,
  editableVerdicts,
  runEditableBench,
  type EditableBenchResult,
} from './editable/suite.js';
import { coldLoadTable, coldLoadVerdicts, runColdLoadBench, type ColdLoadResult } from './coldload/suite.js';
import { formTable, formVerdicts, runFormBench, type FormBenchResult } from './form/suite.js';
import { peersTable, peersVerdicts, runPeersBench, type PeersBenchResult } from './peers/suite.js';
import { BROWSER_ARGS, type Verdict } from './harness.js';
import {
  listTable,
  listVerdicts,
  runListBench,
  LIST_VARIANTS,
  type ListBenchResult,
  type ListVariant,
} from './list/suite.js';
import { runWsLoad, type WsLoadResult } from './ws-load.js';
import { runStatsBench, statsTable, statsVerdicts, type StatsBenchResult } from './stats/suite.js';
import { dashboardTable } from './stats/dashboard.js';
import { apiTable, apiVerdicts, runApiBench, type ApiBenchResult } from './api/suite.js';

const SUITES = ['editable', 'list', 'coldload', 'peers', 'form', 'ws', 'stats', 'api'] as const;
type Suite = (typeof SUITES)[number];
/** The key each suite's results have in results.json. */
const RESULT_KEYS: Record<Suite, string> = {
  editable: 'editable',
  list: 'list',
  coldload: 'coldLoad',
  peers: 'peers',
  form: 'form',
  ws: 'wsLoad',
  stats: 'stats',
  api: 'api',
};

const OUT_DIR = path.resolve('test-output/bench');

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function wsTable(r: WsLoadResult): string {
  return [
    '| 连接数 | 连接失败 | 心跳 发送 / 应答 | 广播送达 | 送达延迟 p50 / p99 / 最大 ms | 服务端内存 空闲 / 连接后 / 广播后 MB |',
    '|---|---|---|---|---|---|',
    `| ${r.connections} | ${r.connectFailures} | ${r.heartbeatsSent} / ${r.heartbeatsAnswered} | ${r.delivered} | ${r.latencyMs.p50} / ${r.latencyMs.p99} / ${r.latencyMs.max} | ${r.serverRssMb.idle} / ${r.serverRssMb.connected} / ${r.serverRssMb.afterBroadcast} |`,
  ].join('\n');
}

/** Prints a suite's table and verdicts, and adds them to results.md. */
function report(md: string[], title: string, table: string, verdicts: Verdict[], notes: string[] = []) {
  console.log(`\n${table}\n`);
  for (const v of verdicts) console.log(`${v.pass ? '达标' : '未达标'}  ${v.check}：${v.value}`);
  md.push(
    `## ${title}`,
    '',
    ...notes.flatMap((n) => [n, '']),
    table,
    '',
    ...verdicts.map((v) => `- ${v.pass ? '达标' : '未达标'}：${v.check}（${v.value}）`),
    '',
  );
}

async function main() {
  const onlyArg = arg('only');
  const only = onlyArg ? onlyArg.split(',') : null;
  const unknown = only?.filter((x) => !(SUITES as readonly string[]).includes(x)) ?? [];
  if (unknown.length) throw new Error(`未知的 --only：${unknown.join(',')}（可选 ${SUITES.join('|')}）`);
  const wanted = (suite: Suite) => !only || only.includes(suite);
  const runs = Number(arg('runs') ?? 7);
  const sizes = (arg('sizes') ?? '1000,10000')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const results: {
    environment: Record<string, unknown>;
    editable?: EditableBenchResult & { verdicts: Verdict[] };
    list?: ListBenchResult & { verdicts: Verdict[] };
    coldLoad?: ColdLoadResult & { verdicts: Verdict[] };
    peers?: PeersBenchResult & { verdicts: Verdict[] };
    form?: FormBenchResult & { verdicts: Verdict[] };
    wsLoad?: WsLoadResult;
    stats?: StatsBenchResult & { verdicts: Verdict[] };
    api?: ApiBenchResult & { verdicts: Verdict[] };
  } = {
    environment: {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGb: Math.round(os.totalmem() / 1e9),
      flags: BROWSER_ARGS.join(' '),
      viewport: '1440x900, deviceScaleFactor 1',
      dataDelivery:
        'editable, list and form benches: data in memory before render() (no request hook); cold load: the real server and API',
    },
  };
  const md: string[] = [
    '# 基准测试结果',
    '',
    `日期 ${results.environment.date}，Node ${process.version}，${os.cpus().length} 核。每格 1 次预热 + ${runs} 次测量，取中位数（括号内为四分位区间）。`,
    '',
  ];

  if (wanted('editable')) {
    console.log('== 可编辑表格：本项目 vs Formily ArrayTable ==');
    const impls = (arg('impls') ?? 'ours,arraytable')
      .split(',')
      .filter((x): x is 'ours' | 'arraytable' => x === 'ours' || x === 'arraytable');
    const editable = await runEditableBench({ runs, sizes, impls });
    const verdicts = editableVerdicts(editable);
    results.editable = { ...editable, verdicts };
    results.environment.chromium = editable.chromium;
    report(md, `可编辑表格（Chromium ${editable.chromium}，生产构建）`, editableTable(editable), verdicts);
  }

  if (wanted('list')) {
    console.log('\n== 列表页：10,000 行 × 12 列，虚拟滚动 ==');
    const variants = (arg('list-variants') ?? LIST_VARIANTS.join(','))
      .split(',')
      .filter((x): x is ListVariant => (LIST_VARIANTS as readonly string[]).includes(x));
    const list = await runListBench({ runs, rows: Number(arg('list-rows') ?? 10000), variants });
    const verdicts = listVerdicts(list);
    results.list = { ...list, verdicts };
    results.environment.chromium = list.chromium;
    report(md, `列表页（Chromium ${list.chromium}，生产构建）`, listTable(list), verdicts, [
      '数据在 render() 之前已在内存中（不经请求）；挂载 = 从 render() 到显示第 0 行数据的那一帧之后；滚动为 60 次真实滚轮事件（每次 120 px），记录 rAF 帧间隔，并核对首行确实变化、统计表体中心行空白的帧数。',
    ]);
  }

  if (wanted('coldload')) {
    console.log('\n== 冷启动：登录页与首个列表页 ==');
    const cold = await runColdLoadBench({ runs });
    const verdicts = coldLoadVerdicts(cold);
    results.coldLoad = { ...cold, verdicts };
    results.environment.chromium = cold.chromium;
    report(md, `冷启动（Chromium ${cold.chromium}，生产服务器）`, coldLoadTable(cold), verdicts, [
      `每次运行新建浏览器上下文、禁用缓存，网络模拟 ${cold.network}；请求头 Accept-Encoding: ${cold.acceptEncoding}。字节数为 CDP Network.loadingFinished 的 encodedDataLength（含响应头），统计到网络空闲 1 秒为止。“同批 JS：br / 未压缩”为同一批文件在 dist 中 .br 副本与原文件的大小。`,
    ]);
  }

  if (wanted('peers')) {
    console.log('\n== 同行列表页：本项目 vs ProTable vs amis（包体与挂载，冷加载）==');
    // With coldload in this run, its first list page is our row; otherwise the suite measures it itself.
    const peers = await runPeersBench({ runs, ours: results.coldLoad });
    const verdicts = peersVerdicts(peers);
    results.peers = { ...peers, verdicts };
    results.environment.chromium = peers.chromium;
    report(md, `同行列表页（Chromium ${peers.chromium}，生产构建，冷加载）`, peersTable(peers), verdicts, [
      `同行各装在 test-output/bench/peers/<名称>/ 自己的 package.json 中（版本见 results.json；amis 按 peers-performance.md §1.4 以 --legacy-peer-deps 安装），用本项目的 Vite 与 React 插件以生产模式构建（默认分包，与控制台相同的 gzip 预压缩），由本地服务器以 gzip 发送，并提供同一份 10 行用户数据的 JSON 接口。三页同一测量：每次新建浏览器上下文、禁用缓存、网络模拟 ${peers.network}；字节数为 CDP encodedDataLength，统计到网络空闲 1 秒；挂载 = 从导航开始到首个数据行出现在 DOM 中。本项目一行即同次运行冷启动测得的首个列表页（登录后）。`,
      ...peers.skipped,
    ]);
  }

  if (wanted('form')) {
    console.log('\n== 表单：200 个字段 ==');
    const form = await runFormBench({ runs });
    const verdicts = formVerdicts(form);
    results.form = { ...form, verdicts };
    results.environment.chromium = form.chromium;
    report(md, `表单（Chromium ${form.chromium}，生产构建）`, formTable(form), verdicts, [
      '本项目经渲染器的表单路径（useDefinitionForm）渲染，同行为同一表单写成的 Formily 原生 schema（同一构建、同一浏览器、交替运行）；新增模式（无初始值）；挂载 = 从 render() 到最后一个字段绘制之后；按键为在第 100 个字段（输入框）中输入 20 个字符，每次 keydown 到下一帧。',
    ]);
  }

  if (wanted('ws')) {
    console.log('\n== WebSocket 通知负载 ==');
    const ws = await runWsLoad({
      connections: Number(arg('connections') ?? 2000),
      seconds: Number(arg('seconds') ?? 60),
    });
    results.wsLoad = ws;
    const table = wsTable(ws);
    console.log(`\n${table}\n`);
    md.push('## WebSocket 通知负载', '', table, '');
  }

  if (wanted('stats')) {
    console.log('\n== 统计聚合接口：首页统计，每个实体 100,000 行，冷缓存 ==');
    const stats = await runStatsBench({
      rows: Number(arg('stats-rows') ?? 100_000),
      runs: Math.max(runs, 20),
      paintRuns: runs,
    });
    const verdicts = statsVerdicts(stats);
    results.stats = { ...stats, verdicts };
    report(md, '统计聚合接口（GET /sys/stats/<code>，冷缓存）', statsTable(stats), verdicts, [
      `每个演示实体生成 ${stats.rowsPerEntity.toLocaleString('zh-CN')} 行（SQLite 为临时目录中的文件；设置 TEST_DATABASE_URL 时另测 PostgreSQL），关闭答案缓存，经完整 API（登录态、权限、数据范围、数据规则、字典文本）各请求 ${stats.runs} 次；“手写 SQL”为同一分组的一条手写查询，即数据库本身的下限。`,
    ]);
    if (stats.dashboard)
      report(md, '首页看板首屏（Chromium，SQLite，冷缓存）', dashboardTable(stats.dashboard), [], [
        '生产服务器读同一 SQLite 文件（每个演示实体 100,000 行），管理员登录后每次重新导航到 /dashboard/analysis，计到最后一张卡片结束加载、每张图表卡片画出 canvas；右列是同页发出的全部统计请求用 fetch 直接并发重放的耗时（服务器答复的下限，无控制台代码）。',
      ]);
  }

  if (wanted('api')) {
    const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
    console.log(`\n== 列表接口：${rows.toLocaleString('zh-CN')} 个用户与 ${rows.toLocaleString('zh-CN')} 行客户，并发 1 / 10 / 50 ==`);
    const api = await runApiBench({ rows, seconds: Number(arg('api-seconds') ?? 2) });
    const verdicts = apiVerdicts(api);
    results.api = { ...api, verdicts };
    const generated = Object.entries(api.generateSeconds)
      .map(([d, s]) => `${d} ${s} s`)
      .join('，');
    report(md, `列表接口（${rows.toLocaleString('zh-CN')} 行，真实 HTTP）`, apiTable(api), verdicts, [
      `每格由 N 个客户端连续请求 ${api.seconds} 秒（keep-alive，同一进程）；“裸服务”为 node:http + 驱动，依次执行该请求时 API 实际执行的同一批 SQL（含会话与权限查询，取自同一次请求），不经框架。生成与 ANALYZE 用时：${generated}。`,
    ]);
  }

  fs.mkdirSync(OUT_DIR, { recursive: true });
  // A suite left out this time (--only) keeps its last results, with the date they were taken.
  const file = path.join(OUT_DIR, 'results.json');
  if (only && fs.existsSync(file)) {
    const previous = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof results & {
      previousRuns?: Record<string, unknown>;
    };
    const kept: Record<string, unknown> = { ...(previous.previousRuns ?? {}) };
    const fresh = results as Record<string, unknown>;
    const old = previous as Record<string, unknown>;
    for (const suite of SUITES) {
      const key = RESULT_KEYS[suite];
      if (!fresh[key] && old[key]) kept[key] = { date: previous.environment?.date, ...(old[key] as object) };
      // A suite run this time replaces what was kept of it.
      if (fresh[key]) delete kept[key];
    }
    Object.assign(results, { previousRuns: kept });
    for (const [suite, r] of Object.entries(kept))
      md.push(
        `（${suite} 本次未运行，results.json 的 previousRuns 中保留了 ${(r as { date?: string }).date ?? ''} 的结果。）`,
        '',
      );
  }
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  fs.writeFileSync(path.join(OUT_DIR, 'results.md'), `${md.join('\n')}\n`);
  console.log(`结果已写入 ${path.relative(process.cwd(), OUT_DIR)}/results.json 与 results.md`);
}

main().catch((err: unknown) => {
  console.error('基准测试失败：', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
