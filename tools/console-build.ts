import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST_INDEX = path.join(ROOT, 'dist/client/index.html');
/** What the console bundle is built from. */
const INPUTS = ['index.html', 'vite.config.ts', 'tools/vite-precompress.ts', 'package-lock.json', 'src/client', 'src/shared', 'public'];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** True when dist/client is missing or older than any of its inputs. */
export function consoleBuildIsStale(): boolean {
  if (!fs.existsSync(DIST_INDEX)) return true;
  const built = fs.statSync(DIST_INDEX).mtimeMs;
  return INPUTS.some((p) => newestMtime(path.join(ROOT, p)) > built);
}

/** Builds the console with Vite when its build is missing or stale. */
export function ensureConsoleBuild(log: (msg: string) => void = console.log): void {
  if (!consoleBuildIsStale()) return;
  log('正在构建控制台（首次启动或源码有更新）…');
  const vite = path.join(ROOT, 'node_modules/.bin/vite');
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  const res = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit', env });
  if (res.status !== 0) throw new Error('控制台构建失败，请查看上面的输出');
}
