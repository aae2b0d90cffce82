import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChildTable } from '../../../src/client/widgets/child-table/ChildTable';
import { childColumns, type ChildDefinition } from '../../../src/client/widgets/child-table/child-definition';
import { compileRules } from '../../../src/client/widgets/editable-table/rules';
import type { Row } from '../../../src/client/widgets/editable-table/types';
import { clearReportCache } from '../../../src/client/widgets/popup/report-api';
import { cell, settled } from '../editable/harness';
import { env, fakeServer } from './fake-server';

const REPORT = '/online/cgreport/api';
const LINE: ChildDefinition = {
  code: 'px_line',
  title: '明细',
  parentField: 'sheet',
  minRows: 0,
  maxRows: 10,
  fields: [
    {
      name: 'item',
      title: '物品',
      type: 'string',
      length: 32,
      required: true,
      ref: {
        entity: 'px_item',
        display: 'name',
        popup: { report: 'px_item_pick', fill: { unitPrice: 'listPrice', taxRate: 'taxRate' } },
      },
    },
    { name: 'qty', title: '数量', type: 'int' },
    { name: 'unitPrice', title: '单价', type: 'decimal', precision: 12, scale: 2 },
    { name: 'taxRate', title: '税率', type: 'decimal', precision: 5, scale: 2 },
    { name: 'amount', title: '金额', type: 'decimal', precision: 14, scale: 2, formula: 'qty * unitPrice' },
  ],
};

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  clearReportCache();
  server = fakeServer({
    [`GET /online/cgform/api/childDefinition/px_line`]: () => env(LINE),
    [`GET ${REPORT}/getRpColumns/px_item_pick`]: () =>
      env({
        cgRpConfigId: 'PX',
        cgRpConfigName: '物品选择',
        columns: [
          { title: '物品名称', dataIndex: 'name' },
          { title: '标价', dataIndex: 'listPrice' },
          { title: '税率', dataIndex: 'taxRate' },
        ],
        dictOptions: {},
      }),
    [`GET ${REPORT}/getQueryInfo/PX`]: () => env([]),
    [`GET ${REPORT}/getData/PX`]: () =>
      env({
        total: 2,
        records: [
          { id: 'i1', name: '输液器', listPrice: 2.5, taxRate: 13 },
          { id: 'i2', name: '留置针', listPrice: 12, taxRate: 9 },
        ],
      }),
  });
});
afterEach(() => server.restore());

function renderLines(value: Row[]) {
  let current = value;
  function Host() {
    const [rows, setRows] = useState<Row[]>(value);
    return (
      <ChildTable
        entity="px_line"
        value={rows}
        onChange={(next) => {
          current = next;
          setRows(next);
        }}
      />
    );
  }
  const { container } = render(<Host />);
  return { container, rows: () => current };
}

describe('a child table ref column picked through its popup report', () => {
  it('shows the stored text, and a pick sets the id, its text and the fill columns, amount following', async () => {
    const user = userEvent.setup();
    const { container, rows } = renderLines([
      { id: 'r1', item: 'i9', item_dictText: '注射器', qty: 4, unitPrice: 1, taxRate: 6, amount: 4 },
    ]);
    const itemCell = await waitFor(() => cell(container, 0, 'item'));
    expect(itemCell).toHaveTextContent('注射器');
    // The popup report, not the searchable select.
    expect(itemCell.querySelector('.ant-select')).toBeNull();

    await user.click(within(itemCell).getByRole('button'));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByText('留置针'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await settled();

    expect(rows()[0]).toMatchObject({ item: 'i2', item_dictText: '留置针', unitPrice: '12', taxRate: '9' });
    expect(Number(rows()[0].amount)).toBe(48);
    expect(cell(container, 0, 'item')).toHaveTextContent('留置针');
  });

  it('keeps the ref column required', async () => {
    const { container } = renderLines([{ id: 'r1', qty: 1 }]);
    expect(await waitFor(() => cell(container, 0, 'item'))).toHaveTextContent('请选择');
    const { columns, handlers } = childColumns(LINE);
    const errors = compileRules(columns, handlers).validateAll([{ id: 'r1', qty: 1 }]).errors;
    expect(errors.map((e) => [e.rowIndex, e.key, e.message])).toEqual([[0, 'item', '请输入物品']]);
  });
});
