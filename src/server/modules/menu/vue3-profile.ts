import type { MenuNode } from './user-menu.js';

/**
 * The menu as the JeecgBoot Vue 3 client (jeecgboot-vue3, CLIENT_PROFILE=jeecg-vue3) reads it. Its
 * router (src/router/helper/routeHelper.ts) imports `src/views/<component>.vue` (any other string
 * becomes an undefined component, which breaks the page), takes `layouts/default/index` as a
 * container, an `http…` component as an iframe (`meta.frameSrc`) and `route: '0'` as a menu-only entry
 * served by the client's own routes (the online lists); it renders `meta.icon` with Iconify names.
 * The rows keep the Vue 2 family's names our console uses; this file only maps them.
 */

/** A container (a menu with children): the Vue 3 client's layout. */
export const VUE3_LAYOUT = 'layouts/default/index';

/**
 * The Vue 3 client's 404 page (src/views/sys/exception/Exception.vue). A page the client does not have
 * keeps its route on it and is hidden from the menu: opening its address says "not found" instead of
 * breaking the router.
 */
export const VUE3_NOT_FOUND = 'sys/exception/Exception';

/** Container layouts of the Vue 2 family (and the Vue 3 names, kept). */
const LAYOUTS = ['layouts/RouteView', 'layouts/TabLayout', 'layouts/PageView', 'layouts/BlankLayout', 'layouts/UserLayout', VUE3_LAYOUT, 'LAYOUT'];

/** Iframe pages of the Vue 2 family; the Vue 3 client takes the address itself as the component. */
const IFRAMES = ['layouts/IframePageView', 'IframePageView'];

/**
 * Vue 2 family page → the Vue 3 client's view of the same page (paths under jeecgboot-vue3/src/views,
 * v3.9.3). Our console's names first, then the original Vue 2 client's names of the same pages.
 */
export const VUE3_PAGES: Readonly<Record<string, string>> = {
  'dashboard/Analysis': 'dashboard/Analysis',
  'system/UserList': 'system/user/index',
  'system/RoleList': 'system/role/index',
  'system/RoleUserList': 'system/role/index',
  'system/PermissionList': 'system/menu/index',
  'system/NewPermissionList': 'system/menu/index',
  'system/DepartList': 'system/depart/index',
  'system/DepartUserList': 'system/departUser/index',
  'system/DictList': 'system/dict/index',
  'system/SysPositionList': 'system/position/index',
  'system/SysCategoryList': 'system/category/index',
  'system/SysCheckRuleList': 'system/checkRule/index',
  'system/SysFillRuleList': 'system/fillRule/index',
  'system/TenantList': 'system/tenant/index',
  'system/SysAnnouncementList': 'system/notice/index',
  'system/UserAnnouncementList': 'monitor/mynews/index',
  'system/LogList': 'monitor/log/index',
  'system/DataLogList': 'monitor/datalog/index',
  'system/QuartzJobList': 'monitor/quartz/index',
  'system/SysDataSourceList': 'monitor/datasource/index',
  'system/SysGatewayRouteList': 'monitor/route/index',
  'system/SysUserOnlineList': 'system/onlineuser/OnlineUserList',
  'system/AddressList': 'system/address/index',
  'system/SysMessageTemplateList': 'system/message/template/index',
  'modules/message/SysMessageTemplateList': 'system/message/template/index',
  'modules/message/SysMessageList': 'system/message/manage/index',
  'modules/oss/OSSFileList': 'system/ossfile/index',
  // The online lists: their concrete entries are menu-only (route '0'); the client's own routes
  // /online/cgformList/:id and /online/cgreport/:id open them.
  'modules/online/cgform/auto/OnlCgformAutoList': 'super/online/cgform/auto/default/OnlineAutoList',
  'modules/online/cgreport/auto/OnlCgreportAutoList': 'super/online/cgreport/auto/OnlCgReportList',
};

/** Views of the Vue 3 client a row may already name (an administrator may store Vue 3 paths). */
const VUE3_VIEWS = new Set([...Object.values(VUE3_PAGES), VUE3_NOT_FOUND]);

/**
 * antd v1 icon names whose Ant Design 4 name (the Iconify `ant-design` set the client renders) is not
 * simply `<name>-outlined`.
 */
export const VUE3_ICON_NAMES: Readonly<Record<string, string>> = {
  interation: 'interaction-outlined',
  'colum-height': 'column-height-outlined',
  'colum-width': 'column-width-outlined',
  'menu-fold': 'menu-fold-outlined',
  'menu-unfold': 'menu-unfold-outlined',
  'setting-fill': 'setting-filled',
  'dingding-o': 'dingding-outlined',
};

/** An antd v1 icon name as the Vue 3 client's Iconify name (`user` → `ant-design:user-outlined`). */
export function vue3Icon(icon: string): string {
  const name = icon.trim();
  // Already an Iconify name (`mdi:…`, `ant-design:…`) or one of the client's SVG sprites (`…|svg`).
  if (name.includes(':') || name.endsWith('|svg')) return name;
  const mapped = VUE3_ICON_NAMES[name];
  if (mapped) return `ant-design:${mapped}`;
  if (/-(outlined|filled|twotone)$/.test(name)) return `ant-design:${name}`;
  // antd v1/v2 spelled the outlined variant of some icons with an `-o` suffix (`smile-o`).
  return `ant-design:${name.replace(/-o$/, '')}-outlined`;
}

const normalise = (component: string) => component.trim().replace(/^\/+/, '').replace(/^views\//, '').replace(/\.vue$/, '');

/** What the Vue 3 client does with a node's component: its view, a container, an iframe, or no page. */
function vue3Component(node: MenuNode): { component: string | null; missing: boolean } {
  if (node.meta.url) return { component: node.meta.url, missing: false };
  const raw = node.component ?? '';
  const component = normalise(raw);
  if (!component) return node.children?.length ? { component: VUE3_LAYOUT, missing: false } : { component: VUE3_NOT_FOUND, missing: true };
  if (LAYOUTS.includes(component)) return { component: VUE3_LAYOUT, missing: false };
  if (IFRAMES.includes(component)) return { component: VUE3_NOT_FOUND, missing: true };
  if (/^https?:\/\//.test(component)) return { component: raw, missing: false };
  const page = VUE3_PAGES[component];
  if (page) return { component: page, missing: false };
  if (VUE3_VIEWS.has(component)) return { component, missing: false };
  return { component: VUE3_NOT_FOUND, missing: true };
}

const hide = (node: MenuNode) => {
  node.hidden = true;
  node.meta.hideMenu = true;
};

/**
 * The caller's menu for the Vue 3 client: components mapped to its views (pages it lacks hidden on
 * its 404 page), icons as Iconify names, and a container whose children are all hidden hidden too.
 */
export function toVue3Menu(menu: MenuNode[]): MenuNode[] {
  const map = (node: MenuNode): MenuNode => {
    const children = node.children?.map(map);
    const { component, missing } = vue3Component(node);
    const out: MenuNode = { ...node, component, meta: { ...node.meta }, ...(children ? { children } : {}) };
    if (node.meta.icon) out.meta.icon = vue3Icon(node.meta.icon);
    if (missing) hide(out);
    if (children?.length && children.every((c) => c.hidden)) hide(out);
    return out;
  };
  return menu.map(map);
}
