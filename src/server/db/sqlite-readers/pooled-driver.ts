import {
  CompiledQuery,
  SelectQueryNode,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import type { ReaderPool } from './reader-pool.js';
import { ConnectionWrites, noteRead, tablesOf, type WriteStamps } from '../write-stamps.js';

/** The writer connection as statement-cache.ts hands it out: statements say whether they only read. */
export type WriterDatabase = Omit<SqliteDatabase, 'prepare'> & {
  prepare(sql: string): SqliteStatement & { readonly: boolean };
};

/**
 * Who may use the writer connection now. Transactions hold it from begin to commit; a lone write holds
 * it for one statement; a write batch (connect.ts) marks it open so that reads, which must see the
 * batch's uncommitted rows, go to the writer too.
 */
export class WriterGate {
  batchOpen = false;
  #busy: Promise<void> | undefined;
  #release: (() => void) | undefined;

  get locked(): boolean {
    return this.#busy !== undefined;
  }

  async lock(): Promise<void> {
    while (this.#busy) await this.#busy;
    this.#busy = new Promise((resolve) => (this.#release = resolve));
  }

  unlock(): void {
    const release = this.#release;
    this.#busy = this.#release = undefined;
    release?.();
  }

  async exclusive<T>(run: () => T): Promise<T> {
    await this.lock();
    try {
      return run();
    } finally {
      this.unlock();
    }
  }
}

/** Only these can be read-only queries; the writer's prepared statement confirms it (it never writes). */
const MAY_READ = /^\s*(select|with|explain)\b/i;
/**
 * A read that lately took less than this runs on the writer in this thread when it is free: handing it
 * to a reader would cost more than running it (a lookup by id takes a few hundredths of a millisecond).
 */
const INLINE_READ_MS = 1;
/** Statements that refresh planner statistics, which readers load only when they open (reader.worker.mjs). */
const REFRESHES_STATISTICS = /^\s*(analyze|pragma\s+optimize)\b/i;

/**
 * Kysely's SQLite dialect with reads off the request thread (issue 13 §3): a query outside a
 * transaction that only reads goes to the reader pool — unless it is known to be quicker than the hand-off,
 * then it runs at once on the writer — and everything else runs on the one writer connection in this
 * thread, one transaction or statement at a time, as Kysely's own driver does.
 * Without a pool (an in-memory database, SQLITE_READERS=0) every query runs on the writer.
 */
export class PooledSqliteDialect extends SqliteDialect {
  readonly #writer: WriterDatabase;
  readonly #gate: WriterGate;
  readonly #readers: ReaderPool | null;
  readonly #stamps: WriteStamps;

  constructor(writer: WriterDatabase, gate: WriterGate, readers: ReaderPool | null, stamps: WriteStamps) {
    super({ database: writer });
    this.#writer = writer;
    this.#gate = gate;
    this.#readers = readers;
    this.#stamps = stamps;
  }

  override createDriver(): Driver {
    return new PooledSqliteDriver(this.#writer, this.#gate, this.#readers, this.#stamps);
  }
}

class PooledSqliteDriver implements Driver {
  constructor(
    private readonly writer: WriterDatabase,
    private readonly gate: WriterGate,
    private readonly readers: ReaderPool | null,
    private readonly stamps: WriteStamps,
  ) {}

  async init(): Promise<void> {}

  // Kysely asks for a connection per query; the gate, not the connection, decides who waits.
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PooledConnection(this.writer, this.gate, this.readers, this.stamps);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.gate.lock();
    try {
      this.writer.prepare('begin').run([]);
    } catch (err) {
      this.gate.unlock();
      throw err;
    }
    (connection as PooledConnection).writes.inTransaction = true;
  }

  // A failed commit keeps the gate: Kysely rolls back next, which releases it.
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.writer.prepare('commit').run([]);
    this.#end(connection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      this.writer.prepare('rollback').run([]);
    } finally {
      this.#end(connection);
    }
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.readers?.close();
    this.writer.close();
  }

  #end(connection: DatabaseConnection): void {
    (connection as PooledConnection).writes.end();
    this.gate.unlock();
  }
}

class PooledConnection implements DatabaseConnection {
  readonly writes: ConnectionWrites;

  constructor(
    private readonly writer: WriterDatabase,
    private readonly gate: WriterGate,
    private readonly readers: ReaderPool | null,
    stamps: WriteStamps,
  ) {
    this.writes = new ConnectionWrites(stamps);
  }

  get inTransaction(): boolean {
    return this.writes.inTransaction;
  }

  #wrote(query: CompiledQuery): void {
    this.writes.wrote(tablesOf(query.query));
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    noteRead(query.query);
    if (this.inTransaction) return runOnWriter<R>(this.writer, query, () => this.#wrote(query));
    const readers = this.readers;
    if (readers?.available && !this.gate.batchOpen && MAY_READ.test(query.sql)) {
      const stmt = this.writer.prepare(query.sql);
      if (stmt.reader && stmt.readonly) {
        const expected = readers.expectedMs(query.sql);
        // Only while no transaction holds the writer: its uncommitted rows are not for other requests.
        if (expected !== undefined && expected < INLINE_READ_MS && !this.gate.locked) {
          const start = performance.now();
          const rows = stmt.all(query.parameters) as R[];
          readers.learn(query.sql, performance.now() - start);
          return { rows };
        }
        return { rows: (await readers.all(query.sql, query.parameters)) as R[] };
      }
    }
    const result = await this.gate.exclusive(() =>
      runOnWriter<R>(this.writer, query, () => this.#wrote(query)),
    );
    if (readers && REFRESHES_STATISTICS.test(query.sql)) readers.reopen();
    return result;
  }

  // Streams (large exports) read on the writer, holding it between rows as Kysely's own driver does.
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query))
      throw new Error('Sqlite driver only supports streaming of select queries');
    const locked = !this.inTransaction;
    if (locked) await this.gate.lock();
    try {
      for (const row of this.writer.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
    } finally {
      if (locked) this.gate.unlock();
    }
  }
}

/** Runs a statement on the writer; `wrote` is told, in the same tick, when it was not a read. */
function runOnWriter<R>(
  writer: WriterDatabase,
  { sql, parameters }: CompiledQuery,
  wrote: () => void,
): QueryResult<R> {
  const stmt = writer.prepare(sql);
  if (stmt.reader) {
    const rows = stmt.all(parameters) as R[];
    if (!stmt.readonly) wrote(); // insert … returning
    return { rows };
  }
  const { changes, lastInsertRowid } = stmt.run(parameters);
  wrote();
  return {
    numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
    insertId: lastInsertRowid === undefined || lastInsertRowid === null ? undefined : BigInt(lastInsertRowid),
    rows: [],
  };
}
