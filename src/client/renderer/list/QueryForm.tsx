import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { FormItem } from '@formily/antd-v5';
import { Alert, Button, Col, Input, Row, Space } from 'antd';
import { useMemo, useState } from 'react';
import { t } from '../../locale/zh-CN';
import type { Widgets } from '../../widgets/registry';
import { useWidgets } from '../../widgets/useWidgets';
import { WidgetsLoadFailed } from '../../widgets/WidgetsLoadFailed';
import type { QueryField } from '../definition/types';

const L = t.renderer.query;
const CHOICE = /Select|Picker|Date|Time|Tree|Cascader|Radio|Checkbox|Switch|Area/;

export interface QueryFormProps {
  fields: readonly QueryField[];
  more: readonly QueryField[];
  onSearch: (values: Record<string, unknown>) => void;
  /** Values to start with besides the declared defaults: filters from the page address (a drill-down). */
  initial?: Record<string, unknown>;
}

export function initialQueryValues(fields: readonly QueryField[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of fields) if (f.default !== undefined && f.default !== null) values[f.name] = f.default;
  return values;
}

const widgetOf = (field: QueryField) => field['x-component'] ?? 'Input';

/** A query field; while its widget loads, a disabled input holds its place so nothing moves. */
function QueryInput({ field, widgets }: { field: QueryField; widgets: Widgets | null }) {
  const name = widgetOf(field);
  if (!widgets)
    return (
      <FormItem.BaseItem label={field.title}>
        <Input disabled />
      </FormItem.BaseItem>
    );
  const component = widgets[name];
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
export function QueryForm({ fields, more, onSearch, initial }: QueryFormProps) {
  const all = useMemo(() => [...fields, ...more], [fields, more]);
  const form = useMemo(
    () => createForm({ initialValues: { ...initialQueryValues(all), ...initial } }),
    [all, initial],
  );
  // A filter given for a 'more' field is shown, not hidden behind 展开.
  const [expanded, setExpanded] = useState(() => more.some((f) => initial?.[f.name] !== undefined));
  const shown = expanded ? all : fields;
  // The 'more' fields' widgets load when the section is first opened.
  const firstNames = useMemo(() => fields.map(widgetOf), [fields]);
  const moreNames = useMemo(() => (expanded ? more.map(widgetOf) : []), [expanded, more]);
  const first = useWidgets(firstNames);
  const rest = useWidgets(moreNames);
  const failed = first.failed || rest.failed;
  const retry = () => (first.failed ? first.retry() : rest.retry());

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
        {failed ? <WidgetsLoadFailed retry={retry} style={{ marginBottom: 16 }} /> : null}
        <Row gutter={24}>
          {shown.map((f, i) => (
            <Col key={f.name} xl={6} lg={8} md={12} xs={24}>
              <QueryInput field={f} widgets={i < fields.length ? first.widgets : rest.widgets} />
            </Col>
          ))}
          {/* The buttons keep together on one line (a narrow grid cell put 展开 on a line of its own). */}
          <Col xs={24} md={{ flex: 'none' }}>
            <Space style={{ marginBottom: 24 }}>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {L.search}
              </Button>
              <Button icon={<ReloadOutlined />} onClick={reset}>
                {L.reset}
              </Button>
              {more.length > 0 && (
                <Button
                  type="link"
                  style={{ paddingInline: 0 }}
                  aria-expanded={expanded}
                  icon={expanded ? <UpOutlined /> : <DownOutlined />}
                  iconPosition="end"
                  onClick={() => setExpanded((v) => !v)}
                >
                  {expanded ? L.collapse : L.expand}
                </Button>
              )}
            </Space>
          </Col>
        </Row>
      </form>
    </FormProvider>
  );
}
