import { AsyncLocalStorage } from 'node:async_hooks';
import type { OperationNode } from 'kysely';

/** A table's name as both sides spell it: `sysUser` before the camel-case plugin, `sys_user` after. */
const plain = (name: string) => name.replace(/_/g, '').toLowerCase();

const NAMES_TABLES = /\b(from|join|into|update)\b/i;

/** Whatever tells a cache of read results (list-cache.ts) that the tables it read may have moved. */
export interface StampSource {
  /** A value that changes whenever any of these tables may have changed. */
  stamp(tables: readonly string[]): string | Promise<string>;
}

/**
 * What this process wrote, as counters per table, so a cache of read results (list-cache.ts) knows when
 * what it read may have moved. Alone it suffices only where every write passes through this process
 * (embedded SQLite, PGlite); a shared PostgreSQL adds the server's own counters (pg-stamps.ts). A statement
 * whose tables are unknown (raw SQL) bumps all tables; a transaction's tables are bumped again when it
 * commits or rolls back (ConnectionWrites).
 */
export class WriteStamps implements StampSource {
  readonly #tables = new Map<string, number>();
  #all = 0;
  #writes = 0;

  /** A write to these tables (undefined: to any table). */
  bump(tables?: readonly string[]): void {
    this.#writes++;
    if (!tables?.length) this.#all++;
    else for (const t of tables) this.#tables.set(plain(t), (this.#tables.get(plain(t)) ?? 0) + 1);
  }

  /** How many writes so far, to any table: unchanged over a computation, nothing was written meanwhile. */
  get writes(): number {
    return this.#writes;
  }

  /** A value that changes whenever any of these tables may have changed. */
  stamp(tables: readonly string[]): string {
    return `${this.#all}:${tables.map((t) => this.#tables.get(plain(t)) ?? 0).join(',')}`;
  }
}

/**
 * One connection's writes as they reach WriteStamps: each statement bumps its tables at once, and a
 * transaction's tables again at its end, because only then do other connections see the change (or see
 * it vanish) — what they read in between must not count as current.
 */
export class ConnectionWrites {
  inTransaction = false;
  /** The tables this transaction wrote (null: unknown ones). */
  #written: Set<string> | null = new Set();

  constructor(private readonly stamps: WriteStamps) {}

  /** A statement that may have written these tables (undefined: unknown ones). */
  wrote(tables: string[] | undefined): void {
    this.stamps.bump(tables);
    if (!this.inTransaction) return;
    if (!tables?.length || !this.#written) this.#written = null;
    else for (const t of tables) this.#written.add(t);
  }

  /** The transaction committed or rolled back. */
  end(): void {
    this.inTransaction = false;
    if (this.#written?.size !== 0) this.stamps.bump(this.#written ? [...this.#written] : undefined);
    this.#written = new Set();
  }
}

/** The tables the queries of one computation read (`unknown`: one named tables of its own in raw SQL). */
export interface TablesRead {
  tables: Set<string>;
  unknown: boolean;
}

const reading = new AsyncLocalStorage<TablesRead>();

/** Runs `compute`, collecting the tables every query it runs reads (the drivers call noteRead). */
export async function collectTablesRead<T>(compute: () => Promise<T>): Promise<{ value: T; read: TablesRead }> {
  const read: TablesRead = { tables: new Set(), unknown: false };
  const value = await reading.run(read, compute);
  // An enclosing computation depends on these tables as well.
  const outer = reading.getStore();
  if (outer) {
    outer.unknown ||= read.unknown;
    for (const t of read.tables) outer.tables.add(t);
  }
  return { value, read };
}

/** A computation's answer came from these tables without a query (a remembered answer, remembered.ts). */
export function noteTables(tables: readonly string[]): void {
  const read = reading.getStore();
  if (read) for (const t of tables) read.tables.add(t);
}

/** A query ran: the computation collecting its tables, if any, learns them. */
export function noteRead(node: OperationNode): void {
  const read = reading.getStore();
  if (!read) return;
  const tables = tablesOf(node);
  if (!tables) read.unknown = true;
  else for (const t of tables) read.tables.add(t);
}

/**
 * Every table a query names anywhere (joins, subqueries, EXISTS), or undefined when raw SQL in it may
 * name tables of its own (a fragment saying from, join, into or update; `sql.ref` and `count(*)` do not).
 */
export function tablesOf(node: OperationNode): string[] | undefined {
  const found = new Set<string>();
  let raw = false;
  const walk = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(walk);
    const n = value as { kind?: string; table?: { identifier?: { name?: string } }; sqlFragments?: string[] };
    if (n.kind === 'RawNode' && n.sqlFragments?.some((f) => NAMES_TABLES.test(f))) raw = true;
    if (n.kind === 'TableNode' && n.table?.identifier?.name) found.add(plain(n.table.identifier.name));
    for (const child of Object.values(value)) walk(child);
  };
  walk(node);
  return raw ? undefined : [...found];
}
