/**
 * `npm run dev`: the console from Vite's dev server with hot reload on PORT (8080), proxying the API to
 * the server on API_PORT (8081), restarted when its code changes; it reloads definitions itself. Every change under
 * schemas/ is checked here too: a mistake appears in the browser as Vite's error overlay (file, line,
 * message) besides the server log, and goes away when the file is fixed. A server that refused to start
 * (invalid definitions, a change that would lose data) is started again once a definition file changes.
 * The directory is watched, not the files, so editors that save by replacing a file keep being seen.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'vite';
import { checkDefinitions } from '../src/server/definitions/check.js';
import { DEFAULT_SCHEMAS_DIR } from '../src/server/definitions/load.js';
import { definitionOverlay, type OverlayError } from './dev/overlay.js';
import { refreshCompletions } from './schemas-completions.js';

const port = Number(process.env.PORT ?? 8080);
const apiPort = Number(process.env.API_PORT ?? port + 1);
process.env.VITE_API_TARGET = `http://localhost:${apiPort}`;

let server: ChildProcess | null = null;
function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: String(apiPort) },
  });
  server = child;
  child.on('exit', (code) => {
    if (server === child) server = null;
    if (restarting) {
      restarting = false;
      startServer();
    } else if (code) console.error(`服务器已退出（${code}），修改定义文件或代码后将重新启动`);
  });
}

let restarting = false;
/** Server code changed: stop the running server (its exit starts the new one) or start one. */
function restartServer() {
  restarting = true;
  if (server) server.kill('SIGTERM');
  else startServer();
}

const vite = await createServer({ server: { port, strictPort: true } });
let current: OverlayError | null = null;

function check() {
  refreshCompletions();
  const { problems } = checkDefinitions(DEFAULT_SCHEMAS_DIR);
  const was = current;
  current = problems.length ? definitionOverlay(problems) : null;
  if (current) vite.hot.send({ type: 'error', err: current });
  else if (was) vite.hot.send({ type: 'full-reload' });
  if (!current && !server) startServer();
}

// A browser that connects while a definition is broken sees the overlay at once.
vite.hot.on('connection', () => {
  if (current) vite.hot.send({ type: 'error', err: current });
});

/** Calls `then` once a burst of changes to files ending in `ext` under `dir` is over. */
function watch(dir: string, ext: string, then: () => void) {
  let timer: NodeJS.Timeout | null = null;
  fs.watch(dir, { recursive: true }, (_event, file) => {
    if (file && !String(file).endsWith(ext)) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(then, 250);
  });
}
watch(DEFAULT_SCHEMAS_DIR, '.json', check);
for (const dir of ['src/server', 'src/shared']) watch(dir, '.ts', restartServer);

await vite.listen();
startServer();
check();
console.log(`开发环境：控制台 http://localhost:${port}（热更新），接口 http://localhost:${apiPort}`);

const stop = () => {
  restarting = false;
  server?.kill('SIGTERM');
  void vite.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
