import { Button, Col, Form, Input, Modal, Row, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { JDictSelectTag } from '../dict/JDictSelectTag';
import { usePagedList } from '../picker-kit/usePagedList';

/** Spec §9: the business picker dialog is 900 wide, 5 rows a page (5/10/20/30). */
export const BUSINESS_PICKER_WIDTH = 900;
export const BUSINESS_PAGE_SIZES = [5, 10, 20, 30];

export type BusinessRecord = Record<string, unknown>;

export interface BusinessColumn {
  title: string;
  dataIndex: string;
  width?: number;
}

/** A search field of the dialog: text, or a dictionary select when `dictCode` is given. */
export interface BusinessQueryField {
  key: string;
  label: string;
  placeholder?: string;
  dictCode?: string;
  props?: Record<string, unknown>;
}

export interface BusinessPickerModalProps {
  open: boolean;
  title?: string;
  listUrl: string;
  rowKey: string;
  columns: BusinessColumn[];
  queryConfig: BusinessQueryField[];
  multiple: boolean;
  initialKeys: string[];
  params?: Record<string, unknown>;
  onOk: (keys: string[], rows: BusinessRecord[]) => void;
  onCancel: () => void;
}

/** Lists the records of any list endpoint, searchable by the configured fields, to choose one or several. */
export function BusinessPickerModal(props: BusinessPickerModalProps) {
  const { open, listUrl, rowKey, columns, queryConfig, multiple, initialKeys, params } = props;
  const b = t.editable.business;
  const [form] = Form.useForm<Record<string, unknown>>();
  const [keys, setKeys] = useState<string[]>(initialKeys);
  const [rows, setRows] = useState<Record<string, BusinessRecord>>({});
  const list = usePagedList<BusinessRecord>(listUrl, {
    pageSize: BUSINESS_PAGE_SIZES[0],
    params,
    enabled: open,
  });

  const keyOf = (r: BusinessRecord) => String(r[rowKey] ?? '');
  const toggle = (r: BusinessRecord) => {
    const k = keyOf(r);
    setRows((prev) => ({ ...prev, [k]: r }));
    setKeys((prev) => (multiple ? (prev.includes(k) ? prev.filter((x) => x !== k) : [...prev, k]) : [k]));
  };
  const ok = () => {
    if (keys.length === 0) {
      feedback().message.warning(t.editable.popup.selectOne);
      return;
    }
    props.onOk(keys, keys.map((k) => rows[k]).filter(Boolean));
  };
  const tableColumns: ColumnsType<BusinessRecord> = columns.map((c) => ({
    title: c.title,
    dataIndex: c.dataIndex,
    width: c.width,
    ellipsis: true,
  }));

  return (
    <Modal
      title={props.title ?? b.title}
      open={open}
      width={BUSINESS_PICKER_WIDTH}
      destroyOnHidden
      onOk={ok}
      onCancel={props.onCancel}
      okText={t.common.ok}
      cancelText={t.common.cancel}
    >
      {queryConfig.length ? (
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 12 }}
          onFinish={(values) => list.search(values)}
        >
          <Row gutter={[12, 8]} style={{ width: '100%' }}>
            {queryConfig.map((q) => (
              <Col key={q.key} span={8}>
                <Form.Item name={q.key} label={q.label} style={{ marginBottom: 0 }}>
                  {q.dictCode ? (
                    <JDictSelectTag
                      dictCode={q.dictCode}
                      placeholder={q.placeholder ?? t.editable.popup.pleaseSelect(q.label)}
                      {...q.props}
                    />
                  ) : (
                    <Input
                      allowClear
                      aria-label={q.label}
                      placeholder={q.placeholder ?? t.editable.popup.pleaseInput(q.label)}
                      {...q.props}
                    />
                  )}
                </Form.Item>
              </Col>
            ))}
            <Col>
              <Space>
                <Button type="primary" htmlType="submit">
                  {b.search}
                </Button>
                <Button
                  onClick={() => {
                    form.resetFields();
                    list.search({});
                  }}
                >
                  {b.reset}
                </Button>
              </Space>
            </Col>
          </Row>
        </Form>
      ) : null}
      <Table<BusinessRecord>
        size="small"
        bordered
        rowKey={keyOf}
        columns={tableColumns}
        dataSource={list.records}
        loading={list.loading}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: keys,
          preserveSelectedRowKeys: true,
          onChange: (next, chosen) => {
            setKeys(next.map(String));
            setRows((prev) => {
              const merged = { ...prev };
              for (const r of chosen) if (r) merged[keyOf(r)] = r;
              return merged;
            });
          },
        }}
        onRow={(r) => ({ onClick: () => toggle(r) })}
        pagination={{
          current: list.pageNo,
          pageSize: list.pageSize,
          total: list.total,
          showSizeChanger: true,
          pageSizeOptions: BUSINESS_PAGE_SIZES.map(String),
          showTotal: (n) => b.total(n),
          onChange: list.setPage,
        }}
      />
    </Modal>
  );
}
