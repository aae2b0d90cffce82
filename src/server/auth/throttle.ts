import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

const MINUTE = 60_000;
const IP_WINDOW_MS = 10 * MINUTE;

/** One limit: at most `max` hits under `key` within `windowMs`. */
export interface CounterRule {
  key: string;
  max: number;
  /** Hits older than this no longer count; Infinity counts until the key is cleared (consecutive failures). */
  windowMs: number;
  /** When set, the hit that reaches `max` locks the key for this long from then, whatever the window. */
  lockMs?: number;
}

/** A granted reservation: the count under each rule, this hit included. */
export type Reservation = { ok: true; counts: number[] } | { ok: false; waitMs: number; rule: CounterRule };

/**
 * Rate counters in the database (`sys_login_throttle`), so every server instance sees the same counts.
 * A hit is one atomic upsert (`insert … on conflict do update … returning`, on SQLite and PostgreSQL
 * alike): concurrent requests each get their own count, and the guarded work (hashing a password,
 * sending a code) starts only after its hit is counted. That is what makes a limit hold under a burst.
 */
export class AttemptCounters {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts one hit under every rule. Refused when any count goes over its `max`; a refused
   * reservation takes its hits back, so refusals do not themselves extend a limit.
   */
  async reserve(rules: CounterRule[]): Promise<Reservation> {
    const counted: CounterRule[] = [];
    const counts: number[] = [];
    for (const rule of rules) {
      const row = await this.hit(rule);
      counted.push(rule);
      if (row.failures > rule.max) {
        await Promise.all(counted.map((r) => this.release(r)));
        return { ok: false, waitMs: waitOf(rule, row), rule };
      }
      counts.push(row.failures);
    }
    return { ok: true, counts };
  }

  /** Forgets a key (a successful sign-in ends the run of failures). */
  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('sysLoginThrottle').where('key', '=', key).execute();
  }

  private async hit(rule: CounterRule) {
    const now = Date.now();
    // Hits that started before this are outside the window; -1 never matches (no window).
    const windowCut = Number.isFinite(rule.windowMs) ? now - rule.windowMs : -1;
    const lockAt = rule.lockMs === undefined ? 0 : now + rule.lockMs;
    // In ON CONFLICT DO UPDATE the table's own columns are the stored row (before this update) on both
    // databases, and every SET expression reads those old values.
    const failures = sql.ref<number>('sysLoginThrottle.failures');
    const windowStart = sql.ref<number>('sysLoginThrottle.windowStart');
    const lockedUntil = sql.ref<number>('sysLoginThrottle.lockedUntil');
    // A run is over when its lock has expired, or (unlocked) when its window has passed.
    const stale = sql<boolean>`(case when ${lockedUntil} > 0 then ${lockedUntil} <= ${now} else ${windowStart} <= ${windowCut} end)`;
    const lockOnFirst = rule.lockMs !== undefined && rule.max <= 1 ? lockAt : 0;
    const nextLock =
      rule.lockMs === undefined
        ? sql<number>`0`
        : sql<number>`(case when ${stale} then ${lockOnFirst} when ${lockedUntil} = 0 and ${failures} + 1 >= ${rule.max} then ${lockAt} else ${lockedUntil} end)`;
    return this.db
      .insertInto('sysLoginThrottle')
      .values({ key: rule.key, failures: 1, windowStart: now, lockedUntil: lockOnFirst })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql<number>`(case when ${stale} then 1 else ${failures} + 1 end)`,
          windowStart: sql<number>`(case when ${stale} then ${now} else ${windowStart} end)`,
          lockedUntil: nextLock,
        }),
      )
      .returning(['failures', 'windowStart', 'lockedUntil'])
      .executeTakeFirstOrThrow();
  }

  /** Takes one hit back; a lock set by that hit goes with it. */
  async release(rule: CounterRule): Promise<void> {
    await this.db
      .updateTable('sysLoginThrottle')
      .set((eb) => ({
        failures: eb('failures', '-', 1),
        lockedUntil: sql<number>`(case when ${sql.ref('failures')} - 1 < ${rule.max} then 0 else ${sql.ref('lockedUntil')} end)`,
      }))
      .where('key', '=', rule.key)
      .where('failures', '>', 0)
      .execute();
  }
}

function waitOf(rule: CounterRule, row: { windowStart: number; lockedUntil: number }): number {
  const now = Date.now();
  if (row.lockedUntil > now) return row.lockedUntil - now;
  return Number.isFinite(rule.windowMs) ? Math.max(0, row.windowStart + rule.windowMs - now) : 0;
}

export interface ThrottleLimits {
  loginMaxFailures: number;
  loginLockMs: number;
  ipMaxFailuresPerWindow: number;
}

/** A password attempt that was let through; its hits stay counted (a failure) unless it succeeds. */
export interface PasswordAttempt {
  /** Consecutive failures of the account including this attempt. */
  failures: number;
  /** The account locks if this attempt fails. */
  locksOnFailure: boolean;
  /** Ends the account's run of failures and takes back the address's hit. */
  succeed(): Promise<void>;
}

export type PasswordAttemptResult = { ok: true; attempt: PasswordAttempt } | { ok: false; waitMs: number };

/**
 * Password guessing limits: an account locks for `loginLockMs` after `loginMaxFailures` consecutive
 * failures; an address is throttled after `ipMaxFailuresPerWindow` failures in ten minutes, whichever
 * accounts it tries (password spraying). Every check of a password — sign-in or the old password of a
 * change — reserves its attempt here before hashing, under the same account key.
 */
export class LoginThrottle {
  private readonly counters: AttemptCounters;

  constructor(
    db: Kysely<Database>,
    private readonly limits: ThrottleLimits,
  ) {
    this.counters = new AttemptCounters(db);
  }

  async begin(account: string, ip: string): Promise<PasswordAttemptResult> {
    const accountKey = `acct:${account}`;
    const ipRule: CounterRule = {
      key: `ip:${ip}`,
      max: this.limits.ipMaxFailuresPerWindow,
      windowMs: IP_WINDOW_MS,
      lockMs: this.limits.loginLockMs,
    };
    const accountRule: CounterRule = {
      key: accountKey,
      max: this.limits.loginMaxFailures,
      windowMs: Infinity,
      lockMs: this.limits.loginLockMs,
    };
    const r = await this.counters.reserve([ipRule, accountRule]);
    if (!r.ok) return { ok: false, waitMs: r.waitMs };
    const failures = r.counts[1] ?? 0;
    return {
      ok: true,
      attempt: {
        failures,
        locksOnFailure: failures >= this.limits.loginMaxFailures,
        succeed: async () => {
          await this.counters.clear(accountKey);
          await this.counters.release(ipRule);
        },
      },
    };
  }
}
