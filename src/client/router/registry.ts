import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage, type AnyComponent, type Loader } from './lazy';
import { normaliseComponent } from './menu-routes';
import { ACCOUNT_CENTRE_COMPONENT } from '../pages/account/path';
import { TRACK_COMPONENT } from '../renderer/track/track-path';
import { DATA_APPLY_LOADERS } from '../pages/data-apply/loaders';
import { FORM_DESIGN_LOADERS } from '../pages/form-design/paths';
import { MOBILE_FORMS_LOADERS } from '../pages/mobile-forms/loaders';

export type ResolvedComponent = LazyExoticComponent<AnyComponent> | ComponentType<Record<string, never>>;
export type ComponentResolver = (component: string) => LazyExoticComponent<AnyComponent> | ResolvedComponent | null;

/** Hand-written pages the shell owns (DESIGN §2); every other name goes to the registered resolvers. */
const BUILT_IN: Record<string, Loader> = {
  'dashboard/Analysis': () => import('../pages/dashboard/AnalysisPage'),
  // A dashboard definition by code (menu url /dashboard/<code>).
  'dashboard/View': () => import('../pages/dashboard/DashboardPage'),
  'layouts/IframePageView': () => import('../pages/iframe/IframePageView'),
  'exception/403': () => import('../pages/exception/Exception403'),
  'exception/404': () => import('../pages/exception/Exception404'),
  'exception/500': () => import('../pages/exception/Exception500'),
  'result/Success': () => import('../pages/result/SuccessPage'),
  'result/Error': () => import('../pages/result/ErrorPage'),
  [ACCOUNT_CENTRE_COMPONENT]: () => import('../pages/account/AccountCentrePage'),
  [TRACK_COMPONENT]: () => import('../renderer/track/TrackPage'),
  // Popup report list screens (/online/cgreport/:code) and the report designer's demos.
  'modules/online/cgreport/auto/OnlCgreportAutoList': () => import('../pages/report/ReportListPage'),
  OnlineReport: () => import('../pages/report/ReportListPage'),
  'demo/OrderDemo': () => import('../pages/demo/OrderDemoPage'),
  'demo/TreeTableDemo': () => import('../pages/demo/TreeTableDemoPage'),
  // Applications of audited data changes (/dynamicForm/dataApply ...).
  ...DATA_APPLY_LOADERS,
  // The form designer (/dynamicForm/forms, /dynamicForm/designer).
  ...FORM_DESIGN_LOADERS,
  // The phone form page of the mobile dynamic-form application (/h5Web/dfProject, /dynamicForm/list).
  ...MOBILE_FORMS_LOADERS,
};

const resolvers: ComponentResolver[] = [];
const cache = new Map<string, ResolvedComponent>();

/**
 * Lets another part of the console (the schema renderer) claim menu component names such as
 * `system/UserList` or `modules/online/cgform/auto/OnlCgformAutoList`. Returns an unregister function.
 */
export function registerComponentResolver(fn: ComponentResolver): () => void {
  resolvers.push(fn);
  cache.clear();
  return () => {
    const i = resolvers.indexOf(fn);
    if (i >= 0) resolvers.splice(i, 1);
    cache.clear();
  };
}

export function isBuiltIn(component: string): boolean {
  return normaliseComponent(component) in BUILT_IN;
}

/** The component for a menu string, or null when nobody provides it. */
export function resolveComponent(component: string): ResolvedComponent | null {
  const name = normaliseComponent(component);
  if (!name) return null;
  const hit = cache.get(name);
  if (hit) return hit;
  let found: ResolvedComponent | null = null;
  if (BUILT_IN[name]) found = lazyPage(BUILT_IN[name]);
  for (let i = resolvers.length - 1; !found && i >= 0; i--) found = resolvers[i](name) ?? null;
  if (found) cache.set(name, found);
  return found;
}

/** Forgets a resolved component so that a failed chunk is requested again (the retry button). */
export function forgetComponent(component: string): void {
  cache.delete(normaliseComponent(component));
}
