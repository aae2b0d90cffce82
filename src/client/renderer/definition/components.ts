/** Menu components of online (entity) lists; the entity code comes from the route (spec §2). */
export const ONLINE_LIST_COMPONENTS = ['OnlineList', 'modules/online/cgform/auto/OnlCgformAutoList'];

/** Whether a menu component name is served by a page definition (system pages and online lists). */
export function isSchemaComponent(name: string): boolean {
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
