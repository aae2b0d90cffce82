import fs from 'node:fs';
import path from 'node:path';
import { CamelCasePlugin, Kysely, PostgresDialect, type Dialect } from 'kysely';
import type { Database } from './tables.js';
import { cachedStatements, STATEMENT_CACHE_SIZE } from './statement-cache.js';
import { PooledSqliteDialect, WriterGate } from './sqlite-readers/pooled-driver.js';
import { ReaderPool } from './sqlite-readers/reader-pool.js';
import { DEFAULT_SQLITE_READERS } from '../config.js';
import { optimizeAll, optimizePeriodically } from './statistics.js';
import { WriteStamps } from './write-stamps.js';
import { rememberThrough } from './remembered.js';
import { ListCache } from './list-cache.js';
import { stampingDialect } from './stamping-driver.js';
import { countsChanges, PgStatStamps, PUBLISH_COUNTS, type PgQuery } from './pg-stamps.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** The PostgreSQL connection string, for LISTEN/NOTIFY; empty on SQLite and PGlite. */
  pgUrl: string;
  close(): Promise<void>;
  /**
   * SQLite only: a transaction around many requests' writes, whose own transactions become savepoints
   * (statement-cache.ts), for a bulk writer in the background (the demo stories): one commit instead of
   * one per write. `commit` ends it; both wait for the transaction in progress, if any.
   */
  writeBatch?: { open(): Promise<void>; commit(): Promise<void> };
  /**
   * Lists' counts and deep-page anchors (list-cache.ts), kept while their tables stay unwritten: by this
   * process's writes where it sees every write (SQLite, PGlite), and on PostgreSQL also by the server's
   * per-table change counts (pg-stamps.ts); none where the server does not count them.
   */
  listCache?: ListCache;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * Opens the configured database: SQLite in `dataDir` by default, PostgreSQL for `postgres://` URLs,
 * and an in-process PostgreSQL (PGlite) for `pglite://memory`, which the test suite uses. A SQLite
 * file gets `sqliteReaders` reader threads; an in-memory one cannot be shared and has none.
 */
export async function openDatabase(
  databaseUrl: string,
  dataDir: string,
  { sqliteReaders = DEFAULT_SQLITE_READERS }: { sqliteReaders?: number } = {},
): Promise<Db> {
  if (databaseUrl.startsWith('postgres://') || databaseUrl.startsWith('postgresql://')) {
    const pg = await import('pg');
    // Counts and epoch-millisecond columns are int8; they fit in a double.
    pg.default.types.setTypeParser(INT8_OID, (v: string) => Number(v));
    pg.default.types.setTypeParser(NUMERIC_OID, (v: string) => Number(v));
    const pool = new pg.default.Pool({ connectionString: databaseUrl, max: 10 });
    const query: PgQuery = (text, values) => pool.query(text, values);
    const stamps = new WriteStamps();
    const counted = await countsChanges(query);
    const dialect = stampingDialect(new PostgresDialect({ pool }), stamps, counted ? PUBLISH_COUNTS : undefined);
    const db = wrap(dialect, 'postgres', databaseUrl);
    if (!counted) return db;
    const shared = new PgStatStamps(stamps, query);
    rememberThrough(db.kysely, { shared });
    return { ...db, listCache: new ListCache(shared) };
  }
  if (databaseUrl.startsWith('pglite://')) {
    const { PGlite, types } = await import('@electric-sql/pglite');
    const { PGliteDialect } = await import('kysely-pglite-dialect');
    const pglite = new PGlite({
      parsers: { [types.INT8]: (v: string) => Number(v), [types.NUMERIC]: (v: string) => Number(v) },
    });
    // In this process only, so this process sees every write.
    const stamps = new WriteStamps();
    const db = wrap(stampingDialect(new PGliteDialect(pglite), stamps), 'postgres', '');
    rememberThrough(db.kysely, { local: stamps });
    return { ...db, listCache: new ListCache(stamps) };
  }
  const Sqlite = (await import('better-sqlite3')).default;
  const file = databaseUrl.startsWith('sqlite://') ? databaseUrl.slice('sqlite://'.length) : '';
  let target = ':memory:';
  if (file !== ':memory:') {
    fs.mkdirSync(dataDir, { recursive: true });
    target = file || path.join(dataDir, 'console.sqlite');
  }
  const sqlite = new Sqlite(target);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const readers =
    target === ':memory:' || sqliteReaders < 1
      ? null
      : await ReaderPool.open(target, sqliteReaders, STATEMENT_CACHE_SIZE);
  const gate = new WriterGate();
  const stamps = new WriteStamps();
  const db = wrap(new PooledSqliteDialect(cachedStatements(sqlite), gate, readers, stamps), 'sqlite', '');
  rememberThrough(db.kysely, { local: stamps });
  // Through the writer's gate, so no request's transaction is half-way when the batch opens or commits.
  const writeBatch = {
    open: () =>
      gate.exclusive(() => {
        if (!sqlite.inTransaction) sqlite.exec('begin');
        gate.batchOpen = true;
      }),
    commit: () =>
      gate.exclusive(() => {
        if (sqlite.inTransaction) sqlite.exec('commit');
        gate.batchOpen = false;
        stamps.bump();
      }),
  };
  // Start-up statistics come from bootstrap (db/statistics.ts) once the schema and seed exist.
  const stop = optimizePeriodically(() => optimizeAll().execute(db.kysely));
  return {
    ...db,
    writeBatch,
    listCache: new ListCache(stamps),
    close: () => (stop(), db.close()),
  };
}

function wrap(dialect: Dialect, name: DialectName, pgUrl: string): Db {
  const kysely = new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] });
  return { kysely, dialect: name, pgUrl, close: () => kysely.destroy() };
}
