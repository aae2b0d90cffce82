import { Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useEffect, useMemo, useRef, useState, type HTMLAttributes, type Key, type MouseEvent } from 'react';
import { useDevice } from '../../layout/device';
import { t } from '../../locale/zh-CN';
import type { PageColumn } from '../definition/types';
import { isPlaceholder } from '../tree/tree-rows';
import { Cell, displayText } from './cells';
import { columnNeed, fitWidths, flatRows, treeDepth } from './fit';
import { PAGE_SIZES, type SortState } from './params';
import { DEFAULT_DENSITY, type Density } from './settings/model';
import { ResizableTitle, type ResizableTitleProps } from './settings/ResizableTitle';
import { RowActions, type RowActionItem } from './RowActions';
import { onDemand } from '../../router/lazy';
import { OnDemand } from '../../router/OnDemand';

// A phone's sheet of a row's actions loads when a row is first tapped.
const RowActionSheet = onDemand(() => import('./RowActionSheet'), 'RowActionSheet');

type Row = Record<string, unknown>;

export const DEFAULT_COLUMN_WIDTH = 120;
const SELECTION_WIDTH = 48;
/** Room for the body's vertical scroll bar, which the columns share with the table's width. */
const SCROLLBAR_WIDTH = 16;
/** Controls inside a row that keep their own meaning when tapped (selection, links, expand). */
const ROW_CONTROLS = 'a, button, input, label, .ant-checkbox-wrapper, .ant-table-row-expand-icon, .ant-table-selection-column';

export interface DataTableProps {
  rows: Row[];
  rowKey: string;
  columns: PageColumn[];
  loading: boolean;
  sort: SortState | null;
  /** null: the answer was not paged (tree lists, bare arrays). */
  paging: { pageNo: number; pageSize: number; total: number; estimated?: boolean } | null;
  onChange: (change: { pageNo: number; pageSize: number; sort: SortState | null }) => void;
  selection?: { keys: Key[]; onChange: (keys: Key[], rows: Row[]) => void };
  /** A row's actions: inline links (the first `inline`, the rest under 更多); on a phone, a sheet opened by tapping the row. */
  actions?: { width: number; inline: number; items: (row: Row) => RowActionItem[] };
  scrollY?: number;
  /** Virtual rows (antd `virtual`): numeric widths and scroll keep 1,000 rows smooth. */
  virtual?: boolean;
  expandable?: TableProps<Row>['expandable'];
  rowClassName?: (row: Row) => string;
  /** antd size: 默认 large, 中等 middle, 紧凑 small. */
  density?: Density;
  /** Columns whose width the user set: kept as they are when the others are fitted. */
  lockedWidths?: ReadonlySet<string>;
  /** Dragging a header's edge: the column's new width. */
  onResize?: (dataIndex: string, width: number) => void;
  /** A click on a row (outside its controls) on a desktop, e.g. to open its detail; a phone's tap opens the actions. */
  onRowClick?: (row: Row) => void;
}

/**
 * The pager's total for an estimated list: the estimate, or past it when the rows reach it — a full
 * page there offers one more, so the real end of the list stays reachable whatever the estimate said.
 */
function pastEstimate(paging: { pageNo: number; pageSize: number; total: number }, rows: number): number {
  const seen = (paging.pageNo - 1) * paging.pageSize + rows;
  return Math.max(paging.total, rows === paging.pageSize ? seen + 1 : seen);
}

/** The width of the element, followed as it changes (0 until laid out, or where nothing measures). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    setWidth(el.clientWidth);
    return () => ro.disconnect();
  }, []);
  return [ref, width] as const;
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
    density = DEFAULT_DENSITY,
    lockedWidths,
    onResize,
    onRowClick,
  } = props;
  const [boxRef, boxWidth] = useWidth();
  // On a phone a pinned column (操作 above all) covers most of the screen: nothing is pinned there,
  // and the rows are plain (not virtual) so a finger scrolls them sideways natively.
  const phone = useDevice() === 'mobile';
  // Widths from the rows on screen and the definition, fitted into the table's box so that no data
  // column starts hidden behind the pinned 操作 column (the table scrolls only when even the headers
  // do not fit).
  const tree = !!expandable;
  // Measured once per change of rows or columns, not on every selection click (1,000 rows × columns).
  const needs = useMemo(() => {
    const measured = tree ? flatRows(rows) : rows;
    const depth = tree ? treeDepth(rows) : -1;
    return columns.map((c, i) =>
      lockedWidths?.has(c.dataIndex) && c.width
        ? { want: c.width, min: c.width, locked: true }
        : columnNeed(c, measured, density, i === 0 ? depth : -1),
    );
  }, [columns, rows, density, tree, lockedWidths]);
  // A virtual body draws its scroll bar over the rows; a plain one takes the room from the columns.
  const scrollbar = virtual && !phone ? 0 : SCROLLBAR_WIDTH;
  const fixedWidth = (selection ? SELECTION_WIDTH : 0) + (actions?.width ?? 0) + scrollbar;
  // A phone scrolls the table sideways instead (nothing is pinned there to hide columns behind).
  const widths = fitWidths(needs, boxWidth && !phone ? boxWidth - fixedWidth : 0);
  const sized = columns.map((c, i) => ({ ...c, width: widths[i] }));
  const cols: NonNullable<TableProps<Row>['columns']> = tableColumns(sized, sort).map((c, i) => ({
    ...c,
    // Text of a column narrowed to fit is cut with an ellipsis; the cell's title shows the whole.
    ellipsis: widths[i]! < needs[i]!.want || undefined,
    onCell:
      widths[i]! < needs[i]!.want
        ? (row: Row) => ({ title: displayText(row, columns[i]!.dataIndex) })
        : undefined,
    fixed: phone ? undefined : c.fixed,
    onHeaderCell: () =>
      onResize && !phone
        ? ({
            onResizeEnd: (w: number) => onResize(columns[i]!.dataIndex, w),
            resizeLabel: t.renderer.listSettings.resize(columns[i]!.title),
          } as ResizableTitleProps & HTMLAttributes<HTMLElement>)
        : {},
  }));
  const [sheet, setSheet] = useState<RowActionItem[] | null>(null);
  if (actions && !phone) {
    cols.push({
      key: '__actions',
      title: t.renderer.table.action,
      width: actions.width,
      fixed: 'right',
      align: 'center',
      render: (_: unknown, row: Row) =>
        isPlaceholder(row) ? null : <RowActions items={actions.items(row)} inline={actions.inline} />,
    });
  }
  // On a phone the row itself opens its actions, except where the tap meant a control in the row.
  const onRow =
    actions && phone
      ? (row: Row) => ({
          className: 'renderer-row-tappable',
          onClick: (e: MouseEvent<HTMLElement>) => {
            if (isPlaceholder(row) || (e.target as HTMLElement).closest(ROW_CONTROLS)) return;
            const items = actions.items(row);
            if (items.length) setSheet(items);
          },
        })
      : onRowClick && !phone
        ? (row: Row) => ({
            className: 'renderer-row-tappable',
            onClick: (e: MouseEvent<HTMLElement>) => {
              if (!isPlaceholder(row) && !(e.target as HTMLElement).closest(ROW_CONTROLS)) onRowClick(row);
            },
          })
        : undefined;
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
    <div ref={boxRef} className="list-table-box">
      {onRow && phone ? <div className="renderer-row-hint">{t.renderer.table.tapHint}</div> : null}
      <Table<Row>
        size={density}
        bordered
        components={onResize ? { header: { cell: ResizableTitle } } : undefined}
        rowKey={rowKey}
        dataSource={rows}
        columns={cols}
        loading={loading}
        virtual={virtual && !phone}
        scroll={{ x: width, y: scrollY }}
        expandable={expandable}
        rowClassName={props.rowClassName}
        onRow={onRow}
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
                total: paging.estimated ? pastEstimate(paging, rows.length) : paging.total,
                pageSizeOptions: PAGE_SIZES.map(String),
                showSizeChanger: true,
                showQuickJumper: true,
                showTotal: (total, [from, to]) => {
                  if (!paging.estimated) return t.renderer.table.total(from, to, total);
                  const last = from + Math.max(rows.length, 1) - 1;
                  return t.renderer.table.totalEstimated(from, last, Math.max(paging.total, last));
                },
              }
            : false
        }
      />
      {phone ? (
        <OnDemand when={sheet !== null} onFailed={() => setSheet(null)}>
          <RowActionSheet items={sheet} onClose={() => setSheet(null)} />
        </OnDemand>
      ) : null}
    </div>
  );
}
