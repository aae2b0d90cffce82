import { Table } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult, TableRowSelection } from 'antd/es/table/interface';
import { useMemo } from 'react';
import { t } from '../../locale/zh-CN';
import { popupRowKey } from './popup-config';
import { dictText } from './report-api';
import { REPORT_PAGE_SIZES, type ReportState } from './useReport';

export type ReportRecord = Record<string, unknown>;
export interface KeyedRecord {
  key: string;
  record: ReportRecord;
}

/**
 * A report's rows: dictionary columns as text (dictOptions, or the `<field>_dictText` the server adds
 * for table dictionaries), server-side sort and paging; optionally selectable.
 */
export function ReportTable({
  report,
  selection,
  onRowClick,
}: {
  report: ReportState;
  selection?: TableRowSelection<KeyedRecord>;
  onRowClick?: (row: KeyedRecord) => void;
}) {
  const { head, data, sort, page, loading } = report;
  const columns: ColumnsType<KeyedRecord> = useMemo(
    () =>
      (head?.columns ?? []).map((c) => ({
        title: c.title,
        key: c.dataIndex,
        width: c.width,
        ellipsis: true,
        sorter: c.sorter ? true : undefined,
        sortOrder: sort.column === c.dataIndex ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
        render: (_: unknown, row: KeyedRecord) => {
          const v = row.record[c.dataIndex];
          const translated = row.record[`${c.dataIndex}_dictText`];
          if (translated !== undefined && translated !== null) return String(translated);
          if (c.customRender) return dictText(v, head?.dictOptions[c.customRender]);
          return v === null || v === undefined ? '' : String(v);
        },
      })),
    [head, sort],
  );
  const rows = useMemo(() => data.records.map((r) => ({ key: popupRowKey(r), record: r })), [data.records]);
  const onChange = (
    pagination: TablePaginationConfig,
    _f: unknown,
    sorter: SorterResult<KeyedRecord> | SorterResult<KeyedRecord>[],
  ) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = s?.order ? String(s.columnKey ?? '') : undefined;
    report.change(
      { pageNo: pagination.current ?? 1, pageSize: pagination.pageSize ?? REPORT_PAGE_SIZES[0] },
      column ? { column, order: s.order === 'ascend' ? 'asc' : 'desc' } : {},
    );
  };
  return (
    <Table<KeyedRecord>
      size="small"
      bordered
      rowKey="key"
      loading={loading}
      dataSource={rows}
      columns={columns}
      scroll={{ x: 'max-content' }}
      rowSelection={selection}
      onRow={onRowClick ? (row) => ({ onClick: () => onRowClick(row) }) : undefined}
      onChange={onChange}
      pagination={{
        current: page.pageNo,
        pageSize: page.pageSize,
        total: data.total,
        showSizeChanger: true,
        pageSizeOptions: REPORT_PAGE_SIZES.map(String),
        showTotal: (n) => t.editable.popup.total(n),
      }}
    />
  );
}
