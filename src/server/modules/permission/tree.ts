import type { Kysely, Selectable } from 'kysely';
import type { Database, SysPermissionTable } from '../../db/tables.js';

export type PermissionRow = Selectable<SysPermissionTable>;

/**
 * SysPermissionTree of the original: the entity with its flags as booleans, plus `key`, `title`,
 * `leaf`/`isLeaf` and `children` (an array for a node with children, null for a leaf).
 */
export interface PermissionTreeNode {
  id: string;
  parentId: string;
  name: string;
  perms: string | null;
  permsType: string | null;
  icon: string | null;
  component: string | null;
  componentName: string | null;
  url: string | null;
  redirect: string | null;
  sortNo: number;
  menuType: number;
  leaf: boolean;
  isLeaf: boolean;
  route: boolean;
  keepAlive: boolean;
  description: string | null;
  delFlag: number;
  ruleFlag: number;
  hidden: boolean;
  hideTab: boolean;
  status: string;
  alwaysShow: boolean;
  internalOrExternal: boolean;
  cornerMark: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  key: string;
  title: string;
  children: PermissionTreeNode[] | null;
}

/** One node; `hasChildren` comes from the rows themselves, so buttons under a menu always show. */
export function permissionNode(p: PermissionRow, hasChildren: boolean): PermissionTreeNode {
  return {
    id: p.id,
    parentId: p.parentId,
    name: p.name,
    perms: p.perms,
    permsType: p.permsType,
    icon: p.icon,
    component: p.component,
    componentName: p.componentName,
    url: p.url,
    redirect: p.redirect,
    sortNo: p.sortNo,
    menuType: p.menuType,
    leaf: !hasChildren,
    isLeaf: !hasChildren,
    route: p.isRoute === 1,
    keepAlive: p.keepAlive === 1,
    description: p.description,
    delFlag: p.delFlag,
    ruleFlag: p.ruleFlag,
    hidden: p.hidden === 1,
    hideTab: p.hideTab === 1,
    status: p.status,
    alwaysShow: p.alwaysShow === 1,
    internalOrExternal: p.internalOrExternal === 1,
    cornerMark: p.cornerMark,
    createBy: p.createBy,
    createTime: p.createTime,
    updateBy: p.updateBy,
    updateTime: p.updateTime,
    key: p.id,
    title: p.name,
    children: hasChildren ? [] : null,
  };
}

/** Every live row, ordered as menus show them. */
export async function livePermissions(db: Kysely<Database>): Promise<PermissionRow[]> {
  return db.selectFrom('sysPermission').selectAll().where('delFlag', '=', 0).orderBy('sortNo').orderBy('id').execute();
}

/** Ids of live rows that have at least one live child. */
export async function parentIds(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db.selectFrom('sysPermission').select('parentId').where('delFlag', '=', 0).groupBy('parentId').execute();
  return new Set(rows.map((r) => r.parentId).filter(Boolean));
}

/**
 * Nests rows under their parents; rows whose parent is missing (or deleted) become roots only when
 * they are top-level, so an orphan never shows up at the top.
 */
export function buildTree<N extends { children: N[] | null }>(
  rows: PermissionRow[],
  toNode: (row: PermissionRow, hasChildren: boolean) => N,
): N[] {
  const byParent = new Map<string, PermissionRow[]>();
  for (const r of rows) {
    const list = byParent.get(r.parentId) ?? [];
    list.push(r);
    byParent.set(r.parentId, list);
  }
  const make = (r: PermissionRow, depth: number): N => {
    const kids = depth < 20 ? byParent.get(r.id) ?? [] : [];
    const node = toNode(r, kids.length > 0);
    if (kids.length) node.children = kids.map((k) => make(k, depth + 1));
    return node;
  };
  return (byParent.get('') ?? []).map((r) => make(r, 0));
}

/**
 * The scoped slot the JeecgBoot authorisation dialogs (role, department, department role) render a
 * node's title with: `slotTitle` plus a mark when `ruleFlag` says the menu has data rules. The
 * original puts it on every node of these trees; ant-design-vue's tree reads `scopedSlots.title` and
 * fails on null, so it is never null.
 */
const RULE_SLOTS = { title: 'hasDatarule' } as const;

/** TreeModel of the role-authorisation tree (protocol §10). */
export interface PermissionTreeModel {
  key: string;
  title: string;
  slotTitle: string;
  isLeaf: boolean;
  icon: string | null;
  ruleFlag: number;
  scopedSlots: { title: string };
  parentId: string;
  label: string;
  value: string;
  children: PermissionTreeModel[] | null;
}

export function treeModel(p: PermissionRow, hasChildren: boolean): PermissionTreeModel {
  return {
    key: p.id,
    title: p.name,
    slotTitle: p.name,
    isLeaf: !hasChildren,
    icon: p.icon,
    ruleFlag: p.ruleFlag,
    scopedSlots: { ...RULE_SLOTS },
    parentId: p.parentId,
    label: p.name,
    value: p.id,
    children: hasChildren ? [] : null,
  };
}
