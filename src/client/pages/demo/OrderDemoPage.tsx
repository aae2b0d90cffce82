import { createForm } from '@formily/core';
import { Form, FormButtonGroup, Reset } from '@formily/antd-v5';
import { Alert, Button, Card } from 'antd';
import { serverToday } from '../../layout/header/greeting';
import { useMemo } from 'react';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { formatStatistic } from '../../widgets/editable-table/model/statistics';
import type { Row } from '../../widgets/editable-table/types';
import { SchemaField } from '../../renderer/form/SchemaField';
import { ORDER_SCHEMA, orderTotal } from './order-form';

/**
 * The report designer's tools together (issue 6): an order form whose lines are one editable-table
 * field; the product column picks from the equipment report and brings its model, price and unit.
 */
export default function OrderDemoPage() {
  const d = t.editable.demo;
  const form = useMemo(
    () => createForm({ initialValues: { orderDate: serverToday(), lines: [] } }),
    [],
  );
  const submit = async () => {
    try {
      const values = (await form.submit()) as { lines?: Row[] };
      const lines = values.lines ?? [];
      feedback().message.success(d.submitted(lines.length, formatStatistic(orderTotal(lines))));
    } catch {
      feedback().message.error(d.invalid);
    }
  };
  return (
    <Card title={d.orderTitle} variant="borderless">
      <Alert type="info" showIcon message={d.orderIntro} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical">
        <SchemaField schema={ORDER_SCHEMA} />
        <FormButtonGroup>
          <Button type="primary" onClick={() => void submit()}>
            {d.submit}
          </Button>
          <Reset>{d.reset}</Reset>
        </FormButtonGroup>
      </Form>
    </Card>
  );
}
