import type { Config } from './config.js';
import type { Db } from './db/connect.js';
import type { PasswordHasher } from './auth/password.js';
import type { SessionStore } from './auth/sessions.js';
import type { Definitions } from './definitions/load.js';

/** What route modules need, created once by main.ts (or a test) and hung on the Fastify instance. */
export interface AppContext {
  cfg: Config;
  db: Db;
  /** The validated definitions from `schemas/`. */
  defs: Definitions;
  sessions: SessionStore;
  hasher: PasswordHasher;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
