import { createContext, useContext } from 'react';
import type { FlatRoute, RouteMeta } from './menu-routes';

/** The layout's routes and the menu they came from, for tabs, breadcrumb and search. */
export interface LayoutRoutesValue {
  routes: FlatRoute[];
}

export const LayoutRoutesContext = createContext<LayoutRoutesValue>({ routes: [] });

export function useLayoutRoutes(): LayoutRoutesValue {
  return useContext(LayoutRoutesContext);
}

/** The route meta of the page being rendered (a page in a background tab sees its own). */
export const PageMetaContext = createContext<{ path: string; meta: RouteMeta } | null>(null);

export function usePageMeta() {
  return useContext(PageMetaContext);
}
