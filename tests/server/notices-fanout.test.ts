import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { createContext } from '../../src/server/bootstrap.js';
import { loadConfig } from '../../src/server/config.js';
import type { AppContext } from '../../src/server/context.js';
import { stableId } from '../../src/server/db/menu-sync.js';
import { realtimeOf } from '../../src/server/modules/ws/push.js';
import { createTestApp, type TestApp } from './harness.js';
import { openSocket, type Client } from './ws-client.js';

const PG_URL = process.env.TEST_DATABASE_URL;
const ZHANGWEI = stableId('user', 'zhangwei');
const LINA = stableId('user', 'lina');

/** A second server instance on the first one's database (same schema), as behind a load balancer. */
async function secondInstance(first: TestApp): Promise<{ app: FastifyInstance; ctx: AppContext; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-test-b-'));
  const cfg = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: first.cfg.databaseUrl,
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_PASSES: '1',
    LOG_LEVEL: 'silent',
  });
  const ctx = await createContext(cfg);
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  return { app, ctx, dataDir };
}

async function listen(app: FastifyInstance, base: string): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `ws://127.0.0.1:${address.port}${base}`;
}

// Needs a real PostgreSQL server (LISTEN/NOTIFY between processes); CI sets TEST_DATABASE_URL.
describe.skipIf(!PG_URL)('pushes across server instances through PostgreSQL LISTEN/NOTIFY', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof secondInstance>>;
  let wsB: string;
  let admin: string;
  const sockets: Client[] = [];

  beforeAll(async () => {
    a = await createTestApp(PG_URL as string);
    b = await secondInstance(a);
    await listen(a.app, a.base);
    wsB = await listen(b.app, a.base);
    await Promise.all([realtimeOf(a.ctx)?.fanout.ready(), realtimeOf(b.ctx)?.fanout.ready()]);
    admin = await a.login('admin');
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await b?.app.close();
    await b?.ctx.db.close();
    if (b) fs.rmSync(b.dataDir, { recursive: true, force: true });
    await a?.close();
  });

  it('delivers an announcement released on instance A to a socket held by instance B, and only to its user', async () => {
    // Sessions live in the shared database: a token from A opens a socket on B.
    const doctor = await a.login('zhangwei');
    const nurse = await a.login('lina');
    const onB = await openSocket(`${wsB}/websocket/${ZHANGWEI}`, [doctor]);
    const otherOnB = await openSocket(`${wsB}/websocket/${LINA}`, [nurse]);
    sockets.push(onB, otherOnB);

    const { result } = (
      await a.call({ method: 'POST', url: '/sys/annountCement/add', token: admin, payload: { titile: '跨实例推送', msgType: 'USER', userIds: ZHANGWEI } })
    ).json();
    const released = (await a.call({ method: 'POST', url: '/sys/annountCement/doReleaseData', token: admin, payload: { id: result.id } })).json();
    expect(released.success).toBe(true);

    const frame = JSON.parse(await onB.next((f) => f.includes('跨实例推送'), 5000));
    expect(frame).toMatchObject({ cmd: 'user', msgId: result.id, msgTxt: '跨实例推送' });
    // The message itself is in the shared database, so B answers the bell too.
    const count = await b.app.inject({ method: 'GET', url: `${a.base}/api/sys/msg/rec/unreadCount`, headers: { 'x-access-token': doctor } });
    expect(count.json().result).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(otherOnB.frames.some((f) => f.includes('跨实例推送'))).toBe(false);
  });

  it('closes a socket held by instance B at once when its session is revoked on instance A (issue 11 §4)', async () => {
    const doctor = await a.login('zhangwei');
    const onB = await openSocket(`${wsB}/websocket/${ZHANGWEI}`, [doctor]);
    sockets.push(onB);
    const forced = await a.call({ method: 'POST', url: '/sys/online/forceLogout', token: admin, payload: { username: 'zhangwei' } });
    expect(forced.json().success).toBe(true);
    expect(await onB.closed(5000)).toBe(4401);
  });
});
