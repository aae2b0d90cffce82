/**
 * Cold-load benchmark (peers-performance.md §2.2 c): the real production server (built console + API on a
 * fresh SQLite database, as the e2e tests start it) and, per run, a new browser context with the cache
 * disabled and the network emulated at 40 ms RTT and 10 Mbps (on loopback bytes cost nothing). It loads
 * the login page, signs in as admin, then loads the first list page (/isystem/user) afresh. For each page:
 * JS and CSS bytes transferred (CDP encodedDataLength, until the network has been quiet for a second),
 * how they were encoded, FCP, LCP, TBT and when the page showed its content. Requests ask for gzip only,
 * the encoding the budgets are written in; the brotli size of the same files is read from the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { submitLogin } from '../../../tests/e2e/sign-in.js';
import { startServer } from '../../../tests/e2e/browser.js';
import { ensureConsoleBuild } from '../../console-build.js';
import {
  fmtStat,
  launchBrowser,
  measureRuns,
  ROOT,
  stat,
  VIEWPORT,
  type Stat,
  type Verdict,
} from '../harness.js';
import { sumBytes, trackNetwork, type Transfer } from './network.js';

const DIST = path.join(ROOT, 'dist/client');
export const NETWORK = { latencyMs: 40, mbps: 10 };
const LIST_PATH = '/isystem/user';
/** A page counts as loaded once no request has been in flight for this long. */
export const QUIET_MS = 1000;

declare global {
  interface Window {
    __cold: { lcp: number; longTasks: Array<{ start: number; duration: number }>; ready: number };
  }
}

type PageName = 'login' | 'list';

export interface PageSample {
  jsBytes: number;
  cssBytes: number;
  otherBytes: number;
  requests: number;
  jsFiles: string[];
  encodings: string[];
  fcp: number;
  lcp: number;
  ready: number;
  tbt: number;
  /** JS requested before the content appeared (the rest is download debt). */
  jsBeforeReadyBytes: number;
}

export interface ColdPageResult {
  page: PageName;
  label: string;
  path: string;
  jsKb: Stat;
  cssKb: Stat;
  /** Document, API answers, fonts and images. */
  otherKb: Stat;
  requests: number;
  jsFiles: number;
  /** The same JS files as the build's .br copies, and uncompressed (no headers). */
  jsBrKb: number;
  jsRawKb: number;
  /** Content-Encoding of the JS responses. */
  encodings: string[];
  fcpMs: Stat;
  lcpMs: Stat;
  /** When the login form / the first table row was in the DOM (from navigation start). */
  readyMs: Stat;
  tbtMs: Stat;
  jsBeforeReadyKb: Stat;
}

export interface ColdLoadResult {
  runs: number;
  chromium: string;
  network: string;
  acceptEncoding: string;
  /**
   * The emulation check: one JS file fetched again at the end of each run, its time against the least
   * the emulated link allows (RTT + bytes at the emulated rate); loopback alone takes a few ms.
   */
  emulationProbe: { file: string; kb: number; ms: Stat; leastMs: number };
  pages: ColdPageResult[];
}

/**
 * Runs in the page before its scripts: LCP, long tasks, and the moment the page's content appears (the
 * first element matching `ready` is in the DOM).
 */
function pageProbe(ready: string) {
  const cold = { lcp: 0, longTasks: [] as Array<{ start: number; duration: number }>, ready: 0 };
  window.__cold = cold;
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) cold.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) cold.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  // No named inner functions: the harness's compiler would wrap them in a helper the page lacks.
  const mo = new MutationObserver(() => {
    if (!document.querySelector(ready)) return;
    cold.ready = performance.now();
    mo.disconnect();
  });
  mo.observe(document, { childList: true, subtree: true });
}

/** A page's numbers once its network has been quiet: what it transferred, FCP, LCP, TBT, content. */
export async function pageSample(page: Page, transfers: Transfer[]): Promise<PageSample> {
  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    lcp: window.__cold.lcp,
    ready: window.__cold.ready,
    tbt: window.__cold.longTasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
  }));
  const js = transfers.filter((t) => t.kind === 'js');
  // Request times are CDP seconds; the document request starts the page's clock (within a few ms).
  const start = transfers.find((t) => t.kind === 'document')?.sentAt ?? NaN;
  const beforeReady = js.filter((t) => (t.sentAt - start) * 1000 <= timing.ready);
  return {
    jsBytes: sumBytes(transfers, 'js'),
    cssBytes: sumBytes(transfers, 'css'),
    otherBytes: transfers.filter((t) => t.kind !== 'js' && t.kind !== 'css').reduce((s, t) => s + t.bytes, 0),
    requests: transfers.length,
    jsFiles: js.map((t) => new URL(t.url).pathname),
    encodings: [...new Set(js.map((t) => t.encoding))],
    jsBeforeReadyBytes: beforeReady.reduce((sum, t) => sum + t.bytes, 0),
    ...timing,
  };
}

interface RunSample {
  login: PageSample;
  list: PageSample;
  probe: { file: string; bytes: number; ms: number };
}

/**
 * A page in a new browser context under the cold-load conditions: gzip only, cache disabled, emulated
 * network, the probe timing when an element matching `ready` appears. The caller closes the context.
 */
export async function openColdPage(browser: Browser, ready: string) {
  const context = await browser.newContext({
    ...VIEWPORT,
    // The budgets are gzip sizes; Chromium would otherwise ask for (and get) brotli on loopback.
    extraHTTPHeaders: { 'Accept-Encoding': 'gzip, deflate' },
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(pageProbe, ready);
    const cdp = await context.newCDPSession(page);
    const net = trackNetwork(cdp);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: NETWORK.latencyMs,
      downloadThroughput: (NETWORK.mbps * 1e6) / 8,
      uploadThroughput: (NETWORK.mbps * 1e6) / 8,
    });
    return { context, page, net };
  } catch (err) {
    await context.close();
    throw err;
  }
}

async function runOnce(browser: Browser, baseUrl: string): Promise<RunSample> {
  const { context, page, net } = await openColdPage(
    browser,
    'input[placeholder="请输入用户名"], .renderer-list-page .ant-table-row',
  );
  try {
    net.reset();
    await page.goto(`${baseUrl}/user/login`);
    await page.getByPlaceholder('请输入用户名').waitFor({ timeout: 60_000 });
    await net.quiet(QUIET_MS);
    const login = await pageSample(page, net.transfers());

    await submitLogin(page, 'admin');
    await net.quiet(QUIET_MS);
    net.reset();
    await page.goto(`${baseUrl}${LIST_PATH}`);
    await page.locator('.renderer-list-page .ant-table-row').first().waitFor({ timeout: 60_000 });
    await net.quiet(QUIET_MS);
    const list = await pageSample(page, net.transfers());

    const biggest = net
      .transfers()
      .filter((t) => t.kind === 'js')
      .sort((a, b) => b.bytes - a.bytes)[0];
    const ms = await page.evaluate(async (url) => {
      const t0 = performance.now();
      await (await fetch(url, { cache: 'no-store' })).arrayBuffer();
      return performance.now() - t0;
    }, biggest.url);
    return { login, list, probe: { file: new URL(biggest.url).pathname, bytes: biggest.bytes, ms } };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Sizes of the build's files behind the URLs; also refuses React's development build. */
function distSizes(files: string[]): { br: number; raw: number } {
  let br = 0;
  let raw = 0;
  for (const file of files) {
    const full = path.join(DIST, file);
    if (!full.startsWith(DIST) || !fs.existsSync(full)) continue;
    const text = fs.readFileSync(full, 'utf8');
    if (text.includes('Download the React DevTools'))
      throw new Error(`dist/client 含有 React 开发版（${file}）：请删除 dist 后以生产模式重新构建`);
    raw += Buffer.byteLength(text);
    br += fs.existsSync(`${full}.br`) ? fs.statSync(`${full}.br`).size : NaN;
  }
  return { br, raw };
}

export async function runColdLoadBench({
  runs = 7,
  log = console.log,
}: { runs?: number; log?: (line: string) => void } = {}): Promise<ColdLoadResult> {
  ensureConsoleBuild(log);
  const server = await startServer({ CLIENT_DIST: DIST });
  const browser = await launchBrowser();
  try {
    const samples = await measureRuns(
      runs,
      () => runOnce(browser, server.url),
      (s, run) =>
        `  冷启动 ${run}：登录页 JS ${kb(s.login.jsBytes)} KB / CSS ${kb(s.login.cssBytes)} KB，FCP ${s.login.fcp.toFixed(0)} ms；列表页 JS ${kb(s.list.jsBytes)} KB / CSS ${kb(s.list.cssBytes)} KB，LCP ${s.list.lcp.toFixed(0)} ms`,
      log,
    );
    const pages: ColdPageResult[] = (['login', 'list'] as const).map((name) => {
      const all = samples.map((s) => s[name]);
      const last = all[all.length - 1];
      const sizes = distSizes(last.jsFiles);
      return {
        page: name,
        label: name === 'login' ? '登录页' : '首个列表页（登录后，用户管理）',
        path: name === 'login' ? '/user/login' : LIST_PATH,
        jsKb: stat(all.map((s) => kb(s.jsBytes))),
        cssKb: stat(all.map((s) => kb(s.cssBytes))),
        otherKb: stat(all.map((s) => kb(s.otherBytes))),
        requests: last.requests,
        jsFiles: last.jsFiles.length,
        jsBrKb: kb(sizes.br),
        jsRawKb: kb(sizes.raw),
        encodings: [...new Set(all.flatMap((s) => s.encodings))],
        fcpMs: stat(all.map((s) => s.fcp)),
        lcpMs: stat(all.map((s) => s.lcp)),
        readyMs: stat(all.map((s) => s.ready)),
        tbtMs: stat(all.map((s) => s.tbt)),
        jsBeforeReadyKb: stat(all.map((s) => kb(s.jsBeforeReadyBytes))),
      };
    });
    return {
      runs,
      chromium: browser.version(),
      network: `${NETWORK.latencyMs} ms RTT, ${NETWORK.mbps} Mbps (CDP Network.emulateNetworkConditions), cache disabled`,
      acceptEncoding: 'gzip, deflate',
      emulationProbe: {
        file: samples[0].probe.file,
        kb: kb(samples[0].probe.bytes),
        ms: stat(samples.map((s) => s.probe.ms)),
        leastMs: Math.round(NETWORK.latencyMs + ((samples[0].probe.bytes * 8) / (NETWORK.mbps * 1e6)) * 1000),
      },
      pages,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Budgets of issue 13 §5 (peers-performance.md's day-one JS budgets, with the CSS counted too). */
export const COLD_BUDGETS: Record<PageName, number> = { login: 200, list: 350 };
/** Issue 13 §5: a cold page in at most this many JS requests. */
export const COLD_MAX_JS_FILES = 30;

export function coldLoadVerdicts(r: ColdLoadResult): Verdict[] {
  const verdicts: Verdict[] = r.pages.flatMap((p) => {
    const kb = Math.round((p.jsKb.median + p.cssKb.median) * 10) / 10;
    return [
      {
        check: `${p.label} JS + CSS 传输量（gzip）≤ ${COLD_BUDGETS[p.page]} KB`,
        value: kb,
        pass: kb <= COLD_BUDGETS[p.page] && p.encodings.every((e) => e === 'gzip'),
      },
      {
        check: `${p.label} JS 文件数 ≤ ${COLD_MAX_JS_FILES}`,
        value: p.jsFiles,
        pass: p.jsFiles <= COLD_MAX_JS_FILES,
      },
    ];
  });
  const probe = r.emulationProbe;
  verdicts.push({
    check: `网络模拟生效（重取 ${probe.kb} KB 的 ${path.basename(probe.file)} 用时 ≥ 模拟链路下限 ${probe.leastMs} ms）`,
    value: probe.ms.median,
    pass: probe.ms.median >= probe.leastMs,
  });
  return verdicts;
}

export function coldLoadTable(r: ColdLoadResult): string {
  return [
    '| 页面 | JS KB（gzip 传输） | 其中内容出现前请求的 JS KB | CSS KB | 其他 KB（文档、接口、字体） | 请求数 / JS 文件数 | 同批 JS：br / 未压缩 KB | JS 编码 | FCP ms | LCP ms | 内容出现 ms | TBT ms |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...r.pages.map(
      (p) =>
        `| ${p.label} \`${p.path}\` | ${fmtStat(p.jsKb)} | ${fmtStat(p.jsBeforeReadyKb)} | ${fmtStat(p.cssKb)} | ${fmtStat(p.otherKb)} | ${p.requests} / ${p.jsFiles} | ${p.jsBrKb} / ${p.jsRawKb} | ${p.encodings.join(', ')} | ${fmtStat(p.fcpMs)} | ${fmtStat(p.lcpMs)} | ${fmtStat(p.readyMs)} | ${fmtStat(p.tbtMs)} |`,
    ),
  ].join('\n');
}
