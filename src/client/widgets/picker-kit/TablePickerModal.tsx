import { Button, Col, Input, Modal, Row, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { t } from '../../locale/zh-CN';
import { usePagedList } from './usePagedList';

export interface TablePickerModalProps<T> {
  open: boolean;
  title: string;
  width: number;
  url: string;
  columns: ColumnsType<T>;
  rowKey: keyof T & string;
  multiple: boolean;
  /** Keys chosen when the dialog opens. */
  initialKeys: string[];
  /** Query parameter the keyword goes to, and its placeholder. */
  searchField: string;
  searchPlaceholder: string;
  /** Fixed parameters (sort order, scope) and parameters from outside the table (a chosen department). */
  params?: Record<string, unknown>;
  pageSize?: number;
  pageSizeOptions?: number[];
  /** More search controls; they edit `filters`, which the search button sends along with the keyword. */
  renderFilters?: (filters: Record<string, unknown>, setFilters: (next: Record<string, unknown>) => void) => ReactNode;
  /** A panel left of the table (the user picker's department tree). */
  left?: ReactNode;
  /** Horizontal scroll width of the table, if any. */
  scrollX?: number;
  onOk: (keys: string[], rows: T[]) => void;
  onCancel: () => void;
}

/**
 * A dialog listing server records page by page with search, single or multiple choice kept across pages.
 * Mount it only while open: the choice starts from `initialKeys` each time.
 */
export function TablePickerModal<T extends object>(props: TablePickerModalProps<T>) {
  const { open, title, width, url, columns, rowKey, multiple, initialKeys, searchField, searchPlaceholder, params, pageSize = 10 } = props;
  const [keyword, setKeyword] = useState('');
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [keys, setKeys] = useState<string[]>(initialKeys);
  const [rows, setRows] = useState<Record<string, T>>({});
  const list = usePagedList<T>(url, { pageSize, params, enabled: open });

  const search = () => list.search({ [searchField]: keyword.trim() || undefined, ...filters });
  const reset = () => {
    setKeyword('');
    setFilters({});
    list.search({});
  };
  const p = t.widgets.picker;
  return (
    <Modal
      title={title}
      open={open}
      width={width}
      destroyOnHidden
      onCancel={props.onCancel}
      onOk={() => props.onOk(keys, keys.map((k) => rows[k]).filter(Boolean))}
    >
      <Row gutter={12} wrap={false}>
        {props.left ? <Col flex="260px">{props.left}</Col> : null}
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Space wrap style={{ marginBottom: 12 }}>
            <Input
              allowClear
              aria-label={searchPlaceholder}
              placeholder={searchPlaceholder}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onPressEnter={search}
              style={{ width: 200 }}
            />
            {props.renderFilters?.(filters, setFilters)}
            <Button type="primary" onClick={search}>
              {p.search}
            </Button>
            <Button onClick={reset}>{p.reset}</Button>
          </Space>
          <Table<T>
            size="small"
            bordered
            rowKey={rowKey}
            columns={columns}
            dataSource={list.records}
            loading={list.loading}
            scroll={props.scrollX ? { x: props.scrollX } : undefined}
            rowSelection={{
              type: multiple ? 'checkbox' : 'radio',
              selectedRowKeys: keys,
              preserveSelectedRowKeys: true,
              onChange: (next, chosen) => {
                setKeys(next.map(String));
                setRows((prev) => {
                  const merged = { ...prev };
                  for (const r of chosen) if (r) merged[String(r[rowKey])] = r;
                  return merged;
                });
              },
            }}
            onRow={(record) => ({
              onClick: () => {
                const k = String(record[rowKey]);
                setRows((prev) => ({ ...prev, [k]: record }));
                setKeys((prev) => (multiple ? (prev.includes(k) ? prev.filter((x) => x !== k) : [...prev, k]) : [k]));
              },
            })}
            pagination={{
              current: list.pageNo,
              pageSize: list.pageSize,
              total: list.total,
              showSizeChanger: true,
              pageSizeOptions: (props.pageSizeOptions ?? [10, 20, 30]).map(String),
              showTotal: (total) => p.total(total),
              onChange: list.setPage,
            }}
          />
        </Col>
      </Row>
    </Modal>
  );
}
