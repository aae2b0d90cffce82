import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { loadConfig } from '../../src/server/config.js';
import { createContext } from '../../src/server/bootstrap.js';
import { serve } from '../../src/server/serve.js';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const SCREENSHOTS = path.resolve('test-output/screenshots');

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** The real production server (built console + API) on a fresh SQLite database and a free port. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-e2e-'));
  const cfg = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_PASSES: '1',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const ctx = await createContext(cfg);
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
