import type { Database as SqliteDb, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Enough for every distinct statement the server builds in normal use; rarer ones are re-prepared. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite connection as Kysely sees it, with `prepare` answered from a least-recently-used cache
 * keyed by SQL text: Kysely prepares every statement it runs, and preparing is a large share of a
 * cheap query's cost. Reuse is safe because Kysely runs one statement at a time on the one connection
 * (its mutex also covers streams), and SQLite re-prepares a statement itself after a schema change.
 */
export function cachedStatements(db: SqliteDb, size = STATEMENT_CACHE_SIZE): SqliteDatabase & { prepare(sql: string): Statement } {
  const cache = new Map<string, Statement>();
  return {
    prepare(sql: string) {
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
    },
    close() {
      cache.clear();
      db.close();
    },
  };
}
