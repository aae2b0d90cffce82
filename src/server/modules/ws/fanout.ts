import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/tables.js';
import type { SocketHub } from './hub.js';

/**
 * Carries a frame to the sockets of some users (null: everyone), and the news that sessions ended to
 * the sockets opened with them, wherever they are connected.
 */
export interface Fanout {
  publish(userIds: readonly string[] | null, frame: string): Promise<void>;
  revoke(sessionIds: readonly string[]): Promise<void>;
  /** Resolves once this instance receives what others publish. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** One process holds every socket (SQLite, PGlite): deliver directly. */
export class LocalFanout implements Fanout {
  constructor(private readonly hub: SocketHub) {}
  async publish(userIds: readonly string[] | null, frame: string) {
    this.hub.deliver(userIds, frame);
  }
  async revoke(sessionIds: readonly string[]) {
    this.hub.closeSessions(sessionIds);
  }
  async ready() {}
  async close() {}
}

/** NOTIFY payloads are limited to 8000 bytes; stay well below. */
const MAX_PAYLOAD_BYTES = 7000;
const RECONNECT_MAX_MS = 30_000;

/** A frame for users (`u`, null: everyone), or revoked sessions whose sockets close (`s`). */
type Envelope = { u: string[] | null; f: string } | { s: string[] };

const strings = (v: unknown): string[] | null => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null);

/**
 * Several instances on one PostgreSQL database: every instance LISTENs on a channel named for the
 * database and schema (so deployments sharing a server do not hear each other) through its own
 * client, and a publish is a NOTIFY that every instance, this one included, delivers to its sockets.
 */
export class PgFanout implements Fanout {
  private client: pg.Client | null = null;
  private channel = '';
  private closing = false;
  private attempt = 0;
  private readyPromise: Promise<void>;
  private markReady: () => void = () => {};
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pgUrl: string,
    private readonly db: Kysely<Database>,
    private readonly hub: SocketHub,
    private readonly log: FastifyBaseLogger,
    /** Runs after a reconnect: what others published while this instance was deaf must be caught up. */
    private readonly resync: () => Promise<void> = async () => {},
  ) {
    this.readyPromise = new Promise((resolve) => (this.markReady = resolve));
  }

  async start(): Promise<void> {
    const row = await sql<{ db: string; schema: string }>`select current_database() as db, current_schema() as schema`.execute(this.db);
    const { db, schema } = row.rows[0];
    this.channel = `yjy_notices_${crypto.createHash('md5').update(`${db}/${schema}`).digest('hex').slice(0, 16)}`;
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closing) return;
    const { default: pgLib } = await import('pg');
    const client = new pgLib.Client({ connectionString: this.pgUrl });
    client.on('notification', (n) => {
      if (n.channel === this.channel && n.payload) this.receive(n.payload);
    });
    client.on('error', (err) => {
      this.log.warn({ err }, 'notice listener error');
      this.retry(client);
    });
    client.on('end', () => this.retry(client));
    try {
      await client.connect();
      // The channel is a fixed-format identifier made above, never request text.
      await client.query(`LISTEN ${this.channel}`);
    } catch (err) {
      this.log.warn({ err }, 'notice listener could not connect');
      this.retry(client);
      return;
    }
    const reconnected = this.attempt > 0;
    this.client = client;
    this.attempt = 0;
    this.markReady();
    // Whatever was published while this instance was deaf is only in the database: ask consoles to
    // reload, and close sockets whose sessions were revoked meanwhile.
    if (reconnected) {
      this.hub.deliver(null, JSON.stringify({ cmd: 'topic' }));
      this.resync().catch((err: unknown) => this.log.warn({ err }, 'websocket session re-check after reconnect failed'));
    }
  }

  private retry(client: pg.Client) {
    if (this.closing || this.retryTimer || (this.client && this.client !== client)) return;
    this.client = null;
    client.removeAllListeners('end');
    client.end().catch(() => {});
    const delay = Math.min(RECONNECT_MAX_MS, 500 * 2 ** this.attempt++);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  private receive(payload: string) {
    let env: Partial<Record<'u' | 'f' | 's', unknown>>;
    try {
      env = JSON.parse(payload) as typeof env;
    } catch {
      return;
    }
    const revoked = strings(env?.s);
    if (revoked) this.hub.closeSessions(revoked);
    else if (typeof env?.f === 'string') this.hub.deliver(strings(env.u), env.f);
  }

  async publish(userIds: readonly string[] | null, frame: string): Promise<void> {
    await this.notify(chunkPayloads(userIds, frame));
  }

  async revoke(sessionIds: readonly string[]): Promise<void> {
    await this.notify(chunkIds(sessionIds, (s) => ({ s })));
  }

  private async notify(payloads: string[]): Promise<void> {
    for (const payload of payloads) await sql`select pg_notify(${this.channel}, ${payload})`.execute(this.db);
  }

  ready(): Promise<void> {
    return this.readyPromise;
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const c = this.client;
    this.client = null;
    if (c) {
      c.removeAllListeners('end');
      await c.end().catch(() => {});
    }
  }
}

/** Splits the recipients so each NOTIFY payload stays under the server's limit. */
export function chunkPayloads(userIds: readonly string[] | null, frame: string): string[] {
  if (userIds === null) return [JSON.stringify({ u: null, f: frame } satisfies Envelope)];
  return chunkIds(userIds, (u) => ({ u, f: frame }));
}

/** Payloads of `wrap(batch)` over the distinct ids, each under the NOTIFY limit. */
function chunkIds(ids: readonly string[], wrap: (batch: string[]) => Envelope): string[] {
  const out: string[] = [];
  const base = Buffer.byteLength(JSON.stringify(wrap([])));
  if (base > MAX_PAYLOAD_BYTES) throw new Error('notice frame too large for NOTIFY');
  let batch: string[] = [];
  let size = base;
  for (const id of new Set(ids)) {
    const add = Buffer.byteLength(JSON.stringify(id)) + 1;
    if (batch.length > 0 && size + add > MAX_PAYLOAD_BYTES) {
      out.push(JSON.stringify(wrap(batch)));
      batch = [];
      size = base;
    }
    batch.push(id);
    size += add;
  }
  if (batch.length > 0) out.push(JSON.stringify(wrap(batch)));
  return out;
}
