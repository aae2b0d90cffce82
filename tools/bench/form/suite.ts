/**
 * Form benchmark (peers-performance.md §2.2 d): a 200-field page form through the renderer's form path
 * (useDefinitionForm), mixed widgets, one in five required, 10 linkage rules, in the production build,
 * headless Chromium, one warm-up and N measured runs in a fresh browser context each. Records mount to
 * the paint of the last field, long tasks and TBT up to then, and keystroke-to-next-frame while typing
 * into field #100 (which drives a linkage rule: the harness checks that it took effect).
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
import { placeholderOf, TYPED_FIELD } from './schema.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TYPED = 'abcdefghijklmnopqrst';

export const FORM_IMPLS = ['formily', 'ours'] as const;
export type FormImpl = (typeof FORM_IMPLS)[number];
const LABELS: Record<FormImpl, string> = {
  formily: '同行：Formily 原生 schema（createSchemaField + @formily/antd-v5，联动为函数 reaction）',
  ours: '本项目表单（useDefinitionForm → Formily + @formily/antd-v5）',
};

export interface FormBenchResult {
  runs: number;
  chromium: string;
  scenarios: FormScenario[];
}

export interface FormScenario {
  impl: FormImpl;
  label: string;
  fields: number;
  required: number;
  rules: number;
  /** Form items on screen after mount. */
  itemsShown: number;
  mountMs: Stat;
  mountLongTasks: number;
  mountTbtMs: Stat;
  keyP95Ms: Stat;
  keyMaxMs: Stat;
  keystrokes: number;
  /** The typed text arrived and the rule driven by field #100 marked #101 required, in every run. */
  typedOk: boolean;
  linkageOk: boolean;
  domNodes: number;
  heapMb: number;
}

interface RunSample {
  mount: number;
  longTasks: number;
  tbt: number;
  keyP95: number;
  keyMax: number;
  keystrokes: number;
  typedOk: boolean;
  linkageOk: boolean;
  items: number;
  nodes: number;
  heapMb: number;
  fields: number;
  required: number;
  rules: number;
}

async function runOnce(browser: Browser, url: string): Promise<RunSample> {
  const context = await browser.newContext(VIEWPORT);
  const page = await context.newPage();
  try {
    await page.goto(url);
    const mount = await page.evaluate(() => window.__form.mounted);
    const info = await page.evaluate(() => ({
      production: window.__form.production,
      fields: window.__form.fields,
      required: window.__form.required,
      rules: window.__form.rules,
      tasks: window.__form.longTasks.slice(),
      mountEnd: performance.getEntriesByName('mount-end')[0]?.startTime ?? 0,
      items: window.__form.itemCount(),
      nodes: document.getElementsByTagName('*').length,
    }));
    if (!info.production) throw new Error('bench page is not a production build');
    const blocking = blockingTime(info.tasks, info.mountEnd);
    const heapMb = await heapAfterGcMb(await context.newCDPSession(page));

    const target = `字段${TYPED_FIELD + 1}`;
    const requiredBefore = await page.evaluate((t) => window.__form.requiredShown(t), target);
    const input = `input[placeholder="${placeholderOf(TYPED_FIELD)}"]`;
    await page.click(input);
    // Let the click's own work finish with the harness idle, then type.
    await page.waitForTimeout(300);
    await page.evaluate(() => (window.__form.keys.length = 0));
    await page.keyboard.type(TYPED, { delay: 60 });
    await page.waitForTimeout(300);
    const keys = await page.evaluate(() => window.__form.keys.slice());
    const typed = await page.inputValue(input);
    const requiredAfter = await page.evaluate((t) => window.__form.requiredShown(t), target);
    return {
      mount,
      longTasks: blocking.count,
      tbt: blocking.tbt,
      keyP95: percentile(keys, 95),
      keyMax: Math.max(...keys),
      keystrokes: keys.length,
      typedOk: typed === TYPED,
      linkageOk: !requiredBefore && requiredAfter,
      items: info.items,
      nodes: info.nodes,
      heapMb,
      fields: info.fields,
      required: info.required,
      rules: info.rules,
    };
  } finally {
    await context.close();
  }
}

export async function runFormBench({
  runs = 7,
  impls = [...FORM_IMPLS],
  log = console.log,
}: { runs?: number; impls?: FormImpl[]; log?: (line: string) => void } = {}): Promise<FormBenchResult> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-bench-form-'));
  log('构建表单基准页面（生产模式）…');
  await buildBenchPages({ root: HERE, inputs: { form: 'index.html' }, outDir });
  const server = await serveStatic(outDir);
  const browser = await launchBrowser();
  const scenarios: FormScenario[] = [];
  try {
    for (const impl of impls) {
      const samples = await measureRuns(
        runs,
        () => runOnce(browser, `${server.url}/index.html?impl=${impl}`),
        (s, run) =>
          `  ${impl} 表单 ${s.fields} 字段 ${run}：挂载 ${s.mount.toFixed(0)} ms，按键 p95 ${s.keyP95.toFixed(1)} ms（${s.keystrokes} 次），联动${s.linkageOk ? '生效' : '未生效'}`,
        log,
      );
      const last = samples[samples.length - 1];
      scenarios.push({
        impl,
        label: LABELS[impl],
        fields: last.fields,
        required: last.required,
        rules: last.rules,
        itemsShown: last.items,
        mountMs: stat(samples.map((s) => s.mount)),
        mountLongTasks: stat(samples.map((s) => s.longTasks)).median,
        mountTbtMs: stat(samples.map((s) => s.tbt)),
        keyP95Ms: stat(samples.map((s) => s.keyP95)),
        keyMaxMs: stat(samples.map((s) => s.keyMax)),
        keystrokes: Math.min(...samples.map((s) => s.keystrokes)),
        typedOk: samples.every((s) => s.typedOk),
        linkageOk: samples.every((s) => s.linkageOk),
        domNodes: last.nodes,
        heapMb: stat(samples.map((s) => s.heapMb)).median,
      });
    }
    return { runs, chromium: browser.version(), scenarios };
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

/** Day-one budgets of peers-performance.md for the 200-field form. */
export const FORM_BUDGETS = { mountMs: 800, keyP95Ms: 50 };

export function formVerdicts(result: FormBenchResult): Verdict[] {
  const r = result.scenarios.find((s) => s.impl === 'ours');
  if (!r) return [];
  const peer = result.scenarios.find((s) => s.impl === 'formily');
  const vsPeer = (ours: number, theirs: number | undefined) =>
    theirs ? `${ours}（同行 ${theirs}，${Math.round((ours / theirs) * 100) / 100}×）` : ours;
  return [
    {
      check: `${r.fields} 字段表单挂载 ≤ ${FORM_BUDGETS.mountMs} ms`,
      value: vsPeer(r.mountMs.median, peer?.mountMs.median),
      pass: r.mountMs.median <= FORM_BUDGETS.mountMs,
    },
    {
      check: `第 ${TYPED_FIELD} 个字段按键到绘制 p95 ≤ ${FORM_BUDGETS.keyP95Ms} ms（输入完整送达）`,
      value: vsPeer(r.keyP95Ms.median, peer?.keyP95Ms.median),
      pass: r.typedOk && r.keyP95Ms.median <= FORM_BUDGETS.keyP95Ms,
    },
    ...result.scenarios.map((s) => ({
      check: `${s.impl === 'ours' ? '本项目' : '同行'}：联动规则随输入生效（第 ${TYPED_FIELD + 1} 个字段变为必填）`,
      value: String(s.linkageOk),
      pass: s.linkageOk,
    })),
  ];
}

export function formTable(result: FormBenchResult): string {
  return [
    '| 实现 | 字段 / 必填 / 联动规则 | 显示的表单项 | 挂载 ms | 挂载期长任务数 / TBT ms | 按键 p95 ms | 按键最大 ms | 按键数 | DOM 节点 | JS 堆 MB |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...result.scenarios.map(
      (r) =>
        `| ${r.label} | ${r.fields} / ${r.required} / ${r.rules} | ${r.itemsShown} | ${fmtStat(r.mountMs)} | ${r.mountLongTasks} / ${fmtStat(r.mountTbtMs)} | ${fmtStat(r.keyP95Ms)} | ${fmtStat(r.keyMaxMs)} | ${r.keystrokes} | ${r.domNodes} | ${r.heapMb} |`,
    ),
  ].join('\n');
}
