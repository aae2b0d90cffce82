import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { toMenuNode, userPermissions } from './user-menu.js';
import { withOnlinePatterns } from './online-patterns.js';

const HOME_URL = '/dashboard/analysis';

/** The signed-in user's menu and permissions, and the dashboard's counts. */
export async function menuRoutes(app: FastifyInstance) {
  const db = app.ctx.db.kysely;

  app.get('/sys/permission/getUserPermissionByToken', { config: { access: 'login' } }, async (request) => {
    const result = await userPermissions(db, request.user().userId);
    // Every user gets the home entry, even through a role created without it (protocol §3).
    if (!hasPath(result.menu, HOME_URL)) {
      const home = await db.selectFrom('sysPermission').selectAll().where('url', '=', HOME_URL).where('delFlag', '=', 0).executeTakeFirst();
      if (home) result.menu.unshift(toMenuNode(home, true));
    }
    return ok({ ...result, menu: withOnlinePatterns(result.menu) });
  });

  app.get('/sys/dashboard/counts', { config: { access: 'login' } }, async () => {
    const count = async (table: 'sysUser' | 'sysDepart' | 'sysRole' | 'sysAnnouncement') => {
      let q = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
      if (table === 'sysUser' || table === 'sysAnnouncement') q = q.where('delFlag', '=', 0);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    return ok({
      userCount: await count('sysUser'),
      departCount: await count('sysDepart'),
      roleCount: await count('sysRole'),
      announcementCount: await count('sysAnnouncement'),
    });
  });
}

function hasPath(nodes: { path: string; children?: { path: string }[] }[], path: string): boolean {
  return nodes.some((n) => n.path === path || hasPath((n.children ?? []) as typeof nodes, path));
}
