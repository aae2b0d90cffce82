import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { FormItem } from '@formily/antd-v5';
import { Alert, Button, Col, Row, Space } from 'antd';
import { useMemo, useState, type ComponentType } from 'react';
import { t } from '../../locale/zh-CN';
import { widgetRegistry } from '../../widgets/registry';
import type { QueryField } from '../definition/types';

const L = t.renderer.query;
const components = widgetRegistry as unknown as Record<string, ComponentType<Record<string, unknown>>>;
const CHOICE = /Select|Picker|Date|Time|Tree|Cascader|Radio|Checkbox|Switch|Area/;

export interface QueryFormProps {
  fields: readonly QueryField[];
  more: readonly QueryField[];
  onSearch: (values: Record<string, unknown>) => void;
}

export function initialQueryValues(fields: readonly QueryField[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of fields) if (f.default !== undefined && f.default !== null) values[f.name] = f.default;
  return values;
}

function QueryInput({ field }: { field: QueryField }) {
  const name = field['x-component'] ?? 'Input';
  const component = components[name];
  if (!component) return <Alert type="error" showIcon message={t.renderer.page.unknownWidget(name)} />;
  const props: Record<string, unknown> = {
    placeholder: CHOICE.test(name) ? L.selectPlaceholder(field.title) : L.placeholder(field.title),
    allowClear: true,
    ...(field.dictCode ? { dictCode: field.dictCode } : {}),
    ...(field.props ?? {}),
  };
  return (
    <Field
      name={field.name}
      title={field.title}
      decorator={[FormItem, { label: field.title }]}
      component={[component, props]}
    />
  );
}

/** The list's query form: its fields, the collapsible 'more' ones, 查询 and 重置 (spec §2). */
export function QueryForm({ fields, more, onSearch }: QueryFormProps) {
  const all = useMemo(() => [...fields, ...more], [fields, more]);
  const form = useMemo(() => createForm({ initialValues: initialQueryValues(all) }), [all]);
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? all : fields;

  const search = () => onSearch({ ...(form.values as Record<string, unknown>) });
  const reset = () => {
    void form.reset('*', { forceClear: true }).then(() => {
      form.setValues(initialQueryValues(all), 'overwrite');
      onSearch({ ...(form.values as Record<string, unknown>) });
    });
  };

  return (
    <FormProvider form={form}>
      <form
        className="renderer-query-form"
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
      >
        <Row gutter={24}>
          {shown.map((f) => (
            <Col key={f.name} xl={6} lg={8} md={12} sm={24}>
              <QueryInput field={f} />
            </Col>
          ))}
          <Col xl={6} lg={8} md={12} sm={24}>
            <Space style={{ marginBottom: 24 }}>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {L.search}
              </Button>
              <Button icon={<ReloadOutlined />} onClick={reset}>
                {L.reset}
              </Button>
              {more.length > 0 && (
                <a onClick={() => setExpanded((v) => !v)}>
                  {expanded ? L.collapse : L.expand} {expanded ? <UpOutlined /> : <DownOutlined />}
                </a>
              )}
            </Space>
          </Col>
        </Row>
      </form>
    </FormProvider>
  );
}
