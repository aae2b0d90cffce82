import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

const WINDOW_MS = 10 * 60_000;

export interface ThrottleLimits {
  loginMaxFailures: number;
  loginLockMs: number;
  ipMaxFailuresPerWindow: number;
}

/**
 * Login failure counting in the database, so every server instance sees the same counts: an account
 * locks for `loginLockMs` after `loginMaxFailures` consecutive failures; an address is throttled after
 * `ipMaxFailuresPerWindow` failures in ten minutes, whichever accounts it tries (password spraying).
 */
export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly limits: ThrottleLimits,
  ) {}

  /** Milliseconds until the account or address may try again; 0 when allowed. */
  async blockedFor(account: string, ip: string): Promise<number> {
    const now = Date.now();
    const rows = await this.db
      .selectFrom('sysLoginThrottle')
      .selectAll()
      .where('key', 'in', [`acct:${account}`, `ip:${ip}`])
      .execute();
    let wait = 0;
    for (const r of rows) if (r.lockedUntil > now) wait = Math.max(wait, r.lockedUntil - now);
    return wait;
  }

  async fail(account: string, ip: string): Promise<void> {
    await this.bump(`acct:${account}`, this.limits.loginMaxFailures, Infinity);
    await this.bump(`ip:${ip}`, this.limits.ipMaxFailuresPerWindow, WINDOW_MS);
  }

  async succeed(account: string): Promise<void> {
    await this.db.deleteFrom('sysLoginThrottle').where('key', '=', `acct:${account}`).execute();
  }

  private async bump(key: string, max: number, windowMs: number) {
    const now = Date.now();
    const row = await this.db.selectFrom('sysLoginThrottle').selectAll().where('key', '=', key).executeTakeFirst();
    const fresh = !row || now - row.windowStart > windowMs || (row.lockedUntil > 0 && row.lockedUntil <= now);
    const failures = fresh ? 1 : row.failures + 1;
    const lockedUntil = failures >= max ? now + this.limits.loginLockMs : 0;
    if (!row) {
      await this.db.insertInto('sysLoginThrottle').values({ key, failures, windowStart: now, lockedUntil }).execute();
    } else {
      await this.db
        .updateTable('sysLoginThrottle')
        .set({ failures, windowStart: fresh ? now : row.windowStart, lockedUntil })
        .where('key', '=', key)
        .execute();
    }
  }
}
