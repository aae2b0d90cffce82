import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../../src/server/config.js';
import { createContext } from '../../src/server/bootstrap.js';
import { buildApp } from '../../src/server/app.js';
import type { AppContext } from '../../src/server/context.js';
import { DEMO_PASSWORD } from '../../src/server/db/seed-data.js';

/**
 * The databases every server test runs on: embedded SQLite and in-process PostgreSQL (PGlite); CI adds
 * the machine's PostgreSQL server through TEST_DATABASE_URL.
 */
export const DIALECTS: Array<{ name: string; url: string }> = [
  { name: 'sqlite', url: 'sqlite://:memory:' },
  { name: 'pglite', url: 'pglite://memory' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres', url: process.env.TEST_DATABASE_URL }] : []),
];

export { DEMO_PASSWORD };

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  cfg: Config;
  base: string;
  /** Signs in and returns the token. */
  login(username: string, password?: string): Promise<string>;
  /** `app.inject` with the API base prefixed and an optional token. */
  call(opts: InjectOptions & { url: string; token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A fresh app on a fresh database (a new PostgreSQL schema on a shared server). */
export async function createTestApp(
  url: string,
  env: Record<string, string> = {},
  opts: { logs?: string[]; schemasDir?: string } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-test-'));
  let databaseUrl = url;
  let dropSchema: (() => Promise<void>) | null = null;
  if (url.startsWith('postgres')) ({ databaseUrl, dropSchema } = await freshPgSchema(url));
  const cfg = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_PASSES: '1',
    LOG_LEVEL: 'silent',
    // Seeds add their fixed records (catalogues) but play no story unless a test asks: test databases stay
    // quick to create and hold only the demo rows the tests name.
    SEED_STORIES: '0',
    ...env,
  });
  const ctx = await createContext(cfg, opts.schemasDir);
  const logs = opts.logs;
  const app = await buildApp(ctx, {
    logger: logs ? { level: 'info', stream: { write: (line: string) => void logs.push(line) } } : false,
  });
  await app.ready();
  const base = cfg.apiBase;
  const call: TestApp['call'] = ({ token, headers, url: u, ...rest }) =>
    app.inject({ ...rest, url: `${base}${u}`, headers: { ...(headers ?? {}), ...(token ? { 'x-access-token': token } : {}) } });
  return {
    app,
    ctx,
    cfg,
    base,
    call,
    async login(username, password = DEMO_PASSWORD) {
      const res = await call({ method: 'POST', url: '/sys/login', payload: { username, password } });
      const body = res.json();
      if (!body.success) throw new Error(`login ${username} failed: ${body.message}`);
      return body.result.token as string;
    },
    async close() {
      await app.close();
      await ctx.db.close();
      if (dropSchema) await dropSchema();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Each test app on a real PostgreSQL server gets its own schema, dropped afterwards. */
export async function freshPgSchema(url: string) {
  const pg = (await import('pg')).default;
  const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const sep = url.includes('?') ? '&' : '?';
  const databaseUrl = `${url}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const dropSchema = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`drop schema ${schema} cascade`);
    await c.end();
  };
  return { databaseUrl, dropSchema };
}
