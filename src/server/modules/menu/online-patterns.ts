import { ONLINE_LIST_COMPONENTS, ONLINE_LIST_URL } from '../../definitions/cross-refs.js';
import { REPORT_LIST_COMPONENTS, REPORT_LIST_URL } from '../report/menu-check.js';
import type { MenuNode } from './user-menu.js';

/**
 * How the JeecgBoot Vue 2 family opens online lists and reports: a concrete entry
 * (/online/cgformList/erp_customer) is shown in the menu but is not a route itself (route '0'); the
 * hidden pattern route (/online/cgformList/:code) renders it with the code as a route parameter.
 * Our console resolves the concrete entries through the same pattern (client router/menu-routes.ts).
 */
interface Family {
  url: RegExp;
  components: readonly string[];
  component: string;
  pattern: string;
  title: string;
}

const FAMILIES: readonly Family[] = [
  {
    url: ONLINE_LIST_URL,
    components: ONLINE_LIST_COMPONENTS,
    component: 'modules/online/cgform/auto/OnlCgformAutoList',
    pattern: '/online/cgformList/:code',
    title: 'AUTO在线表单',
  },
  {
    url: REPORT_LIST_URL,
    components: REPORT_LIST_COMPONENTS,
    component: 'modules/online/cgreport/auto/OnlCgreportAutoList',
    pattern: '/online/cgreport/:code',
    title: 'AUTO在线报表',
  },
];

const lastSegment = (component: string) => component.split('/').pop() ?? component;

/** The hidden route of a family, as the original's seeded AUTO在线表单 / AUTO在线报表 entries. */
function patternNode(f: Family): MenuNode {
  return {
    id: `route-${lastSegment(f.component)}`,
    route: '1',
    path: f.pattern,
    name: f.pattern.replace(/^\//, '').replace(/\//g, '-').replace(/:/g, '@'),
    component: f.component,
    redirect: null,
    hidden: true,
    meta: {
      keepAlive: false,
      internalOrExternal: false,
      title: f.title,
      componentName: lastSegment(f.component),
      hideMenu: true,
    },
  };
}

/**
 * Marks the caller's concrete online list and report entries as the family does (route '0', the
 * family's component name even where a row still says OnlineList) and adds the hidden pattern route of
 * each family the menu uses, so the entries open in any client of the family. With `patternRoutes`
 * false (the Vue 3 client, which routes /online/cgformList/:id and /online/cgreport/:id itself) only
 * the entries are marked.
 */
export function withOnlinePatterns(menu: MenuNode[], { patternRoutes = true }: { patternRoutes?: boolean } = {}): MenuNode[] {
  const used = new Set<Family>();
  const walk = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      const family = FAMILIES.find((f) => f.components.includes(node.component ?? '') && f.url.test(node.path));
      if (family) {
        used.add(family);
        node.route = '0';
        node.component = family.component;
        if (!node.meta.componentName || family.components.includes(node.meta.componentName))
          node.meta.componentName = lastSegment(family.component);
      }
      if (node.children) walk(node.children);
    }
  };
  walk(menu);
  if (!patternRoutes) return menu;
  return [...menu, ...FAMILIES.filter((f) => used.has(f)).map(patternNode)];
}
