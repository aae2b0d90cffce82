import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/tables.js';
import { newId } from '../../shared/ids.js';

/** What every authenticated request knows about its caller; identity never comes from request text. */
export interface Session {
  id: string;
  userId: string;
  username: string;
  realname: string;
  tenantId: number;
  orgCode: string | null;
  appCode: string;
  relTenantIds: number[];
}

const TOUCH_INTERVAL_MS = 60_000;

export class SessionStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cfg: Pick<Config, 'sessionSecret' | 'sessionAbsoluteMs' | 'sessionIdleMs'>,
  ) {}

  /** Opaque 256-bit token; only its keyed hash is stored. */
  hashToken(token: string): string {
    return crypto.createHmac('sha256', this.cfg.sessionSecret).update(token).digest('hex');
  }

  async create(
    userId: string,
    tenantId: number,
    orgCode: string | null,
    appCode: string,
    clientIp: string,
  ): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = Date.now();
    await this.db
      .insertInto('sysSession')
      .values({
        id: newId(),
        tokenHash: this.hashToken(token),
        userId,
        tenantId,
        orgCode,
        appCode,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: now + this.cfg.sessionAbsoluteMs,
        revoked: 0,
        clientIp,
      })
      .execute();
    return token;
  }

  /** Resolves a live session: not revoked, within its absolute life and idle limit, user active. */
  async resolve(token: string): Promise<Session | null> {
    if (!token || token.length > 200) return null;
    const now = Date.now();
    const row = await this.db
      .selectFrom('sysSession as s')
      .innerJoin('sysUser as u', 'u.id', 's.userId')
      .select([
        's.id',
        's.userId',
        's.tenantId',
        's.orgCode',
        's.appCode',
        's.lastSeenAt',
        'u.username',
        'u.realname',
        'u.relTenantIds',
      ])
      .where('s.tokenHash', '=', this.hashToken(token))
      .where('s.revoked', '=', 0)
      .where('s.expiresAt', '>', now)
      .where('s.lastSeenAt', '>', now - this.cfg.sessionIdleMs)
      .where('u.status', '=', 1)
      .where('u.delFlag', '=', 0)
      .executeTakeFirst();
    if (!row) return null;
    if (now - row.lastSeenAt > TOUCH_INTERVAL_MS) {
      await this.db.updateTable('sysSession').set({ lastSeenAt: now }).where('id', '=', row.id).execute();
    }
    return {
      id: row.id,
      userId: row.userId,
      username: row.username,
      realname: row.realname,
      tenantId: row.tenantId,
      orgCode: row.orgCode,
      appCode: row.appCode,
      relTenantIds: parseIds(row.relTenantIds),
    };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.updateTable('sysSession').set({ revoked: 1 }).where('id', '=', sessionId).execute();
  }

  /** Ends every session of a user (password change, freeze, role change), optionally keeping one. */
  async revokeUser(userId: string, exceptSessionId?: string): Promise<void> {
    let q = this.db.updateTable('sysSession').set({ revoked: 1 }).where('userId', '=', userId);
    if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
    await q.execute();
  }

  async setOrgCode(sessionId: string, orgCode: string): Promise<void> {
    await this.db.updateTable('sysSession').set({ orgCode }).where('id', '=', sessionId).execute();
  }
}

export function parseIds(list: string | null | undefined): number[] {
  if (!list) return [];
  return list
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}
