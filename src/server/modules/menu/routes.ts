import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { toMenuNode, userPermissions } from './user-menu.js';

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
    return ok(result);
  });

  app.get('/sys/dashboard/counts', { config: { access: 'login' } }, async () => {
    const count = async (table: 'sysUser' | 'sysDepart' | 'sysRole') => {
      let q = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
      if (table === 'sysUser') q = q.where('delFlag', '=', 0);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    const announcementCount = await countAnnouncements(app);
    return ok({
      userCount: await count('sysUser'),
      departCount: await count('sysDepart'),
      roleCount: await count('sysRole'),
      announcementCount,
    });
  });
}

function hasPath(nodes: { path: string; children?: { path: string }[] }[], path: string): boolean {
  return nodes.some((n) => n.path === path || hasPath((n.children ?? []) as typeof nodes, path));
}

/** Announcements arrive with the notices module; until its table exists the count is 0. */
async function countAnnouncements(app: FastifyInstance): Promise<number> {
  const tables = await app.ctx.db.kysely.introspection.getTables();
  if (!tables.some((t) => t.name === 'sys_announcement')) return 0;
  const { sql } = await import('kysely');
  const row = await sql<{ n: number }>`select count(*) as n from sys_announcement where del_flag = '0'`.execute(app.ctx.db.kysely);
  return Number(row.rows[0]?.n ?? 0);
}
