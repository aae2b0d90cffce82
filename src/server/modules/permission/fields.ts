import { Type, type Static } from '@sinclair/typebox';
import { hasControlChars, isSafeLink, isSitePath } from '../../../shared/safe-link.js';
import { badRequest } from '../../http/errors.js';
import { controlCharsMessage } from '../../lib/link-field.js';

const text = (maxLength: number, pattern?: string) =>
  Type.Optional(Type.Union([Type.String({ maxLength, ...(pattern ? { pattern } : {}) }), Type.Null()]));

/**
 * A menu, sub-menu or button as the console edits it (protocol §10 SysPermission). Names are plain
 * text; component, perms, icon and URLs are restricted to the characters they need, because the
 * original console turns menu rows into routes and evaluates `{{ }}` fragments of URLs (protocol §12.9).
 * Flags arrive as booleans (the original's JSON) or 0/1.
 */
export const PermissionBody = Type.Object({
  parentId: text(64),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  perms: text(255, '^[A-Za-z0-9_:,.-]*$'),
  permsType: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal(''), Type.Null()])),
  icon: text(100, '^[A-Za-z0-9_:.-]*$'),
  component: text(255, '^[A-Za-z0-9_/.-]*$'),
  componentName: text(100, '^[A-Za-z0-9_/.-]*$'),
  url: text(500),
  redirect: text(255),
  sortNo: Type.Optional(Type.Union([Type.Number({ minimum: -1e6, maximum: 1e6 }), Type.Null()])),
  menuType: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]),
  description: text(500),
  status: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Null()])),
  cornerMark: text(255),
  route: Type.Optional(Type.Unknown()),
  keepAlive: Type.Optional(Type.Unknown()),
  hidden: Type.Optional(Type.Unknown()),
  hideTab: Type.Optional(Type.Unknown()),
  alwaysShow: Type.Optional(Type.Unknown()),
  internalOrExternal: Type.Optional(Type.Unknown()),
});
export const PermissionEditBody = Type.Composite([Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }), PermissionBody]);
export type PermissionInput = Static<typeof PermissionBody>;

/** The only `{{ }}` expression a menu URL may carry: the original console evaluates it. */
const PLACEHOLDER = /^\{\{ *window\._CONFIG\[(['"])domianURL\1\] *\}\}/;
const ROUTE_PATH = /^\/[A-Za-z0-9_\-/:.@]*$/;
const URL_TAIL = /^[^\s"'<>`{}\\]*$/;
// `${token}` and `${tenantId}` are substituted by the iframe view, not evaluated.
const IFRAME_VARS = /\$\{(token|tenantId)\}/g;

/**
 * A route path, an http(s) URL or the domianURL placeholder followed by a path. Paths and addresses
 * also pass the shared link rule (src/shared/safe-link.ts): `//host` and `/\host` leave the site.
 */
export function isMenuUrl(url: string): boolean {
  if (url === '') return true;
  if (url.startsWith('/')) return ROUTE_PATH.test(url) && isSitePath(url) && !url.split('/').includes('..');
  const placeholder = PLACEHOLDER.exec(url);
  const rest = (placeholder ? url.slice(placeholder[0].length) : url).replace(IFRAME_VARS, '');
  if (placeholder) return rest === '' || (isSitePath(rest) && URL_TAIL.test(rest));
  return /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/|\?|#|$)/i.test(rest) && URL_TAIL.test(rest) && isSafeLink(rest, { external: true });
}

/** A menu field that is a path inside the console (redirect, and cornerMark when written as a path). */
const isRoutePath = (v: string) => ROUTE_PATH.test(v) && isSitePath(v);

const flag = (name: string, v: unknown, fallback: number): number => {
  if (v === undefined || v === null || v === '') return fallback;
  if (v === true || v === 1 || v === '1' || v === 'true') return 1;
  if (v === false || v === 0 || v === '0' || v === 'false') return 0;
  throw badRequest(`请求体 ${name} 只能是 true/false 或 0/1`);
};

const blank = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

/** Row values from a validated body; menuType 0 has no parent (protocol §10). */
export function permissionValues(b: PermissionInput) {
  for (const [name, v] of [['url', b.url], ['redirect', b.redirect], ['cornerMark', b.cornerMark]] as const)
    if (v && hasControlChars(v.trim().replace(PLACEHOLDER, ''))) throw badRequest(controlCharsMessage(`请求体 ${name} `));
  const url = blank(b.url) ?? '';
  if (!isMenuUrl(url)) throw badRequest('请求体 url 格式不正确：只能是路由路径、http(s) 地址或 {{ window._CONFIG[\'domianURL\'] }} 开头的地址');
  const redirect = blank(b.redirect);
  if (redirect !== null && !isRoutePath(redirect)) throw badRequest('请求体 redirect 格式不正确：只能是路由路径');
  const cornerMark = blank(b.cornerMark);
  if (cornerMark !== null && !(isRoutePath(cornerMark) || /^\/?[A-Za-z0-9_-][A-Za-z0-9_\-/]*(\?[A-Za-z0-9_=&$-]*)?$/.test(cornerMark)))
    throw badRequest('请求体 cornerMark 格式不正确：只能是接口路径');
  for (const [name, v] of [['component', b.component], ['componentName', b.componentName]] as const)
    if (v && v.split('/').includes('..')) throw badRequest(`请求体 ${name} 格式不正确`);
  const isButton = b.menuType === 2;
  return {
    parentId: b.menuType === 0 ? '' : blank(b.parentId) ?? '',
    name: b.name.trim(),
    perms: blank(b.perms),
    permsType: isButton ? blank(b.permsType) ?? '1' : blank(b.permsType),
    icon: blank(b.icon),
    component: blank(b.component),
    componentName: blank(b.componentName),
    url,
    redirect,
    sortNo: b.sortNo ?? 1,
    menuType: b.menuType,
    isRoute: flag('route', b.route, isButton ? 0 : 1),
    keepAlive: flag('keepAlive', b.keepAlive, 0),
    description: blank(b.description),
    hidden: flag('hidden', b.hidden, 0),
    hideTab: flag('hideTab', b.hideTab, 0),
    status: b.status ?? '1',
    alwaysShow: flag('alwaysShow', b.alwaysShow, 0),
    internalOrExternal: flag('internalOrExternal', b.internalOrExternal, 0),
    cornerMark,
  };
}
