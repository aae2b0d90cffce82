import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { createContext } from '../../src/server/bootstrap.js';
import { serve } from '../../src/server/serve.js';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const SCREENSHOTS = path.resolve('test-output/screenshots');

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The real production server (built console + API) on a fresh SQLite database and a free port; with
 * `schemasDir`, on those definitions instead of the shipped ones (a platform test's fixture module).
 */
export async function startServer(
  env: Record<string, string> = {},
  schemasDir?: string,
): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-e2e-'));
  const cfg = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_PASSES: '1',
    LOG_LEVEL: 'warn',
    // A few demo stories per seed (schemas/<module>/seeds): the full story count takes minutes to play.
    SEED_STORIES: '3',
    ...env,
  });
  const ctx = await createContext(cfg, schemasDir);
  const server = await serve(ctx, { port: 0, host: '127.0.0.1', watch: false, logger: false });
  return {
    url: `http://127.0.0.1:${server.port}`,
    async close() {
      await server.close();
      await ctx.db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--no-first-run'],
  });
}

/**
 * A browser context as the tests' staff member has it: a desk-sized Chinese window that prefers reduced
 * motion. Without animations nothing is clicked mid-zoom: antd starts a modal's zoom paused, and a
 * click pressed on that frame is released after the button has moved, so no click is sent at all
 * (seen on a loaded CI machine as a delete that was confirmed but never sent).
 */
export function openContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    reducedMotion: 'reduce',
    ...options,
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

export interface BrowserSuite {
  /** The file's server; `url` is there once beforeAll has run. */
  readonly server: RunningServer;
  /** Uncaught errors of every page opened through `openPage` (tests expect it to stay empty). */
  readonly errors: string[];
  /** A page in a fresh context (see openContext); the latest one is photographed when a test fails. */
  openPage(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * One server and one browser for a test file, started in beforeAll and closed in afterAll (with every
 * context opened through the suite). With `failureShots`, a failing test leaves a screenshot of the
 * latest opened page, named `<failureShots>-<first nameChars characters of the test name>`.
 */
export function useBrowserSuite(
  options: { failureShots?: string; nameChars?: number; schemas?: () => string } = {},
): BrowserSuite {
  const { failureShots, nameChars = 20 } = options;
  let running: RunningServer | undefined;
  let browser: Browser | undefined;
  let current: Page | null = null;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    running = await startServer({}, options.schemas?.());
    browser = await launchBrowser();
  });

  if (failureShots)
    afterEach(async (ctx) => {
      if (ctx.task.result?.state === 'fail' && current)
        await screenshot(current, `${failureShots}-${ctx.task.name.slice(0, nameChars)}`).catch(() => undefined);
    });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await running?.close();
  });

  const started = () => {
    if (!running) throw new Error('the browser suite has not started yet (use it inside tests and hooks)');
    return running;
  };
  return {
    server: {
      get url() {
        return started().url;
      },
      close: () => started().close(),
    },
    errors,
    async openPage(contextOptions = {}) {
      if (!browser) throw new Error('the browser suite has not started yet (use it inside tests and hooks)');
      const context = await openContext(browser, contextOptions);
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      current = page;
      return { context, page };
    },
  };
}
