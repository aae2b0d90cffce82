import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { isTempRowId } from '../../../src/client/widgets/editable-table/model/row-ids';
import type { EditableColumn, Row } from '../../../src/client/widgets/editable-table/types';
import { errorsOf, renderSchema } from '../widgets/formily';
import { bodyRows, input } from './harness';

const COLUMNS: EditableColumn[] = [
  { key: 'name', title: '名称', type: 'input', validateRules: [{ required: true }] },
  { key: 'code', title: '编码', type: 'input', validateRules: [{ unique: true, message: '${title}重复' }] },
  { key: 'qty', title: '数量', type: 'inputNumber', statistics: ['sum'] },
];

const schema = {
  type: 'object',
  properties: {
    lines: {
      type: 'array',
      title: '明细',
      'x-decorator': 'FormItem',
      'x-component': 'EditableTable',
      'x-component-props': { columns: COLUMNS },
    },
  },
};

async function mounted() {
  await waitFor(() => expect(document.querySelector('.jet-scroll')).not.toBeNull());
  return document.body;
}

describe('EditableTable as one Formily field', () => {
  it('holds the rows array as the field value; rows without ids get temporary ones', async () => {
    const { form } = renderSchema(schema, {
      lines: [
        { id: 'a', name: '血压计', code: 'X1', qty: 1 },
        { name: '血糖仪', code: 'X2', qty: 2 },
      ],
    });
    const body = await mounted();
    await waitFor(() => expect(isTempRowId(String((form.values.lines as Row[])[1].id))).toBe(true));
    expect((form.values.lines as Row[])[0].id).toBe('a');
    // One field for the whole table, none per cell.
    expect(form.query('lines').take()).toBeTruthy();
    expect(form.query('lines.0.name').take()).toBeUndefined();
    const user = userEvent.setup();
    const name = input(body, 1, 'name');
    await user.clear(name);
    await user.type(name, '体温计');
    // The form hears of the edit one frame after it is painted.
    await waitFor(() => expect((form.values.lines as Row[])[1].name).toBe('体温计'));
    expect(body.querySelector('[data-statistics="qty"]')).toHaveTextContent('3');
  });

  it('form validation checks every row, rendered or not, and names the first failing cell', async () => {
    const rows: Row[] = Array.from({ length: 10_000 }, (_, i) => ({
      id: `r${i}`,
      name: `n${i}`,
      code: `c${i}`,
      qty: i,
    }));
    rows[9_876] = { ...rows[9_876], name: '' };
    rows[9_999] = { ...rows[9_999], code: 'c12' };
    const { form } = renderSchema(schema);
    act(() => form.setValuesIn('lines', rows));
    const body = await mounted();
    await waitFor(() => expect(bodyRows(body).length).toBeGreaterThan(0));
    expect(bodyRows(body).length).toBeLessThan(30);
    const errors = await errorsOf(form, 'lines');
    expect(errors).toEqual(['第 13 行「编码」：编码重复（共有 3 处填写有误）']);
    await expect(form.submit()).rejects.toBeTruthy();
    // Fixing the data in the form fixes the verdict.
    const fixed = rows.slice();
    fixed[9_876] = { ...fixed[9_876], name: '补上' };
    fixed[9_999] = { ...fixed[9_999], code: 'c9999' };
    act(() => form.setValuesIn('lines', fixed));
    expect(await errorsOf(form, 'lines')).toEqual([]);
    await waitFor(() => expect(screen.queryByText(/处填写有误/)).not.toBeInTheDocument());
  });
});
