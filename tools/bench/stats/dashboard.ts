/**
 * Home dashboard first paint (issue 17 budget: every card drawn ≤ 1.0 s after navigation, cold answer
 * cache): the production server on the SQLite file the aggregate bench filled (100,000 rows per demo
 * entity), Chromium at 1440×900, signed in as admin. Each run opens /dashboard/analysis in a new browser
 * context (code downloaded: reported) and navigates to it again (code cached, the user's everyday case:
 * the budget), recording when the last card left its loading state and every chart card had drawn its
 * canvas. Beside it,
 * in the same page, the floor: the same stat requests the page made, replayed together with fetch (the
 * server's answer time with no console code at all).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startServer } from '../../../tests/e2e/browser.js';
import { signInAs } from '../../../tests/e2e/sign-in.js';
import { ensureConsoleBuild } from '../../console-build.js';
import { fmtStat, launchBrowser, measureRuns, ROOT, stat, VIEWPORT, type Stat, type Verdict } from '../harness.js';

export const DASHBOARD_BUDGET_MS = 1000;
const HOME = '/dashboard/analysis';

export interface DashboardPaintResult {
  runs: number;
  cards: number;
  charts: number;
  /** Navigation start → every card drawn, the console's code cached (a returning user). */
  allCardsMs: Stat;
  /** The same in a new browser context: the console's code downloaded too. */
  coldMs: Stat;
  /** The page's stat requests replayed together from the page (no rendering). */
  apiFloorMs: Stat;
}

/** A copy of schemas/ whose statistics never reuse an answer, so every run asks the database. */
function coldSchemas(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-bench-schemas-'));
  fs.cpSync(path.join(ROOT, 'schemas'), dir, { recursive: true });
  const statDirs = [path.join(dir, 'stats')];
  for (const m of fs.readdirSync(path.join(dir, 'modules'))) statDirs.push(path.join(dir, 'modules', m, 'stats'));
  for (const d of statDirs.filter((x) => fs.existsSync(x)))
    for (const f of fs.readdirSync(d)) {
      const file = path.join(d, f);
      const def = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      fs.writeFileSync(file, JSON.stringify({ ...def, cacheSeconds: 0 }, null, 2));
    }
  return dir;
}

interface Sample {
  /** A new browser context: nothing cached, the console's code downloaded too. */
  coldMs: number;
  /** The same context navigating again: the code cached, as for a returning user. */
  allCardsMs: number;
  apiFloorMs: number;
  cards: number;
  charts: number;
}

/** Navigates to the home dashboard and waits until every card is drawn; the time since navigation start. */
async function drawn(page: Page, url: string): Promise<{ ms: number; cards: number; charts: number }> {
  await page.goto(url);
  // Ready: the dashboard's cards are on screen, none is loading, each chart card has its canvas.
  await page.waitForFunction(
    () => {
      const cards = [...document.querySelectorAll('.dashboard-view .dashboard-card')];
      if (!cards.length) return false;
      if (cards.some((c) => c.querySelector('[aria-busy="true"], .ant-skeleton'))) return false;
      return cards
        .filter((c) => c.getAttribute('data-card-type') === 'chart')
        .every((c) => c.querySelector('canvas') || c.querySelector('.ant-empty, .ant-result'));
    },
    undefined,
    { timeout: 60_000, polling: 'raf' },
  );
  return page.evaluate(() => {
    const cards = [...document.querySelectorAll('.dashboard-view .dashboard-card')];
    return {
      ms: performance.now(),
      cards: cards.length,
      charts: cards.filter((c) => c.getAttribute('data-card-type') === 'chart').length,
    };
  });
}

async function runOnce(browser: Browser, baseUrl: string, storage: string): Promise<Sample> {
  const context = await browser.newContext({ ...VIEWPORT, storageState: JSON.parse(storage) });
  const page = await context.newPage();
  const statRequests: Array<{ url: string; headers: Record<string, string> }> = [];
  page.on('request', (r) => {
    if (r.url().includes('/sys/stats/')) statRequests.push({ url: r.url(), headers: r.headers() });
  });
  try {
    const cold = await drawn(page, `${baseUrl}${HOME}`);
    statRequests.length = 0;
    const warm = await drawn(page, `${baseUrl}${HOME}`);
    const apiFloorMs = await page.evaluate(async (requests) => {
      const t0 = performance.now();
      await Promise.all(
        requests.map((r) => fetch(r.url, { headers: r.headers, cache: 'no-store' }).then((x) => x.text())),
      );
      return performance.now() - t0;
    }, statRequests);
    return { coldMs: cold.ms, allCardsMs: warm.ms, cards: warm.cards, charts: warm.charts, apiFloorMs };
  } finally {
    await context.close();
  }
}

/** Runs against `sqliteFile` (already filled); builds the console first when its build is stale. */
export async function runDashboardPaint(
  sqliteFile: string,
  runs: number,
  log = console.log,
): Promise<DashboardPaintResult> {
  ensureConsoleBuild(log);
  const schemas = coldSchemas();
  const server = await startServer({ DATABASE_URL: `sqlite://${sqliteFile}` }, schemas);
  const browser = await launchBrowser();
  try {
    const signIn = await browser.newContext(VIEWPORT);
    const first = await signIn.newPage();
    await signInAs(first, server.url, 'admin');
    const storage = JSON.stringify(await signIn.storageState());
    await signIn.close();
    const samples = await measureRuns(
      runs,
      () => runOnce(browser, server.url, storage),
      (s, run) =>
        `  首页看板 ${run}：全部卡片 ${Math.round(s.allCardsMs)} ms（新上下文 ${Math.round(s.coldMs)} ms），接口下限 ${Math.round(s.apiFloorMs)} ms`,
      log,
    );
    return {
      runs,
      cards: samples[0].cards,
      charts: samples[0].charts,
      allCardsMs: stat(samples.map((s) => s.allCardsMs)),
      coldMs: stat(samples.map((s) => s.coldMs)),
      apiFloorMs: stat(samples.map((s) => s.apiFloorMs)),
    };
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(schemas, { recursive: true, force: true });
  }
}

export function dashboardTable(r: DashboardPaintResult): string {
  return [
    '| 页面 | 卡片 / 图表 | 全部卡片绘出 ms（代码已缓存） | 同上，新浏览器上下文（代码未缓存） | 同批统计请求直接并发 ms（下限） |',
    '|---|---|---|---|---|',
    `| ${HOME} | ${r.cards} / ${r.charts} | ${fmtStat(r.allCardsMs)} | ${fmtStat(r.coldMs)} | ${fmtStat(r.apiFloorMs)} |`,
  ].join('\n');
}

export function dashboardVerdicts(r: DashboardPaintResult): Verdict[] {
  return [
    {
      check: `首页看板全部卡片绘出 ≤ ${DASHBOARD_BUDGET_MS} ms（统计冷缓存，中位数）`,
      value: r.allCardsMs.median,
      pass: r.allCardsMs.median <= DASHBOARD_BUDGET_MS,
    },
  ];
}
