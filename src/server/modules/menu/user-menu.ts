import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SysPermissionTable } from '../../db/tables.js';

type PermissionRow = Selectable<SysPermissionTable>;

export interface MenuNode {
  id: string;
  route: '0' | '1';
  path: string;
  name: string;
  component: string | null;
  redirect?: string | null;
  hidden?: true;
  alwaysShow?: true;
  meta: {
    keepAlive: boolean;
    internalOrExternal: boolean;
    title: string;
    componentName: string;
    icon?: string;
    url?: string;
    hideMenu?: true;
    /** The Vue 3 client opens the page without a tab. */
    hideTab?: true;
    cornerMark?: string;
  };
  children?: MenuNode[];
}

/** Rows of the caller's roles and department roles (menus and buttons alike). */
async function userPermissionRows(db: Kysely<Database>, userId: string): Promise<PermissionRow[]> {
  const viaRoles = db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRolePermission as rp', 'rp.roleId', 'ur.roleId')
    .innerJoin('sysPermission as p', 'p.id', 'rp.permissionId')
    .selectAll('p')
    .where('ur.userId', '=', userId)
    .where('p.delFlag', '=', 0);
  const viaDepartRoles = db
    .selectFrom('sysDepartRoleUser as du')
    .innerJoin('sysDepartRolePermission as dp', 'dp.roleId', 'du.droleId')
    .innerJoin('sysPermission as p', 'p.id', 'dp.permissionId')
    .selectAll('p')
    .where('du.userId', '=', userId)
    .where('p.delFlag', '=', 0);
  const rows = await viaRoles.union(viaDepartRoles).execute();
  return rows.sort((a, b) => a.sortNo - b.sortNo || a.id.localeCompare(b.id));
}

const isExternal = (url: string) => /^(https?:\/\/|\{\{)/.test(url);

/** One menu node as protocol.md §3 describes it. */
export function toMenuNode(p: PermissionRow, isTop: boolean): MenuNode {
  const url = p.url ?? '';
  const external = isExternal(url);
  const path = external ? crypto.createHash('md5').update(url).digest('hex') : url;
  const name = p.componentName || url.replace(/^\//, '').replace(/\//g, '-').replace(/:/g, '@');
  const node: MenuNode = {
    id: p.id,
    route: p.isRoute ? '1' : '0',
    path,
    name,
    component: p.component,
    meta: {
      keepAlive: !!p.keepAlive,
      internalOrExternal: !!p.internalOrExternal,
      title: p.name,
      componentName: p.componentName || (p.component ?? '').split('/').pop() || '',
    },
  };
  if (isTop) node.redirect = p.redirect;
  if (p.icon) node.meta.icon = p.icon;
  if (external) node.meta.url = url;
  if (p.cornerMark) node.meta.cornerMark = p.cornerMark;
  if (p.hidden) {
    node.hidden = true;
    node.meta.hideMenu = true;
  }
  if (p.alwaysShow) node.alwaysShow = true;
  if (p.hideTab) node.meta.hideTab = true;
  return node;
}

/**
 * `getUserPermissionByToken`: the caller's menu tree, its button permissions (`auth`) and every
 * button permission (`allAuth`). A top-level node whose children are all hidden is hidden too.
 */
export async function userPermissions(db: Kysely<Database>, userId: string) {
  const rows = await userPermissionRows(db, userId);
  const menus = rows.filter((r) => r.menuType !== 2);
  const ids = new Set(menus.map((m) => m.id));
  const byParent = new Map<string, PermissionRow[]>();
  for (const m of menus) {
    const parent = m.parentId && ids.has(m.parentId) ? m.parentId : '';
    if (m.parentId && !ids.has(m.parentId)) continue; // parent not granted: not reachable
    byParent.set(parent, [...(byParent.get(parent) ?? []), m]);
  }
  const build = (parentId: string): MenuNode[] =>
    (byParent.get(parentId) ?? []).map((m) => {
      const node = toMenuNode(m, parentId === '');
      const children = build(m.id);
      if (children.length) node.children = children;
      return node;
    });
  const menu = build('');
  for (const node of menu) {
    if (node.children?.length && node.children.every((c) => c.hidden)) {
      node.hidden = true;
      node.meta.hideMenu = true;
    }
  }
  const auth = rows
    .filter((r) => r.menuType === 2 && r.status === '1')
    .map((r) => ({ action: r.perms ?? '', type: r.permsType ?? '1', describe: r.name }));
  const allAuth = (
    await db.selectFrom('sysPermission').selectAll().where('menuType', '=', 2).where('delFlag', '=', 0).orderBy('sortNo').execute()
  ).map((r) => ({ action: r.perms ?? '', status: r.status, type: r.permsType ?? '1', describe: r.name }));
  return { menu, auth, allAuth, codeList: auth.map((a) => a.action), sysSafeMode: false };
}
