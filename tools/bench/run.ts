/**
 * `npm run bench`: the benchmark suites in sequence — the editable table against Formily's ArrayTable
 * (tools/bench/editable) and the WebSocket notice load (tools/bench/ws-load.ts) — each printed as a
 * table; results go to test-output/bench/results.json and results.md. Numbers are for this machine
 * (DESIGN §7: budgets live in benchmarks, not in timed tests).
 *
 *   npm run bench [-- --only editable|ws] [--runs 7] [--sizes 1000,10000] [--impls ours,arraytable]
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
import { runWsLoad, type WsLoadResult } from './ws-load.js';

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

async function main() {
  const only = arg('only');
  const runs = Number(arg('runs') ?? 7);
  const sizes = (arg('sizes') ?? '1000,10000')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const results: {
    environment: Record<string, unknown>;
    editable?: EditableBenchResult & { verdicts: ReturnType<typeof editableVerdicts> };
    wsLoad?: WsLoadResult;
  } = {
    environment: {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGb: Math.round(os.totalmem() / 1e9),
      flags:
        '--no-sandbox --disable-gpu --disable-background-networking --disable-renderer-backgrounding --disable-background-timer-throttling --disable-backgrounding-occluded-windows',
      viewport: '1440x900, deviceScaleFactor 1',
      dataDelivery: 'in memory before render()',
    },
  };
  const md: string[] = [
    '# 基准测试结果',
    '',
    `日期 ${results.environment.date}，Node ${process.version}，${os.cpus().length} 核。每格 1 次预热 + ${runs} 次测量，取中位数（括号内为四分位区间）。`,
    '',
  ];

  if (!only || only === 'editable') {
    console.log('== 可编辑表格：本项目 vs Formily ArrayTable ==');
    const impls = (arg('impls') ?? 'ours,arraytable')
      .split(',')
      .filter((x): x is 'ours' | 'arraytable' => x === 'ours' || x === 'arraytable');
    const editable = await runEditableBench({ runs, sizes, impls });
    const verdicts = editableVerdicts(editable);
    results.editable = { ...editable, verdicts };
    results.environment.chromium = editable.chromium;
    const table = editableTable(editable);
    console.log(`\n${table}\n`);
    for (const v of verdicts) console.log(`${v.pass ? '达标' : '未达标'}  ${v.check}：${v.value}`);
    md.push(
      `## 可编辑表格（Chromium ${editable.chromium}，生产构建）`,
      '',
      table,
      '',
      ...verdicts.map((v) => `- ${v.pass ? '达标' : '未达标'}：${v.check}（${v.value}）`),
      '',
    );
  }

  if (!only || only === 'ws') {
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

  fs.mkdirSync(OUT_DIR, { recursive: true });
  // A suite left out this time (--only) keeps its last results, with the date they were taken.
  const file = path.join(OUT_DIR, 'results.json');
  if (only && fs.existsSync(file)) {
    const previous = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof results & {
      previousRuns?: Record<string, unknown>;
    };
    const kept: Record<string, unknown> = { ...(previous.previousRuns ?? {}) };
    if (!results.editable && previous.editable)
      kept.editable = { date: previous.environment?.date, ...previous.editable };
    if (!results.wsLoad && previous.wsLoad)
      kept.wsLoad = { date: previous.environment?.date, ...previous.wsLoad };
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
