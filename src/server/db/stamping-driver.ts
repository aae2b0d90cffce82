import {
  SelectQueryNode,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { ConnectionWrites, noteRead, tablesOf, type WriteStamps } from './write-stamps.js';

/** Raw SQL that only reads; anything else may write. */
const READS = /^\s*(select|explain|show)\b/i;

/** A statement that cannot write: a select without a WITH (which may hold a data-modifying statement). */
function onlyReads({ query, sql }: CompiledQuery): boolean {
  if (SelectQueryNode.is(query)) return !query.with;
  return query.kind === 'RawNode' && READS.test(sql);
}

/**
 * A dialect whose writes reach this process's WriteStamps, for databases whose driver is not ours
 * (PostgreSQL, PGlite; the SQLite driver stamps by itself): every statement that may write bumps its
 * tables, and a transaction's tables are bumped again when it ends. With `publish`, a connection that
 * wrote runs it before going back to the pool (pg-stamps.ts: the server's change counts then show the
 * write to other instances at once).
 */
export function stampingDialect(dialect: Dialect, stamps: WriteStamps, publish?: CompiledQuery): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new StampingDriver(dialect.createDriver(), stamps, publish),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

class StampingConnection implements DatabaseConnection {
  /** Whether a statement that may write ran since the connection left the pool. */
  wrote = false;

  constructor(
    readonly inner: DatabaseConnection,
    readonly writes: ConnectionWrites,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    noteRead(query.query);
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      // Even a failed statement may have written before it failed (a multi-row insert).
      if (!onlyReads(query)) {
        this.writes.wrote(tablesOf(query.query));
        this.wrote = true;
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

type Compile = QueryCompiler['compileQuery'];

class StampingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly stamps: WriteStamps,
    private readonly publish?: CompiledQuery,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new StampingConnection(await this.inner.acquireConnection(), new ConnectionWrites(this.stamps));
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as StampingConnection;
    await this.inner.beginTransaction(c.inner, settings);
    c.writes.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as StampingConnection;
    try {
      await this.inner.commitTransaction(c.inner);
    } finally {
      c.writes.end();
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as StampingConnection;
    try {
      await this.inner.rollbackTransaction(c.inner);
    } finally {
      c.writes.end();
    }
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await this.inner.savepoint?.((connection as StampingConnection).inner, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await this.inner.rollbackToSavepoint?.((connection as StampingConnection).inner, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await this.inner.releaseSavepoint?.((connection as StampingConnection).inner, name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const c = connection as StampingConnection;
    // After the commit or the statement: the writes are visible now, and so will be their counts.
    if (this.publish && c.wrote) await c.inner.executeQuery(this.publish).catch(() => undefined);
    return this.inner.releaseConnection(c.inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
