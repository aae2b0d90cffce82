import type { Kysely } from 'kysely';
import type { Database } from './tables.js';
import { collectTablesRead, noteTables, type StampSource, type WriteStamps } from './write-stamps.js';

/** Answers kept per database; least recently used dropped first. */
export const MAX_REMEMBERED = 5_000;

interface Remembered {
  value: Promise<unknown>;
  /** The tables the computation read and their stamp then; unset while it runs. */
  tables?: string[];
  stamp?: string;
}

/**
 * How a database's own Kysely instance (not a transaction's, not a copy's) tells that tables moved:
 * `local` where this process sees every write (SQLite, PGlite); `shared` where other instances write
 * too and the server counts changes (PostgreSQL, pg-stamps.ts), which may show another instance's write
 * a moment late.
 */
type Sources = { local: WriteStamps; shared?: undefined } | { local?: undefined; shared: StampSource };

const sourcesOf = new WeakMap<Kysely<Database>, Sources>();
const remembered = new WeakMap<Sources, Map<string, Remembered>>();

/** Lets `untilWritten` keep answers read through `kysely`. */
export function rememberThrough(kysely: Kysely<Database>, sources: Sources): void {
  sourcesOf.set(kysely, sources);
}

/**
 * What `compute` answers from the tables it reads through `db`, kept until one of those tables is
 * written (the drivers note each query's tables, so no caller names them by hand). Computed every time
 * through a transaction (it may read its own uncommitted rows); not kept when something was written
 * while it ran or raw SQL hid its tables. `key` must name everything else the answer depends on.
 *
 * On a PostgreSQL that other instances share, only with `lagTolerated`: another instance's write may
 * then go unseen for about 100 ms (pg-stamps.ts), acceptable for display texts, not for who may do what
 * (permissions, scope and data rules are read every time there).
 */
export function untilWritten<T>(
  db: Kysely<Database>,
  key: string,
  compute: () => Promise<T>,
  { lagTolerated = false }: { lagTolerated?: boolean } = {},
): Promise<T> {
  const sources = sourcesOf.get(db);
  if (!sources || (sources.shared && !lagTolerated)) return compute();
  let memos = remembered.get(sources);
  if (!memos) remembered.set(sources, (memos = new Map()));
  if (memos.size > MAX_REMEMBERED) memos.delete(memos.keys().next().value as string);
  return sources.local
    ? local(sources.local, memos, key, compute)
    : shared(sources.shared, memos, key, compute);
}

/** Stamps read at once: the stamp after the computation is the one it ran under, if nothing was written. */
function local<T>(
  stamps: WriteStamps,
  memos: Map<string, Remembered>,
  key: string,
  compute: () => Promise<T>,
) {
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
  entry.value = collectTablesRead(compute).then(({ value, read }) => {
    if (!read.unknown && stamps.writes === writes && memos.get(key) === entry) {
      entry.tables = [...read.tables];
      entry.stamp = stamps.stamp(entry.tables);
    } else if (memos.get(key) === entry) memos.delete(key);
    return value;
  });
  entry.value.catch(() => memos.get(key) === entry && memos.delete(key));
  memos.set(key, entry);
  return entry.value as Promise<T>;
}

/**
 * Stamps the server counts: another instance's write during the computation may not show in a stamp
 * taken after it, so an answer is kept only under a stamp taken before it ran — which needs its tables
 * known beforehand. The first computation learns them; the next one is kept.
 */
async function shared<T>(
  stamps: StampSource,
  memos: Map<string, Remembered>,
  key: string,
  compute: () => Promise<T>,
) {
  const known = memos.get(key);
  const before = known?.tables ? await stamps.stamp(known.tables) : undefined;
  if (known?.stamp !== undefined && before === known.stamp) {
    if (memos.get(key) === known) {
      memos.delete(key); // re-inserted: most recently used last
      memos.set(key, known);
    }
    noteTables(known.tables as string[]);
    return known.value as Promise<T>;
  }
  const { value, read } = await collectTablesRead(compute);
  if (read.unknown) memos.delete(key);
  else {
    const tables = [...read.tables];
    const same = known?.tables?.length === tables.length && tables.every((t) => known.tables?.includes(t));
    memos.delete(key);
    memos.set(key, { value: Promise.resolve(value), tables, stamp: same ? before : undefined });
  }
  return value;
}
