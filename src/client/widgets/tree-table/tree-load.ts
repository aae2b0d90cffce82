import { getAction } from '../../api';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';

export type TreeRow = Record<string, unknown> & { children?: TreeRow[] | null };

/** The placeholder child that makes a row expandable until its children are loaded. */
export const LOADING_FLAG = '__loading';
export const placeholderRow = (parentKey: string, rowKey: string): TreeRow => ({
  [rowKey]: `${parentKey}_loadChild`,
  [LOADING_FLAG]: true,
});
export const isPlaceholder = (row: TreeRow) => row[LOADING_FLAG] === true;

/** Whether a row says it has children: `hasChildren` true/'1', or `isLeaf` false. */
export function hasChildren(row: TreeRow): boolean {
  const h = row.hasChildren;
  if (h === true || h === 1 || h === '1' || h === 'true') return true;
  return row.isLeaf === false || row.isLeaf === 'false' || row.isLeaf === 0 || row.isLeaf === '0';
}

/** A reply's rows: a list, or an object with records; anything else is not recognised (null). */
export function rowsOf(result: unknown): TreeRow[] | null {
  if (Array.isArray(result)) return result as TreeRow[];
  if (result && typeof result === 'object' && Array.isArray((result as { records?: unknown }).records))
    return (result as { records: TreeRow[] }).records;
  return null;
}

/** Rows with children get a loading placeholder so they can be expanded. */
export function withPlaceholders(rows: TreeRow[], rowKey: string): TreeRow[] {
  return rows.map((r) =>
    hasChildren(r) && !r.children?.length
      ? { ...r, children: [placeholderRow(String(r[rowKey]), rowKey)] }
      : { ...r, children: r.children?.length ? r.children : null },
  );
}

export interface TreeQuery {
  url: string;
  queryKey: string;
  parent: string;
  params?: Record<string, unknown>;
  condition?: string;
}

/**
 * One level of the tree (spec §7 tree table load): the parent id under the query key, plus the optional
 * condition and extra parameters. An unrecognised reply says 返回数据类型不识别 and gives nothing.
 */
export async function loadLevel({ url, queryKey, parent, params, condition }: TreeQuery): Promise<TreeRow[]> {
  const res = await getAction(url, {
    ...(params ?? {}),
    ...(condition ? { condition } : {}),
    [queryKey]: parent,
  });
  if (!res.success) return [];
  const rows = rowsOf(res.result);
  if (!rows) {
    feedback().message.error(t.editable.tree.unrecognized);
    return [];
  }
  return rows;
}
