/**
 * Peers run, not quoted (issue 13 deliverable 6): the list page the budgets cite for Ant Design Pro's
 * ProTable and for amis, installed (install.ts) and built (build.ts) in this run, loaded cold beside our
 * first list page under the cold-load suite's own conditions and probe (coldload/suite.ts: new context,
 * cache disabled, 40 ms RTT / 10 Mbps, gzip only, bytes until the network is quiet, "content appeared" =
 * the first data row in the DOM). Our row is the cold-load suite's first list page of the same run.
 */
import type { Browser } from 'playwright-core';
import {
  NETWORK,
  QUIET_MS,
  openColdPage,
  pageSample,
  runColdLoadBench,
  type ColdLoadResult,
  type PageSample,
} from '../coldload/suite.js';
import { fmtStat, launchBrowser, measureRuns, stat, type Stat, type Verdict } from '../harness.js';
import { ensurePeerBuild, peerDist } from './build.js';
import { ensurePeerInstalled, PEERS, type Peer } from './install.js';
import { servePeer } from './serve.js';

/** Each page's first data row, the peers' counterpart of the cold-load suite's `.renderer-list-page .ant-table-row`. */
const READY: Record<Peer['name'], string> = {
  protable: '.ant-table-row',
  amis: '.cxd-Table-tr--1th',
};

export interface PeerPageResult {
  name: 'ours' | Peer['name'];
  label: string;
  /** Exact versions installed for a peer. */
  versions?: Record<string, string>;
  jsKb: Stat;
  cssKb: Stat;
  jsFiles: number;
  fcpMs: Stat;
  /** Navigation start to the first data row in the DOM. */
  mountMs: Stat;
}

export interface PeersBenchResult {
  runs: number;
  chromium: string;
  network: string;
  pages: PeerPageResult[];
  /** Why a peer has no row (install or build failed). */
  skipped: string[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function peerOnce(browser: Browser, url: string, ready: string): Promise<PageSample> {
  const { context, page, net } = await openColdPage(browser, ready);
  try {
    net.reset();
    await page.goto(`${url}/`);
    await page.locator(ready).first().waitFor({ timeout: 60_000 });
    await net.quiet(QUIET_MS);
    return await pageSample(page, net.transfers());
  } finally {
    await context.close();
  }
}

/** One peer's page served from its build, in a browser of its own: a warm-up and `runs` cold loads. */
async function measurePeer(peer: Peer, runs: number, log: (line: string) => void): Promise<PeerPageResult> {
  const server = await servePeer(peerDist(peer));
  const browser = await launchBrowser();
  try {
    const samples = await measureRuns(
      runs,
      () => peerOnce(browser, server.url, READY[peer.name]),
      (s, run) =>
        `  ${peer.label} ${run}：JS ${kb(s.jsBytes)} KB（${s.jsFiles.length} 个）/ CSS ${kb(s.cssBytes)} KB，FCP ${s.fcp.toFixed(0)} ms，首行 ${s.ready.toFixed(0)} ms`,
      log,
    );
    return {
      name: peer.name,
      label: `同行：${peer.label}`,
      versions: peer.dependencies,
      jsKb: stat(samples.map((s) => kb(s.jsBytes))),
      cssKb: stat(samples.map((s) => kb(s.cssBytes))),
      jsFiles: samples[samples.length - 1].jsFiles.length,
      fcpMs: stat(samples.map((s) => s.fcp)),
      mountMs: stat(samples.map((s) => s.ready)),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * Installs and builds every peer it can before measuring anything (no install or build while a page is
 * timed), then measures our list page (unless given) and each peer's page.
 */
export async function runPeersBench({
  runs = 7,
  ours,
  log = console.log,
}: {
  runs?: number;
  /** The cold-load suite's result when it ran earlier in this bench run. */
  ours?: ColdLoadResult;
  log?: (line: string) => void;
} = {}): Promise<PeersBenchResult> {
  const skipped: string[] = [];
  const ready: Peer[] = [];
  for (const peer of PEERS) {
    const installError = ensurePeerInstalled(peer, log);
    if (installError) {
      log(installError);
      skipped.push(installError);
      continue;
    }
    try {
      ensurePeerBuild(peer, log);
      ready.push(peer);
    } catch (err) {
      const message = `同行 ${peer.label} 构建失败，跳过该行：${err instanceof Error ? err.message : String(err)}`;
      log(message);
      skipped.push(message);
    }
  }

  const cold = ours ?? (await runColdLoadBench({ runs, log }));
  const list = cold.pages.find((p) => p.page === 'list');
  if (!list) throw new Error('冷启动结果中没有首个列表页');
  const pages: PeerPageResult[] = [
    {
      name: 'ours',
      label: `本项目：${list.label} \`${list.path}\``,
      jsKb: list.jsKb,
      cssKb: list.cssKb,
      jsFiles: list.jsFiles,
      fcpMs: list.fcpMs,
      mountMs: list.readyMs,
    },
  ];
  for (const peer of ready) {
    log(`  测量同行 ${peer.label}…`);
    pages.push(await measurePeer(peer, runs, log));
  }
  return {
    runs,
    chromium: cold.chromium,
    network: `${NETWORK.latencyMs} ms RTT, ${NETWORK.mbps} Mbps, cache disabled, Accept-Encoding: gzip, deflate`,
    pages,
    skipped,
  };
}

const weight = (p: PeerPageResult) => Math.round((p.jsKb.median + p.cssKb.median) * 10) / 10;
const ratio = (ours: number, theirs: number) => `${(ours / theirs).toFixed(2)}×`;

export function peersVerdicts(r: PeersBenchResult): Verdict[] {
  const [ours, ...peers] = r.pages;
  return peers.flatMap((p) => [
    {
      check: `首个列表页 JS + CSS 传输量（gzip）轻于 ${p.label.replace('同行：', '')}`,
      value: `${weight(ours)} KB 对 ${weight(p)} KB，${ratio(weight(ours), weight(p))}`,
      pass: weight(ours) < weight(p),
    },
    {
      check: `首个列表页挂载（首个数据行出现）快于 ${p.label.replace('同行：', '')}`,
      value: `${ours.mountMs.median} ms 对 ${p.mountMs.median} ms，${ratio(ours.mountMs.median, p.mountMs.median)}`,
      pass: ours.mountMs.median < p.mountMs.median,
    },
  ]);
}

export function peersTable(r: PeersBenchResult): string {
  const ours = r.pages[0];
  return [
    '| 页面 | JS KB（gzip 传输） | CSS KB | JS + CSS KB | JS 文件数 | FCP ms | 挂载：首个数据行出现 ms | 本项目 / 该页：JS + CSS | 本项目 / 该页：挂载 |',
    '|---|---|---|---|---|---|---|---|---|',
    ...r.pages.map((p) => {
      const ratios =
        p === ours
          ? '— | —'
          : `${ratio(weight(ours), weight(p))} | ${ratio(ours.mountMs.median, p.mountMs.median)}`;
      return `| ${p.label} | ${fmtStat(p.jsKb)} | ${fmtStat(p.cssKb)} | ${weight(p)} | ${p.jsFiles} | ${fmtStat(p.fcpMs)} | ${fmtStat(p.mountMs)} | ${ratios} |`;
    }),
  ].join('\n');
}
