import { Button, Col, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { t } from '../../locale/zh-CN';
import type { DictItem, ReportQueryItem } from './report-api';
import { isRange, type QueryValues } from './useReport';

/** The query area of a report: items with hidden '1' show only when expanded. */
export function ReportQueryForm({
  items,
  options,
  initial,
  onSearch,
}: {
  items: ReportQueryItem[];
  options: Record<string, DictItem[]>;
  initial: QueryValues;
  onSearch: (values: QueryValues) => void;
}) {
  const p = t.editable.popup;
  const [form] = Form.useForm<QueryValues>();
  const [expanded, setExpanded] = useState(false);
  useEffect(() => {
    form.setFieldsValue(initial as never);
  }, [form, initial]);
  if (items.length === 0) return null;
  const visible = items.filter((i) => i.hidden !== '1' || expanded);
  return (
    <Form form={form} layout="inline" style={{ marginBottom: 12 }} onFinish={onSearch}>
      <Row gutter={[12, 8]} style={{ width: '100%' }}>
        {visible.map((item) => (
          <Col key={item.field} span={isRange(item) ? 12 : 6}>
            <Form.Item name={item.field} label={item.label} style={{ marginBottom: 0 }}>
              {control(item, options[item.field])}
            </Form.Item>
          </Col>
        ))}
        <Col>
          <Space>
            <Button type="primary" htmlType="submit">
              {p.search}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                onSearch({});
              }}
            >
              {p.reset}
            </Button>
            {items.some((i) => i.hidden === '1') ? (
              <Button type="link" onClick={() => setExpanded((e) => !e)}>
                {expanded ? p.collapse : p.expand}
              </Button>
            ) : null}
          </Space>
        </Col>
      </Row>
    </Form>
  );
}

function control(item: ReportQueryItem, options: DictItem[] | undefined) {
  const p = t.editable.popup;
  const dated = item.view === 'date' || item.view === 'datetime';
  if (isRange(item)) {
    if (dated)
      return <DatePicker.RangePicker showTime={item.view === 'datetime'} placeholder={[p.begin, p.end]} />;
    return <RangeInputs label={item.label} />;
  }
  if (dated)
    return <DatePicker showTime={item.view === 'datetime'} placeholder={p.pleaseSelect(item.label)} />;
  if (options)
    return (
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        mode={item.view === 'list_multi' || item.view === 'checkbox' ? 'multiple' : undefined}
        style={{ minWidth: 160 }}
        options={options.map((o) => ({ value: o.value, label: o.text }))}
        placeholder={p.pleaseSelect(item.label)}
        aria-label={item.label}
      />
    );
  return <Input allowClear placeholder={p.pleaseInput(item.label)} aria-label={item.label} />;
}

/** Two text boxes giving [begin, end] for a range item that is not a date. */
function RangeInputs({
  value,
  onChange,
  label,
}: {
  value?: [string?, string?];
  onChange?: (v: [string?, string?]) => void;
  label: string;
}) {
  const p = t.editable.popup;
  const [b, e] = value ?? [];
  return (
    <Space.Compact>
      <Input
        aria-label={`${label}${p.begin}`}
        placeholder={p.begin}
        value={b}
        onChange={(x) => onChange?.([x.target.value, e])}
      />
      <Input
        aria-label={`${label}${p.end}`}
        placeholder={p.end}
        value={e}
        onChange={(x) => onChange?.([b, x.target.value])}
      />
    </Space.Compact>
  );
}
