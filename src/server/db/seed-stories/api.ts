import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { initialOrgCode } from '../../modules/auth/login-result.js';

/** A step the API refused (or could not do): it ends the story; `reason` is what the server said. */
export class StepRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

type Method = 'GET' | 'POST';

/**
 * The demo users' side of the real API, in-process (`app.inject`): every step goes through the same
 * routes, permission checks, scope and validation as a person's request. Sessions are opened directly in
 * the session store (no captcha or password round), once per user, and ended by `close`.
 */
export class StoryApi {
  private readonly tokens = new Map<string, string>();

  constructor(
    private readonly ctx: AppContext,
    private readonly app: FastifyInstance,
  ) {}

  /**
   * Opens the user's session if it is not open yet. Call it outside the story's clock: a session
   * opened at a past time would already have idled out.
   */
  async signIn(username: string): Promise<void> {
    if (this.tokens.has(username)) return;
    const db = this.ctx.db.kysely;
    const user = await db
      .selectFrom('sysUser')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirst();
    if (!user || user.status !== 1 || user.delFlag !== 0)
      throw new StepRefused(`演示用户 ${username} 不存在或已停用`);
    const tenantIds = (user.relTenantIds ?? '')
      .split(',')
      .map(Number)
      .filter((n) => n > 0);
    const tenant = tenantIds.length
      ? await db
          .selectFrom('sysTenant')
          .select('id')
          .where('id', 'in', tenantIds)
          .where('status', '=', 1)
          .orderBy('id')
          .executeTakeFirst()
      : undefined;
    const orgCode = await initialOrgCode(db, user);
    const token = await this.ctx.sessions.create(
      user.id,
      tenant?.id ?? 0,
      orgCode,
      this.ctx.cfg.defaultAppCode,
      '127.0.0.1',
      'seed-stories',
    );
    this.tokens.set(username, token);
  }

  /** The result of a successful call; a refusal (4xx, 5xx or `success: false`) throws StepRefused. */
  async call(
    username: string,
    method: Method,
    url: string,
    opts: { payload?: object; query?: Record<string, string> } = {},
  ): Promise<unknown> {
    const token = this.tokens.get(username);
    if (!token) throw new StepRefused(`演示用户 ${username} 未登录`);
    const res = await this.app.inject({
      method,
      url: `${this.ctx.cfg.apiBase}${url}`,
      headers: { 'x-access-token': token },
      ...(opts.payload ? { payload: opts.payload } : {}),
      ...(opts.query ? { query: opts.query } : {}),
    });
    let body: { success?: boolean; message?: string; result?: unknown } = {};
    try {
      body = res.json();
    } catch {
      // Not an envelope: only the status says what happened.
    }
    if (res.statusCode >= 400 || body.success !== true)
      throw new StepRefused(body.message || `HTTP ${res.statusCode}`);
    return body.result;
  }

  /** Ends the sessions opened for the stories. */
  async close(): Promise<void> {
    const hashes = [...this.tokens.values()].map((t) => this.ctx.sessions.hashToken(t));
    this.tokens.clear();
    if (hashes.length)
      await this.ctx.db.kysely
        .updateTable('sysSession')
        .set({ revoked: 1 })
        .where('tokenHash', 'in', hashes)
        .execute();
  }
}
