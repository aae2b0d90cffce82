import { isPlaceholder, placeholderRow, type TreeRow } from '../../widgets/tree-table/tree-load';
import type { TreeSettings } from '../definition/types';

export { isPlaceholder, type TreeRow };

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

/** Whether a lazily loaded row may have children: the declared flag, else isLeaf/leaf, else yes. */
export function mayHaveChildren(
  row: Readonly<Record<string, unknown>>,
  settings: TreeSettings | undefined,
): boolean {
  if (settings?.hasChildField) return truthy(row[settings.hasChildField]);
  if ('isLeaf' in row) return !truthy(row.isLeaf);
  if ('leaf' in row) return !truthy(row.leaf);
  return true;
}

/**
 * Rows ready for the tree table: lazy parents get the widgets' 'loading...' placeholder child; loaded
 * trees lose empty `children` so that leaves show no expander.
 */
export function prepareTreeRows(
  rows: readonly TreeRow[],
  settings: TreeSettings | undefined,
  rowKey: string,
): TreeRow[] {
  return rows.map((row) => {
    const { children, ...rest } = row;
    if (Array.isArray(children) && children.length > 0)
      return { ...rest, children: prepareTreeRows(children, settings, rowKey) };
    if (settings?.lazy && mayHaveChildren(row, settings))
      return { ...rest, children: [placeholderRow(String(row[rowKey]), rowKey)] };
    return rest;
  });
}

/** The rows with one row's children replaced; an empty list makes the row a leaf (spec §4). */
export function withChildren(
  rows: readonly TreeRow[],
  rowKey: string,
  key: unknown,
  children: TreeRow[],
): TreeRow[] {
  return rows.map((row) => {
    if (row[rowKey] === key) {
      const { children: _old, ...rest } = row;
      return children.length ? { ...rest, children } : rest;
    }
    if (Array.isArray(row.children))
      return { ...row, children: withChildren(row.children, rowKey, key, children) };
    return row;
  });
}

/** Whether a row still shows the placeholder (its children were never loaded). */
export function needsChildren(row: TreeRow): boolean {
  return Array.isArray(row.children) && row.children.length === 1 && isPlaceholder(row.children[0]);
}
