import { matchPath } from 'react-router-dom';
import type { MenuMeta, MenuNode } from '../session/types';

/** A route built from a menu entry (protocol.md §3.1), before it becomes a React Router route. */
export interface AppRoute {
  path: string;
  name: string;
  component: string;
  redirect?: string;
  hidden: boolean;
  alwaysShow: boolean;
  meta: RouteMeta;
  children: AppRoute[];
}

export interface RouteMeta {
  title: string;
  icon?: string;
  url?: string;
  keepAlive: boolean;
  internalOrExternal: boolean;
  componentName?: string;
  permissionList?: MenuMeta['permissionList'];
  cornerMark?: string;
}

/** Values the `{{ … }}` placeholders of menu URLs may name. Nothing from the server is ever evaluated. */
export interface PlaceholderValues {
  apiBase: string;
  staticDomain: string;
}

const PLACEHOLDER = /\{\{\s*([^}]*?)\s*\}\}/g;
const CONFIG_KEY = /^window\._CONFIG\s*\[\s*['"]([A-Za-z]+)['"]\s*\]$|^window\._CONFIG\.([A-Za-z]+)$/;

/**
 * Replaces `{{ window._CONFIG['domianURL'] }}`-style placeholders from a fixed table; any other
 * expression becomes empty text (the original evaluated it as JavaScript — we never do).
 */
export function expandPlaceholders(text: string, values: PlaceholderValues): string {
  const origin = typeof window !== 'undefined' && window.location ? window.location.origin : '';
  const table: Record<string, string> = {
    domianURL: origin + values.apiBase,
    domainURL: origin + values.apiBase,
    staticDomainURL: values.staticDomain.startsWith('/') ? origin + values.staticDomain : values.staticDomain,
  };
  return text.replace(PLACEHOLDER, (_m, expr: string) => {
    const hit = CONFIG_KEY.exec(expr.trim());
    const key = hit?.[1] ?? hit?.[2];
    return key && key in table ? table[key] : '';
  });
}

/**
 * `${token}` and `${tenantId}` in a menu URL become the session's values (protocol.md §3.1) — only where
 * an administrator wrote them into the entry's URL.
 */
export function fillSessionPlaceholders(url: string, token: string | null, tenantId: string | null): string {
  return url
    .replace(/\$\{token\}/g, encodeURIComponent(token ?? ''))
    .replace(/\$\{tenantId\}/g, encodeURIComponent(tenantId ?? '0'));
}

/** Layout components only nest routes; `IframePageView` is a page. */
export function isLayoutComponent(component: string | null | undefined): boolean {
  const c = normaliseComponent(component);
  return c.startsWith('layouts/') && c !== 'layouts/IframePageView';
}

/** Menu component strings arrive as `system/UserList`, `/system/UserList`, `views/…`, `….vue`. */
export function normaliseComponent(component: string | null | undefined): string {
  return (component ?? '')
    .trim()
    .replace(/^\/+/, '')
    .replace(/^views\//, '')
    .replace(/\.vue$/, '');
}

function normalisePath(path: string): string {
  if (!path) return '/';
  return path.startsWith('/') ? path : `/${path}`;
}

const isPattern = (n: MenuNode) => !!n.hidden && String(n.route ?? '1') !== '0' && n.path.includes('/:');

/**
 * The JeecgBoot family opens a concrete online entry (route '0', /online/cgformList/erp_customer) through
 * a hidden pattern route (/online/cgformList/:code). We register each such entry as its own route with the
 * pattern's component instead, and not the pattern itself: an address the menu does not grant still
 * shows 无权访问 rather than a page whose data the server refuses.
 */
export function resolvePatternEntries(menu: readonly MenuNode[]): MenuNode[] {
  const patterns: MenuNode[] = [];
  const collect = (nodes: readonly MenuNode[]) => {
    for (const n of nodes) {
      if (isPattern(n)) patterns.push(n);
      collect(n.children ?? []);
    }
  };
  collect(menu);
  if (!patterns.length) return [...menu];
  const used = new Set<MenuNode>();
  const rewrite = (nodes: readonly MenuNode[]): MenuNode[] =>
    nodes.flatMap((n) => {
      if (isPattern(n)) return [n];
      const children = n.children ? { children: rewrite(n.children) } : {};
      if (String(n.route ?? '1') !== '0') return [{ ...n, ...children }];
      const pattern = patterns.find((p) => matchPath(p.path, n.path));
      if (!pattern) return [{ ...n, ...children }];
      used.add(pattern);
      return [{ ...n, ...children, route: '1', component: pattern.component }];
    });
  const drop = (nodes: MenuNode[]): MenuNode[] =>
    nodes.filter((n) => !used.has(n)).map((n) => (n.children ? { ...n, children: drop(n.children) } : n));
  return drop(rewrite(menu));
}

/**
 * Menu → routes: route flag '0' entries (and their subtrees) are not registered unless a pattern route
 * serves them (resolvePatternEntries); `{{ }}` placeholders expanded from the table; `alwaysShow`
 * entries redirect to themselves as in the original.
 */
export function menuToRoutes(menu: readonly MenuNode[], values: PlaceholderValues): AppRoute[] {
  return toRoutes(resolvePatternEntries(menu), values);
}

function toRoutes(menu: readonly MenuNode[], values: PlaceholderValues): AppRoute[] {
  const out: AppRoute[] = [];
  for (const item of menu) {
    if (String(item.route ?? '1') === '0') continue;
    const meta = item.meta ?? { title: '' };
    const url = meta.url ? expandPlaceholders(meta.url, values) : undefined;
    const path = normalisePath(item.path);
    const route: AppRoute = {
      path,
      name: item.name ? expandPlaceholders(item.name, values) : path,
      component: normaliseComponent(item.component),
      hidden: !!item.hidden,
      alwaysShow: !!item.alwaysShow,
      meta: {
        title: meta.title ?? '',
        icon: meta.icon,
        url: url || undefined,
        keepAlive: !!meta.keepAlive,
        internalOrExternal: !!meta.internalOrExternal,
        componentName: meta.componentName,
        permissionList: meta.permissionList,
        cornerMark: meta.cornerMark,
      },
      children: toRoutes(item.children ?? [], values),
    };
    if (item.redirect) route.redirect = normalisePath(item.redirect);
    if (route.alwaysShow && !route.redirect) route.redirect = path;
    out.push(route);
  }
  return out;
}

/** A registered route: a page, or a container that redirects to one of its pages. */
export interface FlatRoute {
  path: string;
  component: string;
  meta: RouteMeta;
  redirect?: string;
  /** Titles from the root to this route, for the breadcrumb. */
  trail: string[];
}

/**
 * The routes to register under the layout. Pages become routes; a container (layout component)
 * becomes a redirect to its own `redirect` or its first page; the first entry for a path wins.
 */
export function flattenRoutes(routes: readonly AppRoute[], trail: string[] = []): FlatRoute[] {
  const out: FlatRoute[] = [];
  const seen = new Set<string>();
  const push = (r: FlatRoute) => {
    if (seen.has(r.path)) return;
    seen.add(r.path);
    out.push(r);
  };
  const walk = (list: readonly AppRoute[], parents: string[]) => {
    for (const r of list) {
      const here = [...parents, r.meta.title];
      if (isLayoutComponent(r.component) || (!r.component && r.children.length)) {
        const firstPage = findFirstPage(r.children);
        const target = r.redirect && r.redirect !== r.path ? r.redirect : firstPage;
        if (target && target !== r.path) push({ path: r.path, component: '', meta: r.meta, redirect: target, trail: here });
      } else {
        push({ path: r.path, component: r.component, meta: r.meta, trail: here });
      }
      walk(r.children, here);
    }
  };
  walk(routes, trail);
  return out;
}

function findFirstPage(routes: readonly AppRoute[]): string | undefined {
  for (const r of routes) {
    if (!isLayoutComponent(r.component) && r.component) return r.path;
    const inner = findFirstPage(r.children);
    if (inner) return inner;
  }
  return undefined;
}
