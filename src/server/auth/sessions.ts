import crypto from 'node:crypto';
import type { Kysely, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Config } from '../config.js';
import { prepared } from '../db/prepared.js';
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
const USER_AGENT_MAX = 300;

/** One of a user's live sessions as he may see it: a non-secret id, never the token or its hash. */
export interface OwnSession {
  id: string;
  userAgent: string | null;
  clientIp: string | null;
  createdAt: number;
  lastSeenAt: number;
}

type RevokeQuery = UpdateQueryBuilder<Database, 'sysSession', 'sysSession', UpdateResult>;

/**
 * Told the ids of sessions that have just ended, so live channels opened with them (websockets) close
 * at once. A listener handles its own failures: the revocation is already stored and stands.
 */
export type RevocationListener = (sessionIds: string[]) => Promise<void>;

export class SessionStore {
  private readonly listeners = new Set<RevocationListener>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly cfg: Pick<Config, 'sessionSecret' | 'sessionAbsoluteMs' | 'sessionIdleMs' | 'appCodes' | 'defaultAppCode'>,
  ) {}

  /** Subscribes to revocations; returns the unsubscribe function. */
  onRevoke(listener: RevocationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

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
    userAgent?: string,
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
        userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
      })
      .execute();
    return token;
  }

  /** Sessions that are live: not revoked, within their absolute life and idle limit, user active. */
  private live(now: number) {
    return liveSessions(this.db, now, now - this.cfg.sessionIdleMs);
  }

  /** The ids among `sessionIds` still live (for channels that may have missed a revocation). */
  async stillLive(sessionIds: readonly string[]): Promise<Set<string>> {
    const out = new Set<string>();
    const ids = [...new Set(sessionIds)];
    // Bounded IN lists: an instance may hold thousands of sockets.
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await this.live(Date.now()).select('s.id').where('s.id', 'in', ids.slice(i, i + 500)).execute();
      for (const r of rows) out.add(r.id);
    }
    return out;
  }

  /** A user's live sessions, most recently active first (the personal centre's 我的会话). */
  async listOwn(userId: string): Promise<OwnSession[]> {
    return this.live(Date.now())
      .select(['s.id', 's.userAgent', 's.clientIp', 's.createdAt', 's.lastSeenAt'])
      .where('s.userId', '=', userId)
      .orderBy('s.lastSeenAt', 'desc')
      .orderBy('s.id')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, createdAt: Number(r.createdAt), lastSeenAt: Number(r.lastSeenAt) })));
  }

  /** Ends one session only if it belongs to `userId`; false when there was no such live session of his. */
  async revokeOwn(userId: string, sessionId: string): Promise<boolean> {
    const ended = await this.end((q) => q.where('id', '=', sessionId).where('userId', '=', userId));
    return ended.length > 0;
  }

  /** Resolves a live session: not revoked, within its absolute life and idle limit, user active. */
  async resolve(token: string): Promise<Session | null> {
    if (!token || token.length > 200) return null;
    const now = Date.now();
    const row = await sessionByToken.executeTakeFirst(this.db, this.hashToken(token), now, now - this.cfg.sessionIdleMs);
    if (!row) return null;
    const relTenantIds = parseIds(row.relTenantIds);
    // Removal from a tenant revokes the user's sessions; this also holds for any path that changed his
    // tenants without revoking (an import, a database edit): a session never outlives its tenant link.
    if (row.tenantId > 0 && !relTenantIds.includes(row.tenantId)) return null;
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
      // A code this deployment no longer serves (or a session opened before codes were checked at
      // sign-in) must not keep the scope it implied.
      appCode: this.cfg.appCodes.includes(row.appCode) ? row.appCode : this.cfg.defaultAppCode,
      relTenantIds,
    };
  }

  /**
   * Every way a session ends goes through here (logout, password change or reset, freeze, delete, a
   * change of roles, departments or tenants, forced logout, a frozen tenant), so every one of them also
   * closes the sockets opened with the ended sessions.
   */
  private async end(where: (q: RevokeQuery) => RevokeQuery): Promise<string[]> {
    const rows = await where(this.db.updateTable('sysSession').set({ revoked: 1 }).where('revoked', '=', 0)).returning('id').execute();
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    await Promise.all([...this.listeners].map((listen) => listen(ids)));
    return ids;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.end((q) => q.where('id', '=', sessionId));
  }

  /** Ends every session of a user (password change, freeze, role change), optionally keeping one; returns the ids ended. */
  async revokeUser(userId: string, exceptSessionId?: string): Promise<string[]> {
    return this.end((q) => (exceptSessionId ? q.where('userId', '=', userId).where('id', '!=', exceptSessionId) : q.where('userId', '=', userId)));
  }

  /** Ends every session opened in a tenant (the tenant was frozen). */
  async revokeTenant(tenantId: number): Promise<void> {
    await this.end((q) => q.where('tenantId', '=', tenantId));
  }

  async setOrgCode(sessionId: string, orgCode: string): Promise<void> {
    await this.db.updateTable('sysSession').set({ orgCode }).where('id', '=', sessionId).execute();
  }

  /** Moves a session to another tenant; the caller checks the user belongs to it and it is active. */
  async setTenant(sessionId: string, tenantId: number): Promise<void> {
    await this.db.updateTable('sysSession').set({ tenantId }).where('id', '=', sessionId).execute();
  }
}

export function parseIds(list: string | null | undefined): number[] {
  if (!list) return [];
  return list
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** Sessions not revoked, within their absolute life, active since `idleSince`, of an active user. */
function liveSessions(db: Kysely<Database>, now: number, idleSince: number) {
  return db
    .selectFrom('sysSession as s')
    .innerJoin('sysUser as u', 'u.id', 's.userId')
    .where('s.revoked', '=', 0)
    .where('s.expiresAt', '>', now)
    .where('s.lastSeenAt', '>', idleSince)
    .where('u.status', '=', 1)
    .where('u.delFlag', '=', 0);
}

/** The live session of a token, with its user: asked on every request, so built once (db/prepared.ts). */
const sessionByToken = prepared((db, tokenHash: string, now: number, idleSince: number) =>
  liveSessions(db, now, idleSince)
    .select(['s.id', 's.userId', 's.tenantId', 's.orgCode', 's.appCode', 's.lastSeenAt', 'u.username', 'u.realname', 'u.relTenantIds'])
    .where('s.tokenHash', '=', tokenHash),
);
