import type { FastifyInstance } from 'fastify';
import type { Session } from '../auth/sessions.js';
import { untilWritten as rememberedUntilWritten } from '../db/remembered.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The lookups remembered per caller, on an app built with `memoCallers` only (else null). */
    callerMemo: Map<string, Promise<unknown>> | null;
  }
}

/** What a caller's data scope depends on besides tables (auth/scope.ts dataScope): its memo's key. */
export const scopeKey = (s: Session) => `scope|${s.userId}|${s.orgCode ?? ''}|${s.appCode}`;

/**
 * Who a caller is and what he may do (session, permission codes, data scope), remembered (data rules
 * remember themselves: auth/data-rules.ts):
 * - for the life of an app built with `memoCallers`: only the seed stories' own in-process app
 *   (db/seed-stories/runner.ts), whose few demo users make thousands of requests while nothing changes
 *   their sessions or roles;
 * - with `untilWritten`, for a lookup that depends on nothing but table contents (permission codes,
 *   scope; not a session, which expires with time), until one of the tables it read is
 *   written (db/remembered.ts) — where this process sees every write (SQLite, PGlite). A role change
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
  return untilWritten ? rememberedUntilWritten(app.ctx.db.kysely, key, compute) : compute();
}
