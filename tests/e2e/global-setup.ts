import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureConsoleBuild } from '../../tools/console-build.js';
import { CHROMIUM } from './browser.js';

/**
 * Browser tests need the production build and Debian's Chromium with a CJK font. Build when stale;
 * install Chromium when missing and we may (root on these machines), otherwise say how.
 */
export default function setup() {
  ensureConsoleBuild();
  assertProductionBundle();
  if (!fs.existsSync(CHROMIUM)) {
    const isRoot = process.getuid?.() === 0;
    if (isRoot) {
      spawnSync('apt-get', ['update'], { stdio: 'inherit' });
      spawnSync('apt-get', ['install', '-y', 'chromium', 'fonts-wqy-microhei'], { stdio: 'inherit' });
    }
    if (!fs.existsSync(CHROMIUM))
      throw new Error('浏览器测试需要 Debian 的 chromium：请运行 apt-get install -y chromium fonts-wqy-microhei');
  }
}

/** Browser tests and benchmarks must measure what users get, never React's development build. */
function assertProductionBundle() {
  const assets = path.resolve('dist/client/assets');
  for (const f of fs.readdirSync(assets).filter((n) => n.endsWith('.js'))) {
    if (fs.readFileSync(path.join(assets, f), 'utf8').includes('Download the React DevTools'))
      throw new Error(`dist/client 含有 React 开发版（${f}）：请用 NODE_ENV=production 重新构建（删除 dist 后重跑）`);
  }
}
