import { matchPath } from 'react-router-dom';
import type { MenuDef } from '../../shared/schema-types';
import { t } from '../locale/zh-CN';
import { withTimeout } from './lazy';
import type { FlatRoute } from './menu-routes';

/** The page every route the user's menu does not grant shows (a hand-written page of the registry). */
export const FORBIDDEN_COMPONENT = 'exception/403';

/** Route paths of a menu tree: in-app addresses of entries registered as routes (external links have none). */
export function menuRoutePaths(menus: readonly MenuDef[]): string[] {
  const out: string[] = [];
  const walk = (list: readonly MenuDef[]) => {
    for (const m of list) {
      if (m.route === false) continue;
      if (m.url.startsWith('/')) out.push(m.url);
      walk(m.children ?? []);
    }
  };
  walk(menus);
  return out;
}

/**
 * Every page address the shipped menu definitions name, whoever may open it (known-routes.ts). Loaded
 * only when an address matches none of the user's routes: the definitions weigh more than the rest of
 * the layout's routing, and a granted page does not need them.
 */
export const loadKnownRoutePaths = (): Promise<readonly string[]> =>
  withTimeout(import('./known-routes')).then((m) => m.KNOWN_ROUTE_PATHS);

/**
 * A 403 route for each known address that none of the granted routes matches, so the layout shows
 * 无权访问 there instead of sending the user to 404. A granted concrete route still wins over a
 * forbidden pattern (`/online/cgformList/:code`) because route matching prefers the more specific path.
 */
export function forbiddenRoutes(granted: readonly FlatRoute[], known: readonly string[]): FlatRoute[] {
  const title = t.shell.exception.titles[403];
  const seen = new Set<string>();
  const out: FlatRoute[] = [];
  for (const path of known) {
    if (seen.has(path)) continue;
    seen.add(path);
    if (granted.some((r) => r.path === path || matchPath(r.path, path))) continue;
    out.push({ path, component: FORBIDDEN_COMPONENT, meta: { title, keepAlive: false, internalOrExternal: false }, trail: [title] });
  }
  return out;
}
