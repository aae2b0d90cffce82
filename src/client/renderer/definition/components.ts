import { isHandWrittenPage } from '../../../shared/hand-written-pages';

/** Menu components of online (entity) lists; the entity code comes from the route (spec §2). */
export const ONLINE_LIST_COMPONENTS = ['OnlineList', 'modules/online/cgform/auto/OnlCgformAutoList'];

/**
 * Whether a menu component name may be served by a page definition: every name the console does not
 * implement by hand (the definition check demands a page for each such menu component, and a module's
 * record page may serve any path, e.g. a patient file). The server says whether one exists.
 */
export function isSchemaComponent(name: string): boolean {
  return ONLINE_LIST_COMPONENTS.includes(name) || !isHandWrittenPage(name);
}

/**
 * Names that always had a page definition (system pages, online lists): there a missing one is an
 * error; any other name without one is a page not built yet (该功能尚未开放).
 */
export function isCoreSchemaComponent(name: string): boolean {
  return ONLINE_LIST_COMPONENTS.includes(name) || name.startsWith('system/');
}

/**
 * The entity code of an online list: the route's `:code`, or — for menus registered with a concrete
 * path such as `/online/cgformList/erp_customer` — the last segment of the path.
 */
export function entityCodeOf(
  component: string,
  param: string | undefined,
  pathname: string,
): string | undefined {
  if (param) return param;
  if (!ONLINE_LIST_COMPONENTS.includes(component)) return undefined;
  const last = pathname.split('/').filter(Boolean).pop();
  return last ? decodeURIComponent(last) : undefined;
}
