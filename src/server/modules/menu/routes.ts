import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { toMenuNode, userPermissions } from './user-menu.js';
import { withOnlinePatterns } from './online-patterns.js';
import { toVue3Menu, VUE3_PAGES } from './vue3-profile.js';

const HOME_URL = '/dashboard/analysis';

/** The signed-in user's menu and permissions, and the dashboard's counts. */
export async function menuRoutes(app: FastifyInstance) {
  const db = app.ctx.db.kysely;
  const vue3 = app.ctx.cfg.clientProfile === 'jeecg-vue3';
  const homeRow = () => db.selectFrom('sysPermission').selectAll().where('url', '=', HOME_URL).where('delFlag', '=', 0).executeTakeFirst();

  app.get('/sys/permission/getUserPermissionByToken', { config: { access: 'login' } }, async (request) => {
    const result = await userPermissions(db, request.user().userId);
    // Every user gets the home entry, even through a role created without it (protocol §3).
    if (!hasPath(result.menu, HOME_URL)) {
      const home = await homeRow();
      if (home) result.menu.unshift(toMenuNode(home, true));
    }
    // The Vue 3 client routes the online lists itself and names its views differently (vue3-profile.ts).
    if (vue3) return ok({ ...result, menu: toVue3Menu(withOnlinePatterns(result.menu, { patternRoutes: false })) });
    return ok({ ...result, menu: withOnlinePatterns(result.menu) });
  });

  // The default home page every role gets (the Vue 3 menu page marks it); changing it is not offered.
  app.get('/sys/sysRoleIndex/queryDefIndex', { config: { access: 'login' } }, async () => {
    const home = await homeRow();
    const component = home?.component ?? 'dashboard/Analysis';
    return ok({
      roleCode: 'DEF_INDEX_ALL',
      url: home?.url ?? HOME_URL,
      component: vue3 ? (VUE3_PAGES[component] ?? component) : component,
      route: home ? home.isRoute === 1 : true,
      status: '1',
    });
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
