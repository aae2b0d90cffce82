import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The lookups remembered per caller, on an app built with `memoCallers` only (else null). */
    callerMemo: Map<string, Promise<unknown>> | null;
  }
}

/**
 * Who a caller is and what he may do (session, permission codes, data scope, data rules), remembered
 * for the life of an app built with `memoCallers`: only the seed stories' own in-process app
 * (db/seed-stories/runner.ts), whose few demo users make thousands of requests while nothing changes
 * their sessions or roles. Every check still runs on every request; only the lookups behind it are
 * answered from memory. The server's app never memoizes, so a real caller's change counts at once.
 */
export function memoized<T>(app: FastifyInstance, key: string, compute: () => Promise<T>): Promise<T> {
  const memo = app.callerMemo;
  if (!memo) return compute();
  let p = memo.get(key) as Promise<T> | undefined;
  if (!p) {
    p = compute();
    memo.set(key, p);
    // A failed lookup is asked again next time.
    p.catch(() => memo.delete(key));
  }
  return p;
}
