import { getAction } from '../../api';

/** A department tree node as the protocol sends it (queryTreeList: key = value = id, title = departName). */
export interface DepartNode {
  key: string;
  title: string;
  id?: string;
  orgCode?: string;
  departName?: string;
  children?: DepartNode[] | null;
  isLeaf?: boolean;
}

export const DEPART_TREE_URL = '/sys/sysDepart/queryTreeList';
export const MY_DEPART_TREE_URL = '/sys/sysDepart/queryMyDeptTreeList';
/** The tree picker shows at most three levels (spec §3, §9). */
export const DEPART_TREE_DEPTH = 3;

/** Cuts a tree below `depth` levels and makes sure every node has key and title. */
export function limitDepth(nodes: DepartNode[], depth = DEPART_TREE_DEPTH): DepartNode[] {
  return nodes.map((n) => {
    const kids = depth > 1 && n.children?.length ? limitDepth(n.children, depth - 1) : undefined;
    return {
      ...n,
      key: String(n.key ?? n.id),
      title: String(n.title ?? n.departName ?? ''),
      children: kids,
      isLeaf: !kids,
    };
  });
}

export function flattenDeparts(nodes: DepartNode[], out: Record<string, DepartNode> = {}): Record<string, DepartNode> {
  for (const n of nodes) {
    out[n.key] = n;
    if (n.children) flattenDeparts(n.children, out);
  }
  return out;
}

export async function loadDepartTree(url: string): Promise<DepartNode[]> {
  try {
    const res = await getAction<DepartNode[]>(url);
    return res.success && Array.isArray(res.result) ? limitDepth(res.result) : [];
  } catch {
    return [];
  }
}
