import { Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { t } from '../../locale/zh-CN';
import { isPlaceholder, loadLevel, withPlaceholders, type TreeRow } from './tree-load';

export interface JTreeTableProps {
  /** List endpoint of one level. */
  url: string;
  /** Endpoint of child levels (default url). */
  childrenUrl?: string;
  columns: ColumnsType<TreeRow>;
  rowKey?: string;
  /** Query parameter carrying the parent id (default parentId). */
  queryKey?: string;
  /** Parent value of the top level (default ''). */
  topValue?: string;
  queryParams?: Record<string, unknown>;
  condition?: string;
  tableProps?: Omit<TableProps<TreeRow>, 'columns' | 'dataSource' | 'rowKey' | 'expandable'>;
}

function replaceChildren(
  rows: TreeRow[],
  rowKey: string,
  key: string,
  children: TreeRow[] | null,
): TreeRow[] {
  return rows.map((r) => {
    if (String(r[rowKey]) === key) return { ...r, children };
    if (r.children?.length) return { ...r, children: replaceChildren(r.children, rowKey, key, children) };
    return r;
  });
}

/**
 * The tree table (spec §2): children load when a row is first expanded; until then the row holds a
 * 加载中... placeholder, and an empty answer turns it into a leaf.
 */
export function JTreeTable({
  url,
  childrenUrl,
  columns,
  rowKey = 'id',
  queryKey = 'parentId',
  topValue = '',
  queryParams,
  condition,
  tableProps,
}: JTreeTableProps) {
  const [rows, setRows] = useState<TreeRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [expanded, setExpanded] = useState<string[]>([]);
  const paramsKey = JSON.stringify(queryParams ?? {});

  useEffect(() => {
    let alive = true;
    void (async () => {
      setLoading(true);
      const top = await loadLevel({
        url,
        queryKey,
        parent: topValue,
        params: JSON.parse(paramsKey),
        condition,
      }).catch(() => []);
      if (!alive) return;
      setRows(withPlaceholders(top, rowKey));
      setExpanded([]);
      setLoading(false);
    })();
    return () => {
      alive = false;
    };
  }, [url, queryKey, topValue, paramsKey, condition, rowKey]);

  const expand = useCallback(
    async (open: boolean, record: TreeRow) => {
      const key = String(record[rowKey]);
      setExpanded((prev) => (open ? [...prev, key] : prev.filter((k) => k !== key)));
      if (!open || !record.children?.length || !isPlaceholder(record.children[0])) return;
      const children = await loadLevel({
        url: childrenUrl ?? url,
        queryKey,
        parent: key,
        params: JSON.parse(paramsKey),
        condition,
      }).catch(() => []);
      setRows((prev) =>
        replaceChildren(prev, rowKey, key, children.length ? withPlaceholders(children, rowKey) : null),
      );
    },
    [rowKey, childrenUrl, url, queryKey, paramsKey, condition],
  );

  // The placeholder row shows 加载中... in the first column and nothing else.
  const shown: ColumnsType<TreeRow> = columns.map((c, i) => ({
    ...c,
    render: (value: unknown, row: TreeRow, index: number) => {
      if (isPlaceholder(row))
        return i === 0 ? <span style={{ color: 'rgba(0,0,0,0.45)' }}>{t.editable.tree.loading}</span> : null;
      const own = (c as { render?: (v: unknown, r: TreeRow, i: number) => unknown }).render;
      return (
        own ? own(value, row, index) : value === null || value === undefined ? '' : String(value)
      ) as never;
    },
  }));

  return (
    <Table<TreeRow>
      size="middle"
      bordered
      pagination={false}
      locale={{ emptyText: t.editable.tree.noData }}
      {...tableProps}
      rowKey={(r) => String(r[rowKey])}
      loading={loading}
      columns={shown}
      dataSource={rows}
      expandable={{ expandedRowKeys: expanded, onExpand: (open, record) => void expand(open, record) }}
    />
  );
}
