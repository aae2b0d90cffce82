/** A node of a lazily loaded tree select, in antd's shape. */
export interface LazyNode {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children?: LazyNode[];
}

/** Puts loaded children under the node with `key`; an empty list makes it a leaf (spec §4). */
export function attachChildren(nodes: LazyNode[], key: string, kids: LazyNode[]): LazyNode[] {
  return nodes.map((n) => {
    if (n.key === key) return kids.length ? { ...n, children: kids } : { ...n, isLeaf: true, children: undefined };
    return n.children ? { ...n, children: attachChildren(n.children, key, kids) } : n;
  });
}

/** Server items (`key`, `title`/`label`/`name`, `leaf` 0/1 or `isLeaf`) as nodes. */
export function toNodes(items: Array<Record<string, unknown>>): LazyNode[] {
  return items.map((i) => {
    const key = String(i.key ?? i.id ?? i.value);
    const leaf = i.isLeaf ?? i.leaf;
    const kids = Array.isArray(i.children) && i.children.length ? toNodes(i.children as Array<Record<string, unknown>>) : undefined;
    return {
      key,
      value: key,
      title: String(i.title ?? i.label ?? i.name ?? key),
      isLeaf: leaf === true || leaf === 1 || leaf === '1',
      children: kids,
    };
  });
}
