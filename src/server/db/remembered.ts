import type { Kysely } from 'kysely';
import type { Database } from './tables.js';
import { collectTablesRead, noteTables, type WriteStamps } from './write-stamps.js';

/** Answers kept per database; least recently used dropped first. */
const MAX_REMEMBERED = 5_000;

interface Remembered {
  value: Promise<unknown>;
  /** The tables the computation read and their stamp then; unset while it runs. */
  tables?: string[];
  stamp?: string;
}

/** The write stamps behind a database's own Kysely instance (not a transaction's, not a copy's). */
const stampsOf = new WeakMap<Kysely<Database>, WriteStamps>();
const remembered = new WeakMap<WriteStamps, Map<string, Remembered>>();

/** Lets `untilWritten` keep answers read through `kysely`: only where this process sees every write. */
export function rememberThrough(kysely: Kysely<Database>, stamps: WriteStamps): void {
  stampsOf.set(kysely, stamps);
}

/**
 * What `compute` answers from the tables it reads through `db`, kept until one of those tables is
 * written (the drivers note each query's tables, so no caller names them by hand). Computed every time
 * through a transaction (it may read its own uncommitted rows) or a database whose writes this process
 * does not all see (shared PostgreSQL); not kept when something was written while it ran or raw SQL
 * hid its tables. `key` must name everything else the answer depends on.
 */
export function untilWritten<T>(db: Kysely<Database>, key: string, compute: () => Promise<T>): Promise<T> {
  const stamps = stampsOf.get(db);
  if (!stamps) return compute();
  let memos = remembered.get(stamps);
  if (!memos) remembered.set(stamps, (memos = new Map()));
  const known = memos.get(key);
  if (known?.tables && stamps.stamp(known.tables) === known.stamp) {
    memos.delete(key); // re-inserted: most recently used last
    memos.set(key, known);
    // An enclosing computation read these tables too, through this answer.
    noteTables(known.tables);
    return known.value as Promise<T>;
  }
  const writes = stamps.writes;
  const entry: Remembered = { value: Promise.resolve() };
  const kept = memos;
  entry.value = collectTablesRead(compute).then(({ value, read }) => {
    if (!read.unknown && stamps.writes === writes && kept.get(key) === entry) {
      entry.tables = [...read.tables];
      entry.stamp = stamps.stamp(entry.tables);
    } else if (kept.get(key) === entry) kept.delete(key);
    return value;
  });
  entry.value.catch(() => kept.get(key) === entry && kept.delete(key));
  memos.set(key, entry);
  if (memos.size > MAX_REMEMBERED) memos.delete(memos.keys().next().value as string);
  return entry.value as Promise<T>;
}
