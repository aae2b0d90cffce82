/**
 * Editable-table benchmark (peers-performance.md §2.2 b, §2.3): our grid as one Formily field against
 * Formily's ArrayTable (tier T1, 50 rows a page) with the same 20 columns, data and rules, at 1,000 and
 * 10,000 rows, in the production build, headless Chromium, one warm-up and N measured runs per cell in a
 * fresh browser context each, medians reported with the interquartile range.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import {
  buildBenchPages as buildPages,
  fmtStat,
  heapAfterGcMb,
  launchBrowser,
  percentile,
  ROOT,
  serveStatic,
  stat,
  VIEWPORT,
  type Stat,
} from '../harness.js';
import { writeAjvValidator } from './ajv-validator.js';
import { COLUMN_COUNT } from './data.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface EditableScenario {
  impl: 'ours' | 'arraytable';
  label: string;
  rows: number;
  columns: number;
  mountMs: Stat;
  keyP95Ms: Stat;
  scrollP95Ms: Stat;
  /** Share of frames over 33 ms while scrolling (median over runs). */
  slowFrameShare: number;
  /** The scroll moved the grid (in every run). */
  scrolled: boolean;
  validateMs: Stat;
  errorsFound: number;
  planted: number;
  engineMs?: Stat;
  /** The table's own pass: rules plus marking the failing cells (no form). */
  storeMs?: Stat;
  ajvMs?: Stat;
  ajvErrors?: number;
  domNodes: number;
  renderedRows: number;
  heapMb: number;
}

export interface EditableBenchResult {
  runs: number;
  chromium: string;
  scenarios: EditableScenario[];
}

/** The production build of the two bench pages into a temp dir. */
export async function buildBenchPages(outDir: string, opts: { minify?: boolean } = {}): Promise<void> {
  const ajvFile = writeAjvValidator(path.join(ROOT, 'node_modules/.cache/yjy-bench/ajv-validator.mjs'));
  await buildPages({
    root: HERE,
    inputs: { ours: 'index.html', arraytable: 'arraytable.html' },
    outDir,
    alias: { '@bench-ajv': ajvFile },
    minify: opts.minify,
  });
}

interface RunSample {
  mount: number;
  keyP95: number;
  scrollP95: number;
  slowShare: number;
  scrolled: boolean;
  validate: {
    ms: number;
    errors: number;
    storeMs?: number;
    engineMs?: number;
    engineErrors?: number;
    ajvMs?: number;
    ajvErrors?: number;
  };
  planted: number;
  nodes: number;
  renderedRows: number;
  heapMb: number;
}

const TYPED = 'abcdefghij';

/** Clicks the cell, lets the click's own work finish (idle harness), then types ten characters. */
async function typeInto(page: Page, selector: string): Promise<void> {
  await page.click(selector);
  await page.waitForTimeout(300);
  await page.evaluate(() => (window.__bench.keys.length = 0));
  await page.keyboard.type(TYPED, { delay: 60 });
}

/** One measured page load: mount, typing, scrolling, validate-all, in that order, idle harness between. */
async function runOnce(browser: Browser, url: string): Promise<RunSample> {
  const context = await browser.newContext(VIEWPORT);
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.__bench?.mountMs !== undefined, null, {
      timeout: 180_000,
      polling: 100,
    });
    const info = await page.evaluate(() => ({
      mount: window.__bench.mountMs as number,
      planted: window.__bench.planted,
      production: window.__bench.production,
      nodes: document.getElementsByTagName('*').length,
      renderedRows: document.querySelectorAll('.jet-body-row, .ant-table-tbody > tr.ant-table-row').length,
    }));
    if (!info.production) throw new Error('bench page is not a production build');
    const heapMb = await heapAfterGcMb(await context.newCDPSession(page));

    // Keystrokes: ten characters into row 1, column 2 (an Input), then into a middle row reached by scrolling.
    await typeInto(page, 'input[value="r1c1"]');
    await page.waitForTimeout(200);
    const keys = await page.evaluate(() => window.__bench.keys.slice());
    const middle = await page.evaluate(() => window.__bench.scrollToMiddle());
    await typeInto(page, middle);
    await page.waitForTimeout(200);
    keys.push(...(await page.evaluate(() => window.__bench.keys.slice())));

    // Scrolling with real wheel input over the grid; the grid must really move.
    const box = await page.evaluate(() => {
      const el = window.__bench.scroller();
      const r =
        el === document.scrollingElement
          ? { left: 0, top: 0, width: innerWidth, height: innerHeight }
          : el.getBoundingClientRect();
      return {
        x: r.left + r.width / 2,
        y: r.top + Math.min(r.height, innerHeight) / 2,
        before: el.scrollTop,
      };
    });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.mouse.move(box.x, Math.max(box.y, 200));
    await page.evaluate(() => window.__bench.startFrames());
    for (let i = 0; i < 60; i++) {
      await page.mouse.wheel(0, 120);
      await page.waitForTimeout(16);
    }
    await page.waitForTimeout(100);
    const scroll = await page.evaluate(() => {
      window.__bench.stopFrames();
      return { frames: window.__bench.frames.slice(), after: window.__bench.scroller().scrollTop };
    });
    const frames = scroll.frames.slice(1);

    const validate = await page.evaluate(() => window.__bench.validate());
    return {
      mount: info.mount,
      keyP95: percentile(keys, 95),
      scrollP95: percentile(frames, 95),
      slowShare: frames.length ? frames.filter((f) => f > 33).length / frames.length : NaN,
      scrolled: scroll.after !== box.before,
      validate,
      planted: info.planted,
      nodes: info.nodes,
      renderedRows: info.renderedRows,
      heapMb,
    };
  } finally {
    await context.close();
  }
}

export interface EditableBenchOptions {
  runs?: number;
  impls?: Array<'ours' | 'arraytable'>;
  sizes?: number[];
  log?: (line: string) => void;
}

/** Builds, serves and measures every cell of the matrix; a new browser per implementation. */
export async function runEditableBench({
  runs = 7,
  sizes = [1000, 10000],
  impls = ['ours', 'arraytable'],
  log = console.log,
}: EditableBenchOptions = {}): Promise<EditableBenchResult> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-bench-editable-'));
  log('构建基准页面（生产模式）…');
  await buildBenchPages(outDir);
  const server = await serveStatic(outDir);
  const scenarios: EditableScenario[] = [];
  let chromiumVersion = '';
  try {
    for (const impl of impls) {
      const browser = await launchBrowser();
      chromiumVersion = browser.version();
      try {
        for (const rows of sizes) {
          const url = `${server.url}/${impl === 'ours' ? 'index.html' : 'arraytable.html'}?rows=${rows}`;
          const samples: RunSample[] = [];
          for (let i = 0; i <= runs; i++) {
            const s = await runOnce(browser, url);
            // Run 0 warms the browser (JIT, code cache) and is not counted.
            if (i > 0) samples.push(s);
            log(
              `  ${impl} ${rows} 行 第 ${i === 0 ? '预热' : i} 次：挂载 ${s.mount.toFixed(0)} ms，按键 p95 ${s.keyP95.toFixed(1)} ms，校验 ${s.validate.ms.toFixed(1)} ms`,
            );
          }
          const last = samples[samples.length - 1];
          scenarios.push({
            impl,
            label:
              impl === 'ours'
                ? '本项目 EditableTable（单字段、虚拟滚动）'
                : 'Formily ArrayTable（每格一字段，分页 50）',
            rows,
            columns: COLUMN_COUNT,
            mountMs: stat(samples.map((s) => s.mount)),
            keyP95Ms: stat(samples.map((s) => s.keyP95)),
            scrollP95Ms: stat(samples.map((s) => s.scrollP95)),
            slowFrameShare: stat(samples.map((s) => s.slowShare)).median,
            scrolled: samples.every((s) => s.scrolled),
            validateMs: stat(samples.map((s) => s.validate.ms)),
            errorsFound: Math.min(...samples.map((s) => s.validate.errors)),
            planted: last.planted,
            ...(impl === 'ours'
              ? {
                  engineMs: stat(samples.map((s) => s.validate.engineMs ?? NaN)),
                  storeMs: stat(samples.map((s) => s.validate.storeMs ?? NaN)),
                  ajvMs: stat(samples.map((s) => s.validate.ajvMs ?? NaN)),
                  ajvErrors: last.validate.ajvErrors,
                }
              : {}),
            domNodes: last.nodes,
            renderedRows: last.renderedRows,
            heapMb: stat(samples.map((s) => s.heapMb)).median,
          });
        }
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

/** Budgets of peers-performance.md / issue 6 for the 10,000 × 20 table. */
export const EDITABLE_BUDGETS = { mountMs: 500, keyP95Ms: 16, validateMs: 50 };

export function editableVerdicts(result: EditableBenchResult) {
  const ours10k = result.scenarios.find((s) => s.impl === 'ours' && s.rows === 10000);
  if (!ours10k) return [];
  return [
    {
      check: '10,000 × 20 挂载 < 500 ms',
      value: ours10k.mountMs.median,
      pass: ours10k.mountMs.median < EDITABLE_BUDGETS.mountMs,
    },
    {
      check: '按键到绘制 p95 < 16 ms',
      value: ours10k.keyP95Ms.median,
      pass: ours10k.keyP95Ms.median < EDITABLE_BUDGETS.keyP95Ms,
    },
    {
      check: '全量校验 < 50 ms',
      value: ours10k.validateMs.median,
      pass: ours10k.validateMs.median < EDITABLE_BUDGETS.validateMs,
    },
    { check: '发现全部植入错误', value: ours10k.errorsFound, pass: ours10k.errorsFound === ours10k.planted },
  ];
}

export function editableTable(result: EditableBenchResult): string {
  const f = fmtStat;
  const lines = [
    `| 实现 | 行 × 列 | 挂载 ms | 按键 p95 ms | 滚动帧 p95 ms | 全量校验 ms | 发现 / 植入错误 | 渲染行数 | DOM 节点 | JS 堆 MB |`,
    `|---|---|---|---|---|---|---|---|---|---|`,
    ...result.scenarios.map(
      (s) =>
        `| ${s.label} | ${s.rows} × ${s.columns} | ${f(s.mountMs)} | ${f(s.keyP95Ms)} | ${f(s.scrollP95Ms)}${s.scrolled ? '' : '（未滚动）'} | ${f(s.validateMs)} | ${s.errorsFound} / ${s.planted} | ${s.renderedRows} | ${s.domNodes} | ${s.heapMb} |`,
    ),
  ];
  const engine = result.scenarios.filter((s) => s.engineMs && s.ajvMs);
  if (engine.length) {
    lines.push(
      '',
      '| 规则实现（同一批行，页面内） | 行数 | 规则引擎 ms | 表格全量校验（引擎＋标记单元格，不经表单）ms | ajv standalone ms（不含 only） | 规则引擎发现 / ajv 发现 |',
      '|---|---|---|---|---|---|',
    );
    for (const s of engine)
      lines.push(
        `| 解释执行的规则引擎 vs ajv 预编译 | ${s.rows} | ${f(s.engineMs as Stat)} | ${s.storeMs ? f(s.storeMs) : ''} | ${f(s.ajvMs as Stat)} | ${s.errorsFound} / ${s.ajvErrors} |`,
      );
  }
  return lines.join('\n');
}
