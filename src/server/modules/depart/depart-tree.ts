import { Type, type Static } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import { IdParam, MAX_ID_LIST_CHARS, optionalIdList } from '../../lib/id-list.js';
import type { SysDepartTable } from '../../db/tables.js';

export type DepartRow = Selectable<SysDepartTable>;
export type DepartNode = DepartRow & { key: string; value: string; title: string; isLeaf: boolean; children: DepartNode[] | null };

/** SysDepartTreeModel (protocol §10): the row plus key/value = id, title = name; `children` null on leaves. */
export function departNode(row: DepartRow, isLeaf: boolean): DepartNode {
  return { ...row, key: row.id, value: row.id, title: row.departName, isLeaf, children: null };
}

export const departOrder = (a: DepartRow, b: DepartRow) => a.departOrder - b.departOrder || a.orgCode.localeCompare(b.orgCode);

/**
 * Nests the given rows: a row whose parent is not among them is a root, so a department-scoped user
 * sees their own subtree as the top of the tree.
 */
export function departTree(rows: DepartRow[]): DepartNode[] {
  const sorted = [...rows].sort(departOrder);
  const ids = new Set(sorted.map((r) => r.id));
  const byParent = new Map<string, DepartRow[]>();
  for (const r of sorted) {
    const parent = ids.has(r.parentId) ? r.parentId : '';
    byParent.set(parent, [...(byParent.get(parent) ?? []), r]);
  }
  const make = (r: DepartRow, depth: number): DepartNode => {
    const kids = depth < 30 ? byParent.get(r.id) ?? [] : [];
    const node = departNode(r, kids.length === 0);
    if (kids.length) node.children = kids.map((k) => make(k, depth + 1));
    return node;
  };
  return (byParent.get('') ?? []).map((r) => make(r, 0));
}

export interface DepartIdNode {
  key: string;
  value: string;
  title: string;
  children: DepartIdNode[] | null;
}

/** DepartIdModel of `queryIdTree`: only key, value, title and children. */
export function idTree(nodes: DepartNode[]): DepartIdNode[] {
  return nodes.map((n) => ({ key: n.id, value: n.id, title: n.departName, children: n.children ? idTree(n.children) : null }));
}

/** The query of the lazy department trees (queryDepartTreeSync, queryDepartAndPostTreeSync). */
export const DepartLevelQuery = Type.Object({
  pid: Type.Optional(Type.Union([IdParam(), Type.Literal('')])),
  ids: Type.Optional(Type.String({ maxLength: MAX_ID_LIST_CHARS })),
  primaryKey: Type.Optional(Type.String({ maxLength: 20 })),
  departIds: Type.Optional(Type.String({ maxLength: MAX_ID_LIST_CHARS })),
  name: Type.Optional(Type.String({ maxLength: 100 })),
});

/**
 * One level of a lazy department tree among the visible rows: with `ids` those departments (a picker
 * showing its value; by org code when primaryKey=orgCode); else the children of `pid`; else the
 * departments `departIds` names that are not below another of them (the Vue 3 user form's post
 * choice); else those whose name contains `name`; else the caller's top departments.
 */
export function departLevel(rows: DepartRow[], query: Static<typeof DepartLevelQuery>): DepartRow[] {
  const ids = optionalIdList(query.ids, 'ids');
  if (ids.length) return rows.filter((r) => ids.includes(query.primaryKey === 'orgCode' ? r.orgCode : r.id));
  if (query.pid) return rows.filter((r) => r.parentId === query.pid);
  const chosen = optionalIdList(query.departIds, 'departIds');
  if (chosen.length) return rows.filter((r) => chosen.includes(r.id) && !chosen.includes(r.parentId));
  const name = query.name?.trim();
  if (name) return rows.filter((r) => r.departName.includes(name));
  const visible = new Set(rows.map((r) => r.id));
  return rows.filter((r) => !visible.has(r.parentId));
}
