import type { Selectable } from 'kysely';
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
