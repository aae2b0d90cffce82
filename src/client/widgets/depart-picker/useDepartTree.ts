import { useEffect, useMemo, useState } from 'react';
import { flattenDeparts, loadDepartTree, type DepartNode } from './depart-tree';

/** The department tree from `url` (loaded once per url) and an id → node index. */
export function useDepartTree(url: string) {
  const [loaded, setLoaded] = useState<{ url: string; tree: DepartNode[] } | null>(null);
  useEffect(() => {
    let alive = true;
    void loadDepartTree(url).then((tree) => alive && setLoaded({ url, tree }));
    return () => {
      alive = false;
    };
  }, [url]);
  const current = loaded?.url === url ? loaded.tree : null;
  const index = useMemo(() => flattenDeparts(current ?? []), [current]);
  return { tree: current ?? [], index, loading: current === null };
}
