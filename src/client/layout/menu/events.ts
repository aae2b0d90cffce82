/** Raised when a menu entry is selected (spec §2): other parts of the console may listen. */
export const DYNAMIC_ROUTE_SHOW = 'dynamic-route-show';

export interface DynamicRouteShowDetail {
  path: string;
  title: string;
}

export function emitDynamicRouteShow(detail: DynamicRouteShowDetail): void {
  window.dispatchEvent(new CustomEvent<DynamicRouteShowDetail>(DYNAMIC_ROUTE_SHOW, { detail }));
}
