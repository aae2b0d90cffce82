import { Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { Key, ReactNode } from 'react';
import { useDevice } from '../../layout/device';
import { t } from '../../locale/zh-CN';
import type { PageColumn } from '../definition/types';
import { isPlaceholder } from '../tree/tree-rows';
import { Cell } from './cells';
import { PAGE_SIZES, type SortState } from './params';

type Row = Record<string, unknown>;

export const DEFAULT_COLUMN_WIDTH = 120;
const SELECTION_WIDTH = 48;

export interface DataTableProps {
  rows: Row[];
  rowKey: string;
  columns: PageColumn[];
  loading: boolean;
  sort: SortState | null;
  /** null: the answer was not paged (tree lists, bare arrays). */
  paging: { pageNo: number; pageSize: number; total: number } | null;
  onChange: (change: { pageNo: number; pageSize: number; sort: SortState | null }) => void;
  selection?: { keys: Key[]; onChange: (keys: Key[], rows: Row[]) => void };
  actions?: { width: number; render: (row: Row) => ReactNode };
  scrollY?: number;
  /** Virtual rows (antd `virtual`): numeric widths and scroll keep 1,000 rows smooth. */
  virtual?: boolean;
  expandable?: TableProps<Row>['expandable'];
  rowClassName?: (row: Row) => string;
}

/** Table columns from the definition: widths, ellipsis, dictionary text, server sorting. */
export function tableColumns(
  columns: readonly PageColumn[],
  sort: SortState | null,
): NonNullable<TableProps<Row>['columns']> {
  return columns.map((c, i) => ({
    key: c.dataIndex,
    dataIndex: c.dataIndex,
    title: c.title,
    width: c.width ?? DEFAULT_COLUMN_WIDTH,
    align: c.align,
    fixed: c.fixed,
    sorter: c.sorter ? true : undefined,
    sortOrder:
      c.sorter && sort?.column === c.dataIndex ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
    render: (_: unknown, row: Row) =>
      isPlaceholder(row) ? (
        i === 0 ? (
          <span className="renderer-tree-loading">{t.renderer.table.loadingChildren}</span>
        ) : null
      ) : (
        <Cell
          row={row}
          field={c.dataIndex}
          format={c.format}
          dict={c.dict}
          ellipsis={c.ellipsis === false ? false : (c.ellipsis ?? 25)}
        />
      ),
  }));
}

export function DataTable(props: DataTableProps) {
  const {
    rows,
    rowKey,
    columns,
    loading,
    sort,
    paging,
    onChange,
    selection,
    actions,
    scrollY = 600,
    virtual,
    expandable,
  } = props;
  // On a phone a pinned column (操作 above all) covers most of the screen: nothing is pinned there,
  // and the rows are plain (not virtual) so a finger scrolls them sideways natively.
  const phone = useDevice() === 'mobile';
  const cols = tableColumns(columns, sort).map((c) => (phone ? { ...c, fixed: undefined } : c));
  if (actions) {
    cols.push({
      key: '__actions',
      title: t.renderer.table.action,
      width: actions.width,
      fixed: phone ? undefined : 'right',
      align: 'center',
      render: (_: unknown, row: Row) => (isPlaceholder(row) ? null : actions.render(row)),
    });
  }
  const width = cols.reduce(
    (sum, c) => sum + Number(c.width ?? DEFAULT_COLUMN_WIDTH),
    selection ? SELECTION_WIDTH : 0,
  );

  const handleChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, extra) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
    const nextSort: SortState | null =
      extra.action === 'sort'
        ? s?.order
          ? { column: String(s.field ?? s.columnKey), order: s.order === 'ascend' ? 'asc' : 'desc' }
          : null
        : sort;
    onChange({
      pageNo: extra.action === 'sort' ? 1 : (pagination.current ?? 1),
      pageSize: pagination.pageSize ?? paging?.pageSize ?? PAGE_SIZES[1],
      sort: nextSort,
    });
  };

  return (
    <Table<Row>
      size="middle"
      bordered
      rowKey={rowKey}
      dataSource={rows}
      columns={cols}
      loading={loading}
      virtual={virtual && !phone}
      scroll={{ x: width, y: scrollY }}
      expandable={expandable}
      rowClassName={props.rowClassName}
      rowSelection={
        selection
          ? {
              selectedRowKeys: selection.keys,
              columnWidth: SELECTION_WIDTH,
              fixed: !phone,
              getCheckboxProps: (row) => ({ disabled: isPlaceholder(row) }),
              onChange: (keys, selectedRows) => selection.onChange(keys, selectedRows),
            }
          : undefined
      }
      onChange={handleChange}
      pagination={
        paging
          ? {
              current: paging.pageNo,
              pageSize: paging.pageSize,
              total: paging.total,
              pageSizeOptions: PAGE_SIZES.map(String),
              showSizeChanger: true,
              showQuickJumper: true,
              showTotal: (total, range) => t.renderer.table.total(range[0], range[1], total),
            }
          : false
      }
    />
  );
}
