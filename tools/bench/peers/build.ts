/**
 * Keeps each peer's production build (test-output/bench/peers/<name>/dist) up to date: rebuilt by
 * build-page.ts in a child process under `nice -n 10` when the page sources, the build scripts or the
 * install are newer than the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../harness.js';
import { installMarker, peerDir, type Peer } from './install.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BUILD_PAGE = path.join(HERE, 'build-page.ts');

export const peerDist = (peer: Peer) => path.join(peerDir(peer), 'dist');

const mtime = (file: string) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/** Throws when the build fails (the caller skips that peer's row). */
export function ensurePeerBuild(peer: Peer, log: (line: string) => void): void {
  const sources = path.join(HERE, peer.name);
  const built = mtime(path.join(peerDist(peer), 'index.html'));
  const inputs = [
    installMarker(peer),
    fileURLToPath(import.meta.url),
    BUILD_PAGE,
    ...fs.readdirSync(sources).map((f) => path.join(sources, f)),
  ];
  if (built && inputs.every((f) => mtime(f) < built)) return;
  log(`  构建同行 ${peer.label} 的列表页（生产模式）…`);
  // Bare imports in the copied page resolve from the peer's own node_modules.
  const srcCopy = path.join(peerDir(peer), 'src');
  fs.rmSync(srcCopy, { recursive: true, force: true });
  fs.cpSync(sources, srcCopy, { recursive: true });
  // NODE_ENV=production: a shell or test runner may have set another, and the peer must get React's
  // production build.
  const res = spawnSync('nice', ['-n', '10', process.execPath, '--import', 'tsx', BUILD_PAGE, peer.name], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (res.status !== 0) {
    const output = `${res.stderr ?? ''}${res.stdout ?? ''}${res.error?.message ?? ''}`.trim();
    // A failed build must not pass for a fresh one next time.
    fs.rmSync(path.join(peerDist(peer), 'index.html'), { force: true });
    throw new Error(output.split('\n').slice(0, 12).join('\n'));
  }
}
