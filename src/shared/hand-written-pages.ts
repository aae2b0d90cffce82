/**
 * Menu components the console implements by hand instead of rendering a page definition (DESIGN §2):
 * whole folders (layouts, dashboard, exception and result pages, the login variants) and single pages
 * registered by console modules. The definition check accepts these without a schemas/pages entry;
 * every other menu component must be served by a page definition. Add a name here together with the
 * console code that registers it.
 */
export const HAND_WRITTEN_FOLDERS = [
  'layouts/',
  'dashboard/',
  'exception/',
  'result/',
  'user/',
  // the data-audit application pages (我的申请, 数据审核, …), generic over every audited entity
  'dynamicForm/',
] as const;

export const HAND_WRITTEN_PAGES = [
  // src/client/notices/register.ts
  'system/UserAnnouncementList',
  'system/feedback/MyFeedbackList',
  // src/client/router/registry.ts (report designer's demos)
  'demo/OrderDemo',
  'demo/TreeTableDemo',
] as const;

/** Whether a (normalised) menu component is a hand-written page. */
export const isHandWrittenPage = (component: string): boolean =>
  HAND_WRITTEN_FOLDERS.some((f) => component.startsWith(f)) ||
  (HAND_WRITTEN_PAGES as readonly string[]).includes(component);

/** The menu component that opens a dashboard definition by code: its url is /dashboard/<code>. */
export const DASHBOARD_VIEW = 'dashboard/View';

/** The dashboard code of a dashboard/View url (/dashboard/erp → erp), or null. */
export const dashboardCodeOf = (url: string): string | null =>
  /^\/dashboard\/([a-z][a-z0-9_]{0,63})$/.exec(url)?.[1] ?? null;
