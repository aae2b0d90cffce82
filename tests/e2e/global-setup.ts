import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { ensureConsoleBuild } from '../../tools/console-build.js';
import { CHROMIUM } from './browser.js';

/**
 * Browser tests need the production build and Debian's Chromium with a CJK font. Build when stale;
 * install Chromium when missing and we may (root on these machines), otherwise say how.
 */
export default function setup() {
  ensureConsoleBuild();
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
