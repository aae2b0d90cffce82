import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Session } from '../auth/sessions.js';
import { permissionCodes } from '../auth/permissions.js';
import { dataScope, type DataScope } from '../auth/scope.js';
import { verifySignature } from '../auth/sign.js';
import { memoized, scopeKey } from './caller-memo.js';
import { badRequest, forbidden, noPermission, unauthorized } from './errors.js';

/**
 * Who may call a route: `public` (anyone), `login` (any signed-in user) or a permission code such as
 * `user:add`. Every route must declare one; registration fails otherwise (deny by default).
 */
export type Access = 'public' | 'login' | `${string}:${string}`;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** One access, or a list meaning any of them (`['x:list', 'x:add']`: either code lets the caller in). */
    access?: Access | Access[];
    /** Route checks X-Sign/X-TIMESTAMP (protocol compatibility; not a security control). */
    signed?: boolean;
  }
  interface FastifyRequest {
    session: Session | null;
    /** The caller's session; throws 401 on public routes without one. */
    user(): Session;
    /** The caller's permission codes, loaded once per request. */
    permissions(): Promise<Set<string>>;
    /** The caller's data scope (spec §6), loaded once per request. */
    scope(): Promise<DataScope>;
  }
}

/** Path shapes that let a router and an auth layer disagree (security catalogue AUTH-01/02). */
const SUSPICIOUS_PATH = /;|%2f|%5c|%2e|%00|\\|\/\/|(^|\/)\.\.?(\/|$)/i;

export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('session', null);
  app.decorateRequest('user', function (this: FastifyRequest) {
    if (!this.session) throw unauthorized('token为空!');
    return this.session;
  });
  const permCache = new WeakMap<FastifyRequest, Promise<Set<string>>>();
  app.decorateRequest('permissions', function (this: FastifyRequest) {
    let p = permCache.get(this);
    if (!p) {
      const { userId } = this.user();
      p = memoized(app, `perms|${userId}`, () => permissionCodes(app.ctx.db.kysely, userId), { untilWritten: true });
      permCache.set(this, p);
    }
    return p;
  });
  const scopeCache = new WeakMap<FastifyRequest, Promise<DataScope>>();
  app.decorateRequest('scope', function (this: FastifyRequest) {
    let p = scopeCache.get(this);
    if (!p) {
      const session = this.user();
      p = memoized(app, scopeKey(session), () => dataScope(app.ctx.db.kysely, session), { untilWritten: true });
      scopeCache.set(this, p);
    }
    return p;
  });

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access || (Array.isArray(access) && access.length === 0))
      throw new Error(`路由 ${route.method} ${route.url} 没有声明访问权限（config.access）`);
  });

  app.addHook('onRequest', async (request) => {
    const rawPath = request.raw.url?.split('?')[0] ?? '';
    if (SUSPICIOUS_PATH.test(rawPath)) throw badRequest('非法的请求路径');
    const access = request.routeOptions.config?.access;
    if (!access) return; // 404 handler and static files
    const token = headerValue(request, 'x-access-token');
    if (token) {
      const session = await memoized(app, `session|${token}`, () => app.ctx.sessions.resolve(token));
      // A copy: the tenant check below may narrow the request's own.
      request.session = session && { ...session };
    }
    if (access === 'public') return;
    if (!request.session) throw notSignedIn(request);
    checkTenant(request, request.session);
    const anyOf = typeof access === 'string' ? [access] : access;
    if (!anyOf.includes('login')) {
      const perms = await request.permissions();
      if (!anyOf.some((code) => perms.has(code))) throw noPermission();
    }
  });

  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config?.signed) verifySignature(request, app.ctx.cfg.signSecret);
  });
});

/** The 401 of a caller without a session: no token, or one that no longer signs anyone in. */
export function notSignedIn(request: FastifyRequest) {
  return headerValue(request, 'x-access-token') ? unauthorized('Token失效，请重新登录!') : unauthorized('token为空!');
}

/**
 * The tenant header only selects among the session's own tenants (TOK-07): a foreign value is refused,
 * an empty or absent one means the session's tenant, never "all tenants". Exported for public routes
 * that still answer a signed-in caller as one.
 */
export function checkTenant(request: FastifyRequest, session: Session) {
  const raw = headerValue(request, 'x-tenant-id') || headerValue(request, 'tenant-id');
  if (!raw || raw === '0') return;
  const wanted = Number(raw);
  if (!Number.isInteger(wanted) || !session.relTenantIds.includes(wanted)) throw forbidden('租户信息不匹配，拒绝访问');
  session.tenantId = wanted;
}

function headerValue(request: FastifyRequest, name: string): string {
  const v = request.headers[name];
  return (Array.isArray(v) ? v[0] : v ?? '').trim();
}
