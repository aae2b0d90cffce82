/** A row with the rows nested under it. */
export type Nested<T> = T & { children?: Array<Nested<T>> };

/**
 * Rows nested under their parents by a parent-id field: a row whose parent is missing (a root, or a
 * parent outside the loaded rows) stays at the top; a stored loop cannot recurse (each row is placed
 * once). Rows keep their order; leaves get no `children`, so they show no expander.
 */
export function nestRows<T extends object>(
  rows: readonly T[],
  keyOf: (row: T) => string,
  parentOf: (row: T) => string | null,
): Array<Nested<T>> {
  type Node = Nested<T>;
  const byKey = new Map<string, Node>(rows.map((r) => [keyOf(r), { ...r }]));
  const roots: Node[] = [];
  for (const row of rows) {
    const node = byKey.get(keyOf(row)) as Node;
    const parentKey = parentOf(row);
    const parent = parentKey !== null && parentKey !== keyOf(row) ? byKey.get(parentKey) : undefined;
    if (parent && !isBelow(parent, node)) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** Whether `node` already lies in `root`'s subtree (placing `root` under it would close a loop). */
function isBelow<N extends { children?: N[] }>(node: N, root: N): boolean {
  return root === node || (root.children ?? []).some((c) => isBelow(node, c));
}
