import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LINE_COLUMNS, onLineChange } from '../../../src/client/pages/demo/order-form';
import { clearReportCache } from '../../../src/client/widgets/popup/report-api';
import type { Row } from '../../../src/client/widgets/editable-table/types';
import { env, fakeServer, type FakeRequest } from '../widgets/fake-server';
import { renderSchema } from '../widgets/formily';
import { cell, input, renderGrid, settled } from './harness';

const API = '/online/cgreport/api';
const PRODUCTS = [
  { id: 'p1', name: '多排螺旋CT', model: 'uCT 760', price: 6800000, unit: '台', category: '1' },
  { id: 'p2', name: '输液泵', model: 'BeneFusion VP5', price: 12800, unit: '台', category: '4' },
  { id: 'p3', name: '医用制氧机', model: '9F-5AW', price: 6800.5, unit: '台', category: '4' },
];

function data(req: FakeRequest) {
  let list = PRODUCTS;
  if (req.params.name) list = list.filter((p) => p.name.includes(req.params.name));
  if (req.params.category) list = list.filter((p) => p.category === req.params.category);
  return env({ total: list.length, records: list });
}

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  clearReportCache();
  server = fakeServer({
    [`GET ${API}/getRpColumns/rpt_equipment`]: () =>
      env({
        cgRpConfigId: 'RID',
        cgRpConfigName: '设备产品选择',
        columns: [
          { title: '设备名称', dataIndex: 'name', sorter: true },
          { title: '规格型号', dataIndex: 'model' },
          { title: '类别', dataIndex: 'category', customRender: 'category' },
          { title: '单价（元）', dataIndex: 'price' },
          { title: '单位', dataIndex: 'unit' },
        ],
        dictOptions: {
          category: [
            { value: '1', text: '影像设备' },
            { value: '4', text: '治疗设备' },
          ],
        },
      }),
    [`GET ${API}/getQueryInfo/RID`]: () =>
      env([
        { field: 'name', label: '设备名称', view: 'text', mode: 'single', hidden: '0' },
        {
          field: 'category',
          label: '类别',
          view: 'list',
          mode: 'single',
          config: '0',
          dictCode: 'erp_equipment_category',
          hidden: '1',
        },
      ]),
    [`GET ${API}/getData/RID`]: data,
  });
});
afterEach(() => server.restore());

describe('popup column of the order lines', () => {
  it('loads columns, then query items, then data, and fills price and unit into the row', async () => {
    const user = userEvent.setup();
    const { container, rows } = renderGrid({
      columns: LINE_COLUMNS,
      value: [{ id: 'l1', quantity: 1 }],
      onValueChange: onLineChange,
    });
    await user.click(within(cell(container, 0, 'productName')).getByRole('button'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('设备产品选择')).toBeInTheDocument();
    expect(await within(dialog).findByText('多排螺旋CT')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path.startsWith(API)).map((c) => c.path)).toEqual([
      `${API}/getRpColumns/rpt_equipment`,
      `${API}/getQueryInfo/RID`,
      `${API}/getData/RID`,
    ]);
    expect(server.to(`${API}/getData/RID`)[0].params).toMatchObject({ pageNo: '1', pageSize: '10' });
    expect(within(dialog).getAllByText('治疗设备')).toHaveLength(2);
    // The hidden query item shows only when the query area is expanded.
    expect(within(dialog).queryByLabelText('类别')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '展开' }));
    expect(within(dialog).getAllByLabelText('类别').length).toBeGreaterThan(0);

    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请选择一条记录')).toBeInTheDocument();

    await user.type(within(dialog).getByPlaceholderText('请输入设备名称'), '输液');
    await user.click(within(dialog).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(within(dialog).queryByText('多排螺旋CT')).not.toBeInTheDocument());
    expect(server.to(`${API}/getData/RID`).at(-1)?.params.name).toBe('输液');
    await user.click(within(dialog).getByText('输液泵'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await settled();

    expect(rows()[0]).toMatchObject({
      productName: '输液泵',
      spec: 'BeneFusion VP5',
      price: '12800',
      unit: '台',
      productId: 'p2',
    });
    expect(cell(container, 0, 'productName')).toHaveTextContent('输液泵');
    // price × quantity becomes the amount, and the statistics row sums it.
    expect(rows()[0].amount).toBe(12800);
    const qty = input(container, 0, 'quantity');
    await user.clear(qty);
    await user.type(qty, '3');
    await settled();
    expect(rows()[0].amount).toBe(38400);
    expect(container.querySelector('[data-statistics="amount"]')).toHaveTextContent('38,400');
  });

  it('refuses a misconfigured popup column with the spec messages', async () => {
    const user = userEvent.setup();
    const { container } = renderGrid({
      columns: [
        { key: 'a', title: '缺编码', type: 'popup', orgFields: 'name', destFields: 'a' },
        {
          key: 'b',
          title: '数量不一致',
          type: 'popup',
          popupCode: 'rpt_equipment',
          orgFields: 'name,price',
          destFields: 'b',
        },
      ],
      value: [{ id: 'r1' }],
    });
    await user.click(within(cell(container, 0, 'a')).getByRole('button'));
    expect(await screen.findByText('popup参数未正确配置')).toBeInTheDocument();
    await user.click(within(cell(container, 0, 'b')).getByRole('button'));
    expect(await screen.findByText('popup参数未正确配置，原始值与目标值数量不一致')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('chooses several records at once, values comma-joined', async () => {
    const user = userEvent.setup();
    const { container, rows } = renderGrid({
      columns: [
        {
          key: 'names',
          title: '设备',
          type: 'popup',
          popupCode: 'rpt_equipment',
          orgFields: 'name',
          destFields: 'names',
          multi: true,
        },
      ],
      value: [{ id: 'r1' }],
    });
    await user.click(within(cell(container, 0, 'names')).getByRole('button'));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByText('多排螺旋CT'));
    await user.click(within(dialog).getByText('医用制氧机'));
    expect(within(dialog).getByText('已选择 2 项')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect((rows()[0] as Row).names).toBe('多排螺旋CT,医用制氧机'));
  });
});

describe('JPopup form field', () => {
  it('fills its sibling fields from the chosen record and reuses answers within a group', async () => {
    const user = userEvent.setup();
    const schema = {
      type: 'object',
      properties: {
        product: {
          type: 'string',
          title: '产品',
          'x-decorator': 'FormItem',
          'x-component': 'JPopup',
          'x-component-props': {
            code: 'rpt_equipment',
            orgFields: 'name,price,unit',
            destFields: 'product,price,unit',
            groupId: 'order',
            sorter: 'name=desc',
          },
        },
        price: { type: 'string', title: '单价', 'x-decorator': 'FormItem', 'x-component': 'Input' },
        unit: { type: 'string', title: '单位', 'x-decorator': 'FormItem', 'x-component': 'Input' },
      },
    };
    const { form } = renderSchema(schema);
    const field = await screen.findByPlaceholderText('请选择');
    await user.click(field);
    let dialog = await screen.findByRole('dialog');
    expect(server.to(`${API}/getData/RID`)[0].params).toMatchObject({ column: 'name', order: 'desc' });
    await user.click(await within(dialog).findByText('医用制氧机'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(form.values).toMatchObject({ product: '医用制氧机', price: '6800.5', unit: '台' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Within the group the same answers are reused for 30 s: opening again asks the server nothing.
    const before = server.calls.length;
    fireEvent.click(field);
    dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('多排螺旋CT')).toBeInTheDocument();
    expect(server.calls.length).toBe(before);
  });
});
