import type { Database as SqliteDb, Statement } from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';
import type { WriterDatabase } from './sqlite-readers/pooled-driver.js';

/** Enough for every distinct statement the server builds in normal use; rarer ones are re-prepared. */
export const STATEMENT_CACHE_SIZE = 500;

/** The savepoint a transaction becomes inside a write batch (the name may repeat: the innermost is meant). */
const NESTED = 'nested_tx';

/**
 * The SQLite connection as Kysely sees it, with `prepare` answered from a least-recently-used cache
 * keyed by SQL text: Kysely prepares every statement it runs, and preparing is a large share of a
 * cheap query's cost. Reuse is safe because Kysely runs one statement at a time on the one connection
 * (its mutex also covers streams), and SQLite re-prepares a statement itself after a schema change.
 *
 * A transaction Kysely begins while the connection is already inside one (a write batch, connect.ts)
 * becomes a savepoint: its commit releases it and its rollback undoes only its own work, so every
 * request keeps its all-or-nothing write while the batch pays for one commit.
 */
export function cachedStatements(db: SqliteDb, size = STATEMENT_CACHE_SIZE): WriterDatabase {
  const cache = new Map<string, Statement>();
  const cached = (sql: string): Statement => {
    let stmt = cache.get(sql);
    if (stmt) {
      // A Map keeps insertion order: re-inserting marks the statement as most recently used.
      cache.delete(sql);
    } else {
      stmt = db.prepare(sql);
      if (cache.size >= size) cache.delete(cache.keys().next().value as string);
    }
    cache.set(sql, stmt);
    return stmt;
  };
  let nested = 0;
  const rollbackNested: SqliteStatement & { readonly: boolean } = {
    reader: false,
    readonly: false,
    run() {
      // After some errors (a full disk) SQLite has rolled the whole batch back itself: nothing is left to undo.
      if (db.inTransaction) db.exec(`rollback to ${NESTED}; release ${NESTED}`);
      return { changes: 0, lastInsertRowid: 0 };
    },
    all: () => [],
    iterate: () => [][Symbol.iterator](),
  };
  return {
    prepare(sql: string) {
      if (sql === 'begin' && db.inTransaction) {
        nested++;
        return cached(`savepoint ${NESTED}`);
      }
      if ((sql === 'commit' || sql === 'rollback') && nested > 0) {
        nested--;
        return sql === 'commit' ? cached(`release ${NESTED}`) : rollbackNested;
      }
      return cached(sql);
    },
    close() {
      cache.clear();
      db.close();
    },
  };
}
