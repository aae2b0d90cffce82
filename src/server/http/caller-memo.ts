import type { FastifyInstance } from 'fastify';
import type { Session } from '../auth/sessions.js';
import { collectTablesRead } from '../db/write-stamps.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The lookups remembered per caller, on an app built with `memoCallers` only (else null). */
    callerMemo: Map<string, Promise<unknown>> | null;
  }
}

/** Lookups remembered until their tables are written; least recently used dropped first. */
const MAX_STAMPED = 5_000;

interface Stamped {
  value: Promise<unknown>;
  /** The tables the lookup read and their stamp then; unset while it runs. */
  tables?: string[];
  stamp?: string;
}

/** What a caller's data scope depends on besides tables (auth/scope.ts dataScope): its memo's key. */
export const scopeKey = (s: Session) => `scope|${s.userId}|${s.orgCode ?? ''}|${s.appCode}`;

const stampedMemos = new WeakMap<FastifyInstance, Map<string, Stamped>>();

/**
 * Who a caller is and what he may do (session, permission codes, data scope, data rules), remembered:
 * - for the life of an app built with `memoCallers`: only the seed stories' own in-process app
 *   (db/seed-stories/runner.ts), whose few demo users make thousands of requests while nothing changes
 *   their sessions or roles;
 * - with `untilWritten`, for a lookup that depends on nothing but table contents (permission codes,
 *   scope, data rules; not a session, which expires with time), until one of the tables it read is
 *   written — where this process sees every write (SQLite, PGlite: `db.localStamps`). A role change
 *   counts at the next request; on a shared PostgreSQL it is looked up every time.
 * Every check still runs on every request; only the lookups behind it are answered from memory.
 */
export function memoized<T>(
  app: FastifyInstance,
  key: string,
  compute: () => Promise<T>,
  { untilWritten = false } = {},
): Promise<T> {
  const memo = app.callerMemo;
  if (memo) {
    let p = memo.get(key) as Promise<T> | undefined;
    if (!p) {
      p = compute();
      memo.set(key, p);
      // A failed lookup is asked again next time.
      p.catch(() => memo.delete(key));
    }
    return p;
  }
  const stamps = app.ctx.db.localStamps;
  if (!untilWritten || !stamps) return compute();
  let memos = stampedMemos.get(app);
  if (!memos) stampedMemos.set(app, (memos = new Map()));
  const known = memos.get(key);
  if (known?.tables && stamps.stamp(known.tables) === known.stamp) {
    memos.delete(key); // re-inserted: most recently used last
    memos.set(key, known);
    return known.value as Promise<T>;
  }
  const writes = stamps.writes;
  const entry: Stamped = { value: Promise.resolve() };
  entry.value = collectTablesRead(compute).then(({ value, read }) => {
    // Kept only when every table it read is known and nothing at all was written while it ran.
    if (!read.unknown && stamps.writes === writes && memos.get(key) === entry) {
      entry.tables = [...read.tables];
      entry.stamp = stamps.stamp(entry.tables);
    } else if (memos.get(key) === entry) memos.delete(key);
    return value;
  });
  entry.value.catch(() => memos.get(key) === entry && memos.delete(key));
  memos.set(key, entry);
  if (memos.size > MAX_STAMPED) memos.delete(memos.keys().next().value as string);
  return entry.value as Promise<T>;
}
