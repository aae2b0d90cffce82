/**
 * Ids of the given rows and everything below them, breadth first. `childrenOf` answers the ids whose
 * parent is one of the given ids; the depth bound stops corrupt cycles.
 */
export async function withDescendants(
  rootIds: string[],
  childrenOf: (parentIds: string[]) => Promise<string[]>,
  maxDepth = 20,
): Promise<string[]> {
  const all = new Set(rootIds);
  let frontier = [...all];
  for (let depth = 0; frontier.length && depth < maxDepth; depth++) {
    const kids: string[] = [];
    for (let i = 0; i < frontier.length; i += 400) kids.push(...(await childrenOf(frontier.slice(i, i + 400))));
    frontier = kids.filter((id) => !all.has(id));
    for (const id of frontier) all.add(id);
  }
  return [...all];
}
