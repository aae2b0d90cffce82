/**
 * WebSocket load benchmark (issue 7): one server instance on loopback holds N authenticated notice
 * sockets (default 2,000) that send the 20 s heartbeat for a while (default 60 s); then an announcement
 * released to everyone is timed from the release request to its frame on every socket.
 * Reports delivery latency p50/p99 and the server's memory. Bounded: loopback only, at most 5,000
 * sockets and 300 s, and the whole run gives up after a fixed deadline.
 *
 *   npx tsx tools/bench/ws-load.ts [--connections 2000] [--seconds 60]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { createContext } from '../../src/server/bootstrap.js';
import { loadConfig } from '../../src/server/config.js';
import { stableId } from '../../src/server/db/menu-sync.js';
import { newId } from '../../src/shared/ids.js';
import { formatDateTime } from '../../src/shared/time.js';
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_TEXT } from '../../src/shared/notices.js';

const HOST = '127.0.0.1';
const MAX_CONNECTIONS = 5000;
const MAX_SECONDS = 300;
const SOCKETS_PER_USER = 5;
const HANDSHAKE_BATCH = 100;

export interface WsLoadOptions {
  connections: number;
  seconds: number;
}

export interface WsLoadResult {
  connections: number;
  connectFailures: number;
  heartbeatsSent: number;
  heartbeatsAnswered: number;
  delivered: number;
  latencyMs: { p50: number; p99: number; max: number };
  serverRssMb: { idle: number; connected: number; afterBroadcast: number };
  connectSeconds: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The server's resident memory (Linux /proc; NaN elsewhere). */
function rssMb(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Math.round((kb / 1024) * 10) / 10;
  } catch {
    return NaN;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Prepares a data directory: migrated and seeded database, bench users in the demo tenant with
 * sessions made the way sign-in makes them (so no password hashing is timed), and the admin's session.
 */
async function prepare(dataDir: string, users: number) {
  const env = {
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_PASSES: '1',
  };
  const ctx = await createContext(loadConfig(env));
  const db = ctx.db.kysely;
  const now = formatDateTime();
  const doctorRole = stableId('role', 'doctor');
  const ids: string[] = [];
  for (let i = 0; i < users; i++) {
    const id = newId();
    ids.push(id);
    await db
      .insertInto('sysUser')
      .values({
        id,
        username: `bench${i}`,
        realname: `压测用户${i}`,
        passwordHash: 'bench-account-no-password',
        avatar: null,
        birthday: null,
        sex: 1,
        email: null,
        phone: null,
        orgCode: 'A01A01A01',
        status: 1,
        delFlag: 0,
        workNo: null,
        post: null,
        telephone: null,
        userIdentity: 1,
        departIds: null,
        relTenantIds: '1',
        userType: null,
        staffId: null,
        createBy: 'bench',
        createTime: now,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    await db.insertInto('sysUserRole').values({ id: newId(), userId: id, roleId: doctorRole }).execute();
  }
  const tokens: Array<{ userId: string; token: string }> = [];
  for (const userId of ids)
    tokens.push({ userId, token: await ctx.sessions.create(userId, 1, 'A01A01A01', 'YJY-ERP-WEB', HOST) });
  const admin = await ctx.sessions.create(stableId('user', 'admin'), 1, 'A01', 'YJY-ERP-WEB', HOST);
  await ctx.db.close();
  return { env, tokens, admin };
}

function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST, SEED_DEMO: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 60 s')), 60_000);
    child.stdout?.on('data', (d: Buffer) => {
      if (d.toString().includes('控制台已启动')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr?.on('data', (d: Buffer) => process.stderr.write(d));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

interface BenchSocket {
  ws: WebSocket;
  answered: number;
  receivedAt: number | null;
}

function connect(url: string, token: string, marker: string): Promise<BenchSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, [token]);
    const s: BenchSocket = { ws, answered: 0, receivedAt: null };
    ws.on('message', (data) => {
      const text = data.toString();
      if (text.includes('heartcheck')) s.answered++;
      else if (s.receivedAt === null && text.includes(marker)) s.receivedAt = performance.now();
    });
    ws.once('open', () => resolve(s));
    ws.once('unexpected-response', (req, res) => {
      req.destroy();
      reject(new Error(`refused ${res.statusCode}`));
    });
    ws.once('error', reject);
  });
}

export async function runWsLoad(opts: WsLoadOptions): Promise<WsLoadResult> {
  const connections = Math.max(1, Math.min(MAX_CONNECTIONS, Math.floor(opts.connections)));
  const seconds = Math.max(1, Math.min(MAX_SECONDS, Math.floor(opts.seconds)));
  const users = Math.ceil(connections / SOCKETS_PER_USER);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-ws-bench-'));
  let server: ChildProcess | null = null;
  // Never leave the server behind, whatever ends this process.
  const killServer = () => server?.kill('SIGKILL');
  process.once('exit', killServer);
  const sockets: BenchSocket[] = [];
  const timers: NodeJS.Timeout[] = [];
  try {
    const { env, tokens, admin } = await prepare(dataDir, users);
    const port = await freePort();
    server = await startServer(env, port);
    const base = `${HOST}:${port}/jeecg-boot`;
    const idle = rssMb(server.pid);
    const marker = `压测广播-${Date.now()}`;

    const started = performance.now();
    let connectFailures = 0;
    for (let i = 0; i < connections; i += HANDSHAKE_BATCH) {
      const batch = Array.from({ length: Math.min(HANDSHAKE_BATCH, connections - i) }, (_, k) => {
        const { userId, token } = tokens[Math.floor((i + k) / SOCKETS_PER_USER)];
        return connect(`ws://${base}/websocket/${userId}`, token, marker);
      });
      for (const r of await Promise.allSettled(batch)) {
        if (r.status === 'fulfilled') sockets.push(r.value);
        else connectFailures++;
      }
    }
    const connectSeconds = Math.round((performance.now() - started) / 100) / 10;

    // Heartbeats as consoles send them: every 20 s, spread over the interval.
    let heartbeatsSent = 0;
    sockets.forEach((s, i) => {
      const first = setTimeout(
        () => {
          const beat = () => {
            if (s.ws.readyState === s.ws.OPEN) {
              s.ws.send(HEARTBEAT_TEXT);
              heartbeatsSent++;
            }
          };
          beat();
          timers.push(setInterval(beat, HEARTBEAT_INTERVAL_MS));
        },
        (i * HEARTBEAT_INTERVAL_MS) / sockets.length,
      );
      timers.push(first);
    });
    await sleep(seconds * 1000);
    timers.forEach((t) => clearTimeout(t));
    await sleep(500);
    const connected = rssMb(server.pid);

    const call = async (method: string, url: string, body: unknown) => {
      const res = await fetch(`http://${base}${url}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-access-token': admin },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { success: boolean; message: string; result: { id: string } };
      if (!json.success) throw new Error(`${url}: ${json.message}`);
      return json.result;
    };
    const { id } = await call('POST', '/sys/annountCement/add', {
      titile: marker,
      msgType: 'ALL',
      msgContent: '<p>压测</p>',
    });
    const releasedAt = performance.now();
    await call('POST', '/sys/annountCement/doReleaseData', { id });
    const deadline = Date.now() + 30_000;
    while (sockets.some((s) => s.receivedAt === null) && Date.now() < deadline) await sleep(50);

    const latencies = sockets
      .filter((s) => s.receivedAt !== null)
      .map((s) => (s.receivedAt as number) - releasedAt)
      .sort((a, b) => a - b);
    return {
      connections: sockets.length,
      connectFailures,
      heartbeatsSent,
      heartbeatsAnswered: sockets.reduce((n, s) => n + s.answered, 0),
      delivered: latencies.length,
      latencyMs: {
        p50: Math.round(percentile(latencies, 50)),
        p99: Math.round(percentile(latencies, 99)),
        max: Math.round(latencies.at(-1) ?? NaN),
      },
      serverRssMb: { idle, connected, afterBroadcast: rssMb(server.pid) },
      connectSeconds,
    };
  } finally {
    timers.forEach((t) => clearTimeout(t));
    for (const s of sockets) s.ws.terminate();
    if (server && server.exitCode === null) {
      server.removeAllListeners('exit');
      server.kill('SIGTERM');
      await new Promise((r) => server?.once('exit', r));
    }
    process.off('exit', killServer);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function argValue(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) ? v : fallback;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const opts = { connections: argValue('connections', 2000), seconds: argValue('seconds', 60) };
  const guard = setTimeout(
    () => {
      console.error('基准测试超时，已终止');
      process.exit(2);
    },
    (opts.seconds + 240) * 1000,
  );
  guard.unref();
  runWsLoad(opts)
    .then((r) => {
      console.log(JSON.stringify({ bench: 'ws-load', ...opts, ...r }, null, 2));
      process.exit(r.delivered === r.connections && r.connectFailures === 0 ? 0 : 1);
    })
    .catch((err: unknown) => {
      console.error('基准测试失败：', err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
