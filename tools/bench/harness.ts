/**
 * What every browser suite of `npm run bench` shares (peers-performance.md §2.3): Debian's Chromium with
 * the background-throttling flags off, the production build of a bench page, a static server on
 * loopback, one warm-up plus N measured runs, and medians with the interquartile range.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { build } from 'vite';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
];
/** The visual set-up of §2.1 for every page. */
export const VIEWPORT = { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
}

export interface Stat {
  median: number;
  q1: number;
  q3: number;
  samples: number[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function stat(samples: number[]): Stat {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => {
    if (s.length === 0) return NaN;
    const i = (s.length - 1) * p;
    const lo = Math.floor(i);
    const hi = Math.ceil(i);
    return s[lo] + (s[hi] - s[lo]) * (i - lo);
  };
  return {
    median: round1(at(0.5)),
    q1: round1(at(0.25)),
    q3: round1(at(0.75)),
    samples: samples.map(round1),
  };
}

/** "median (q1–q3)", as every table prints a statistic. */
export const fmtStat = (s: Stat) => `${s.median} (${s.q1}–${s.q3})`;

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

export interface Verdict {
  check: string;
  value: number | string;
  pass: boolean;
}

/**
 * Run 0 warms the browser (JIT, code cache) and is not counted; each run gets its own browser context
 * from `once`. `describe` prints one progress line per run.
 */
export async function measureRuns<T>(
  runs: number,
  once: () => Promise<T>,
  describe: (sample: T, run: string) => string,
  log: (line: string) => void,
): Promise<T[]> {
  const samples: T[] = [];
  for (let i = 0; i <= runs; i++) {
    const s = await once();
    if (i > 0) samples.push(s);
    log(describe(s, i === 0 ? '预热' : `第 ${i} 次`));
  }
  return samples;
}

/** JS heap after a forced GC, in MB (CDP Performance domain: cheap, unlike tracing). */
export async function heapAfterGcMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return round1((metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / 1048576);
}

/**
 * The production build (Vite API, minified, NODE_ENV=production) of bench pages into `outDir`.
 * `inputs` names each HTML entry; paths are relative to `root`.
 */
export async function buildBenchPages(opts: {
  root: string;
  inputs: Record<string, string>;
  outDir: string;
  alias?: Record<string, string>;
  minify?: boolean;
}): Promise<void> {
  await build({
    configFile: false,
    root: opts.root,
    base: './',
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: opts.alias ?? {} },
    build: {
      outDir: opts.outDir,
      emptyOutDir: true,
      minify: opts.minify ?? true,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 5000,
      rollupOptions: {
        input: Object.fromEntries(
          Object.entries(opts.inputs).map(([name, file]) => [name, path.join(opts.root, file)]),
        ),
      },
    },
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

export interface StaticOptions {
  /** Send a file's precompressed `.gz` copy when the browser accepts gzip, as our server does. */
  gzip?: boolean;
  /** Further folders under a path prefix, e.g. `{ 'avatars/': dir }`. */
  mounts?: Record<string, string>;
  /** Answers a request itself (a JSON endpoint) and returns true; otherwise the files are served. */
  handle?: (url: URL, res: http.ServerResponse) => boolean;
}

/** Serves a build on 127.0.0.1: its files, and what `opts` add. */
export function serveStatic(
  dir: string,
  opts: StaticOptions = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (opts.handle?.(url, res)) return;
    const rel = decodeURIComponent(url.pathname).replace(/^\/+/, '') || 'index.html';
    const mount = Object.entries(opts.mounts ?? {}).find(([prefix]) => rel.startsWith(prefix));
    const [base, inside] = mount ? [mount[1], rel.slice(mount[0].length)] : [dir, rel];
    const file = path.resolve(base, inside);
    if (!file.startsWith(base) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    const headers: Record<string, string> = { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' };
    const gzip = opts.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && fs.existsSync(`${file}.gz`);
    if (gzip) headers['content-encoding'] = 'gzip';
    res.writeHead(200, headers);
    fs.createReadStream(gzip ? `${file}.gz` : file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}
