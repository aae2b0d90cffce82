import type { ISchema } from '@formily/react';
import { t } from '../../locale/zh-CN';
import type { EditableColumn, Row, ValueChangeEvent } from '../../widgets/editable-table/types';

/** The product report (schemas/modules/erp/reports/rpt_equipment.json) fills these line fields. */
export const PRODUCT_REPORT = 'rpt_equipment';
export const CUSTOMER_REPORT = 'rpt_customer';

const d = t.editable.demo;

/**
 * Order lines: the product column is a popup picker that brings price and unit; amount is computed and
 * summed. No column gives a width: the table sizes each from its title, placeholder and type.
 */
export const LINE_COLUMNS: EditableColumn[] = [
  {
    key: 'productName',
    title: d.product,
    type: 'popup',
    popupCode: PRODUCT_REPORT,
    orgFields: 'name,model,price,unit,id',
    destFields: 'productName,spec,price,unit,productId',
    validateRules: [{ required: true }],
  },
  { key: 'productId', title: d.productCode, type: 'hidden' },
  { key: 'spec', title: d.spec, type: 'input', disabled: true, placeholder: ' ' },
  { key: 'unit', title: d.unit, type: 'input', validateRules: [{ required: true }] },
  {
    key: 'price',
    title: d.price,
    type: 'inputNumber',
    number: 2,
    min: 0,
    validateRules: [{ required: true }, { pattern: 'money' }],
  },
  {
    key: 'quantity',
    title: d.quantity,
    type: 'inputNumber',
    defaultValue: 1,
    min: 0,
    statistics: ['sum'],
    number: 0,
    validateRules: [{ required: true }, { pattern: 'z' }],
  },
  {
    key: 'amount',
    title: d.amount,
    type: 'inputNumber',
    disabled: true,
    statistics: ['sum'],
    number: 2,
    placeholder: ' ',
  },
  { key: 'deliveryDate', title: d.deliveryDate, type: 'date' },
  {
    key: 'urgent',
    title: d.urgent,
    type: 'checkbox',
    customValue: ['Y', 'N'],
    defaultChecked: false,
  },
  { key: 'lineRemark', title: d.lineRemark, type: 'input_pop' },
];

/** amount = price × quantity, to the cent. */
export function lineAmount(row: Record<string, unknown>): number | '' {
  const price = Number.parseFloat(String(row.price ?? ''));
  const qty = Number.parseFloat(String(row.quantity ?? ''));
  if (!Number.isFinite(price) || !Number.isFinite(qty)) return '';
  return Math.round(price * qty * 100) / 100;
}

export function onLineChange(e: ValueChangeEvent): void {
  if (e.column.key !== 'price' && e.column.key !== 'quantity') return;
  const amount = lineAmount(e.row);
  if (amount !== e.row.amount) e.setRowValues({ amount });
}

export function orderTotal(rows: readonly Row[]): number {
  return (
    Math.round(rows.reduce((sum, r) => sum + (Number.parseFloat(String(r.amount ?? '')) || 0), 0) * 100) / 100
  );
}

/** The order form as a Formily schema: header fields, then the lines as one EditableTable field. */
export const ORDER_SCHEMA: ISchema = {
  type: 'object',
  properties: {
    grid: {
      type: 'void',
      'x-component': 'FormGrid',
      'x-component-props': { maxColumns: 3, minColumns: 1 },
      properties: {
        orderNo: {
          type: 'string',
          title: d.orderNo,
          required: true,
          'x-decorator': 'FormItem',
          'x-component': 'Input',
          'x-validator': [{ required: true, message: d.orderNoRequired }],
        },
        // Needs the customer list permission (the report's entity source); without it the field stays empty.
        customerName: {
          type: 'string',
          title: d.customer,
          'x-decorator': 'FormItem',
          'x-component': 'JPopup',
          'x-component-props': {
            code: CUSTOMER_REPORT,
            orgFields: 'name,contact,phone',
            destFields: 'customerName,contact,contactPhone',
          },
        },
        orderDate: {
          type: 'string',
          title: d.orderDate,
          'x-decorator': 'FormItem',
          'x-component': 'DatePicker',
        },
        contact: { type: 'string', title: d.contact, 'x-decorator': 'FormItem', 'x-component': 'Input' },
        contactPhone: {
          type: 'string',
          title: d.contactPhone,
          'x-decorator': 'FormItem',
          'x-component': 'Input',
        },
        remark: { type: 'string', title: d.remark, 'x-decorator': 'FormItem', 'x-component': 'Input' },
      },
    },
    lines: {
      type: 'array',
      title: d.lines,
      'x-decorator': 'FormItem',
      'x-component': 'EditableTable',
      'x-component-props': {
        columns: LINE_COLUMNS,
        rowNumber: true,
        rowSelection: true,
        dragSort: true,
        onValueChange: onLineChange,
      },
    },
  },
};
