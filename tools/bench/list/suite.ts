/**
 * List-page benchmark (peers-performance.md §2.2 a, §2.3): the console's list table (DataTable, antd
 * `virtual`) with 10,000 rows × 12 columns in memory before render, in the production build, headless
 * Chromium, one warm-up and N measured runs in a fresh browser context each. Records mount to the first
 * paint that shows row 0, long tasks and TBT during mount, the wheel-scroll frame profile (checking that
 * rows really moved and counting blank frames), DOM nodes, rendered rows and the JS heap after GC.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import {
  buildBenchPages,
  fmtStat,
  heapAfterGcMb,
  launchBrowser,
  measureRuns,
  percentile,
  serveStatic,
  stat,
  VIEWPORT,
  type Stat,
  type Verdict,
} from '../harness.js';
import { blockingTime } from '../page-probe.js';
import { LIST_COLUMNS } from './data.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export const LIST_VARIANTS = ['antd', 'plain', 'console'] as const;
export type ListVariant = (typeof LIST_VARIANTS)[number];
const LABELS: Record<ListVariant, string> = {
  antd: '同行：antd Table（virtual，仅 12 列，无本项目单元格）',
  plain: '本项目 DataTable（virtual，仅 12 列）',
  console: '本项目 DataTable（virtual，加选择列与操作列，同列表页默认）',
};

export interface ListScenario {
  variant: ListVariant;
  label: string;
  rows: number;
  columns: number;
  mountMs: Stat;
  /** Long tasks and total blocking time from navigation to the first data paint. */
  mountLongTasks: number;
  mountTbtMs: Stat;
  scrollP95Ms: Stat;
  scrollMaxMs: Stat;
  /** Share of frames over 33 ms while scrolling (median over runs). */
  slowFrameShare: number;
  /** The first visible row changed in every run. */
  scrolled: boolean;
  /** Rows the scroll moved by (median). */
  rowsScrolled: number;
  /** Most frames in one run with a blank row at the body's centre. */
  blankFrames: number;
  domNodes: number;
  renderedRows: number;
  heapMb: number;
}

export interface ListBenchResult {
  runs: number;
  chromium: string;
  scenarios: ListScenario[];
}

interface RunSample {
  mount: number;
  longTasks: number;
  tbt: number;
  scrollP95: number;
  scrollMax: number;
  slowShare: number;
  rowsMoved: number;
  blank: number;
  nodes: number;
  renderedRows: number;
  heapMb: number;
}

const rowIndex = (key: string | null) => (key ? Number(key.replace(/^row/, '')) : NaN);

async function runOnce(browser: Browser, url: string): Promise<RunSample> {
  const context = await browser.newContext(VIEWPORT);
  const page = await context.newPage();
  try {
    await page.goto(url);
    // The page's own promise: the harness waits without polling.
    const mount = await page.evaluate(() => window.__list.mounted);
    const info = await page.evaluate(() => ({
      production: window.__list.production,
      tasks: window.__list.longTasks.slice(),
      nodes: document.getElementsByTagName('*').length,
      renderedRows: document.querySelectorAll('.ant-table-tbody-virtual .ant-table-row, tr.ant-table-row')
        .length,
    }));
    if (!info.production) throw new Error('bench page is not a production build');
    const mountEnd = await page.evaluate(() => performance.getEntriesByName('mount-end')[0]?.startTime ?? 0);
    const blocking = blockingTime(info.tasks, mountEnd);
    const heapMb = await heapAfterGcMb(await context.newCDPSession(page));

    // Real wheel input over the body (rc-virtual-list handles `wheel` itself); rows must move.
    const start = await page.evaluate(() => ({
      at: window.__list.bodyCentre(),
      first: window.__list.firstVisibleRow(),
    }));
    await page.mouse.move(start.at.x, start.at.y);
    await page.waitForTimeout(200);
    await page.evaluate(() => window.__list.startFrames());
    for (let i = 0; i < 60; i++) {
      await page.mouse.wheel(0, 120);
      await page.waitForTimeout(16);
    }
    await page.waitForTimeout(100);
    const scroll = await page.evaluate(() => {
      window.__list.stopFrames();
      return {
        frames: window.__list.frames.slice(),
        blank: window.__list.blankFrames,
        first: window.__list.firstVisibleRow(),
      };
    });
    const frames = scroll.frames.slice(1);
    return {
      mount,
      longTasks: blocking.count,
      tbt: blocking.tbt,
      scrollP95: percentile(frames, 95),
      scrollMax: Math.max(...frames),
      slowShare: frames.length ? frames.filter((f) => f > 33).length / frames.length : NaN,
      rowsMoved: rowIndex(scroll.first) - rowIndex(start.first),
      blank: scroll.blank,
      nodes: info.nodes,
      renderedRows: info.renderedRows,
      heapMb,
    };
  } finally {
    await context.close();
  }
}

export interface ListBenchOptions {
  runs?: number;
  rows?: number;
  variants?: ListVariant[];
  log?: (line: string) => void;
}

/** Builds, serves and measures each variant; a new browser per variant. */
export async function runListBench({
  runs = 7,
  rows = 10000,
  variants = [...LIST_VARIANTS],
  log = console.log,
}: ListBenchOptions = {}): Promise<ListBenchResult> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-bench-list-'));
  log('构建列表基准页面（生产模式）…');
  await buildBenchPages({ root: HERE, inputs: { list: 'index.html' }, outDir });
  const server = await serveStatic(outDir);
  const scenarios: ListScenario[] = [];
  let chromiumVersion = '';
  try {
    for (const variant of variants) {
      const browser = await launchBrowser();
      chromiumVersion = browser.version();
      try {
        const url = `${server.url}/index.html?rows=${rows}&variant=${variant}`;
        const samples = await measureRuns(
          runs,
          () => runOnce(browser, url),
          (s, run) =>
            `  ${variant} ${rows} 行 ${run}：挂载 ${s.mount.toFixed(0)} ms，滚动帧 p95 ${s.scrollP95.toFixed(1)} ms，滚动 ${s.rowsMoved} 行，空白帧 ${s.blank}`,
          log,
        );
        const last = samples[samples.length - 1];
        scenarios.push({
          variant,
          label: LABELS[variant],
          rows,
          columns: LIST_COLUMNS,
          mountMs: stat(samples.map((s) => s.mount)),
          mountLongTasks: stat(samples.map((s) => s.longTasks)).median,
          mountTbtMs: stat(samples.map((s) => s.tbt)),
          scrollP95Ms: stat(samples.map((s) => s.scrollP95)),
          scrollMaxMs: stat(samples.map((s) => s.scrollMax)),
          slowFrameShare: stat(samples.map((s) => s.slowShare)).median,
          scrolled: samples.every((s) => s.rowsMoved > 0),
          rowsScrolled: stat(samples.map((s) => s.rowsMoved)).median,
          blankFrames: Math.max(...samples.map((s) => s.blank)),
          domNodes: last.nodes,
          renderedRows: last.renderedRows,
          heapMb: stat(samples.map((s) => s.heapMb)).median,
        });
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  return { runs, chromium: chromiumVersion, scenarios };
}

/** Day-one budgets of peers-performance.md for the 10,000 × 12 virtual list. */
export const LIST_BUDGETS = { mountMs: 500, scrollP95Ms: 33 };

export function listVerdicts(result: ListBenchResult): Verdict[] {
  // The peer is measured, not judged: our variants carry its figure and the ratio to it.
  const peer = result.scenarios.find((s) => s.variant === 'antd');
  const vsPeer = (ours: number, theirs: number | undefined) =>
    theirs ? `${ours}（antd Table ${theirs}，${Math.round((ours / theirs) * 100) / 100}×）` : ours;
  return result.scenarios
    .filter((s) => s.variant !== 'antd')
    .flatMap((s) => {
      const name = s.variant === 'plain' ? '仅表格' : '含选择列与操作列';
      return [
        {
          check: `列表 ${s.rows} × ${s.columns}（${name}）挂载 ≤ ${LIST_BUDGETS.mountMs} ms`,
          value: vsPeer(s.mountMs.median, peer?.mountMs.median),
          pass: s.mountMs.median <= LIST_BUDGETS.mountMs,
        },
        {
          check: `列表 ${s.rows} × ${s.columns}（${name}）滚动帧 p95 ≤ ${LIST_BUDGETS.scrollP95Ms} ms 且确实滚动`,
          value: vsPeer(s.scrollP95Ms.median, peer?.scrollP95Ms.median),
          pass: s.scrolled && s.scrollP95Ms.median <= LIST_BUDGETS.scrollP95Ms,
        },
      ];
    });
}

export function listTable(result: ListBenchResult): string {
  return [
    '| 实现 | 行 × 列 | 挂载到首次数据绘制 ms | 挂载期长任务数 / TBT ms | 滚动帧 p95 ms | 滚动帧最大 ms | >33 ms 帧占比 | 滚动行数 / 空白帧 | 渲染行数 | DOM 节点 | JS 堆 MB |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...result.scenarios.map(
      (s) =>
        `| ${s.label} | ${s.rows} × ${s.columns} | ${fmtStat(s.mountMs)} | ${s.mountLongTasks} / ${fmtStat(s.mountTbtMs)} | ${fmtStat(s.scrollP95Ms)}${s.scrolled ? '' : '（未滚动）'} | ${fmtStat(s.scrollMaxMs)} | ${Math.round(s.slowFrameShare * 100)}% | ${s.rowsScrolled} / ${s.blankFrames} | ${s.renderedRows} | ${s.domNodes} | ${s.heapMb} |`,
    ),
  ].join('\n');
}
