import { sql } from 'kysely';
import type { Db } from './connect.js';

/** How often SQLite refreshes planner statistics that have gone stale. */
export const OPTIMIZE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Planner statistics after start-up: without them SQLite sorts a large table instead of walking an
 * index. SQLite analyses once when it has never been analysed (or after a bulk load such as the demo
 * seed) and otherwise lets `PRAGMA optimize` re-analyse only the tables that changed a lot.
 * PostgreSQL's autovacuum keeps statistics current on its own; only a bulk load is analysed at once,
 * so the first lists after it are planned with real row counts.
 */
export async function refreshStatistics(db: Db, { bulkLoaded }: { bulkLoaded: boolean }): Promise<void> {
  if (db.dialect === 'postgres') {
    if (bulkLoaded) await sql`analyze`.execute(db.kysely);
    return;
  }
  const analysed = await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(db.kysely);
  if (bulkLoaded || analysed.rows.length === 0) await sql`analyze`.execute(db.kysely);
  else await optimizeAll().execute(db.kysely);
}

/**
 * `PRAGMA optimize` over every table (bit 0x10000), re-analysing those whose size changed a lot. Plain
 * `optimize` looks only at tables the connection itself has queried: at start-up that is none, and
 * later only what the writer touched, since reads run on other connections; so a table grown from 43
 * to 200,000 rows while the server was down kept its 43-row statistics (and lists their estimates).
 */
export const optimizeAll = () => sql`pragma optimize = 0x10002`;

/** The periodic `PRAGMA optimize` of a long-running SQLite server; the returned function stops it. */
export function optimizePeriodically(run: () => Promise<unknown>, everyMs = OPTIMIZE_INTERVAL_MS): () => void {
  // A failed run only leaves the previous statistics in place; the next one tries again.
  const timer = setInterval(() => void run().catch(() => undefined), everyMs);
  // The timer never keeps the process alive on its own.
  timer.unref();
  return () => clearInterval(timer);
}
