import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { env, fakeServer, type FakeRequest } from './fake-server';
import { renderSchema } from './formily';

const URL = '/online/cgform/api/refOptions/erp_repair_order/equipment';
const ROWS = Array.from({ length: 45 }, (_, i) => ({ value: `eq${i + 1}`, text: `设备${i + 1}` }));

/** What the server answers: keyword over the text, ids resolved, pages of pageSize. */
function refOptions(req: FakeRequest) {
  if (req.params.ids) return env({ records: ROWS.filter((r) => req.params.ids.split(',').includes(r.value)), total: 1 });
  const hits = ROWS.filter((r) => !req.params.keyword || r.text.includes(req.params.keyword));
  const size = Number(req.params.pageSize);
  const from = (Number(req.params.pageNo) - 1) * size;
  return env({ records: hits.slice(from, from + size), total: hits.length });
}

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer({ [`GET ${URL}`]: refOptions });
});
afterEach(() => server.restore());

const openSelect = (el: HTMLElement) => fireEvent.mouseDown(el.querySelector('.ant-select-selector') as HTMLElement);
const schema = (extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: {
    equipment: {
      type: 'string',
      'x-component': 'JRefSelect',
      'x-component-props': { entity: 'erp_repair_order', field: 'equipment' },
      ...extra,
    },
  },
});

describe('ref picker JRefSelect (issue 12 §1)', () => {
  test('shows the stored id’s text, loads pages on demand, searches after a pause and picks an id', async () => {
    const { form } = renderSchema(schema(), { equipment: 'eq7' });
    expect(await screen.findByTitle('设备7')).toBeInTheDocument();
    expect(server.to(URL).map((c) => c.params)).toEqual([expect.objectContaining({ ids: 'eq7' })]);

    const box = document.querySelector('.ant-select') as HTMLElement;
    openSelect(box);
    await waitFor(() => expect(server.to(URL)).toHaveLength(2));
    expect(server.calls[1].params).toMatchObject({ pageNo: '1', pageSize: '20' });
    expect(server.calls[1].params.keyword).toBeUndefined();
    expect(await screen.findByText('已显示 20 / 45 条')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(server.to(URL)).toHaveLength(3));
    expect(server.calls[2].params).toMatchObject({ pageNo: '2' });
    expect(await screen.findByText('已显示 40 / 45 条')).toBeInTheDocument();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(box.querySelector('input') as HTMLInputElement, { target: { value: '设备4' } });
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(server.to(URL)).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(200));
    vi.useRealTimers();
    await waitFor(() => expect(server.to(URL)).toHaveLength(4));
    expect(server.calls[3].params).toMatchObject({ keyword: '设备4', pageNo: '1' });
    await userEvent.click(await screen.findByTitle('设备42'));
    expect(form.values.equipment).toBe('eq42');
  });

  test('a stored id the caller cannot see says so instead of showing the id', async () => {
    renderSchema(schema(), { equipment: 'gone' });
    expect(await screen.findByTitle('（数据不存在或无权访问）')).toBeInTheDocument();
  });

  test('read-only and disabled fields do not open the list', async () => {
    renderSchema(schema({ 'x-pattern': 'readOnly' }), { equipment: 'eq3' });
    expect(await screen.findByTitle('设备3')).toBeInTheDocument();
    openSelect(document.querySelector('.ant-select') as HTMLElement);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.to(URL)).toHaveLength(1);
    expect(document.querySelector('.ant-select-clear')).toBeNull();
  });

  test('without entity or field it says what is missing', () => {
    renderSchema({ type: 'object', properties: { x: { type: 'string', 'x-component': 'JRefSelect' } } });
    expect(screen.getByText('关联选择框缺少 entity 或 field 属性')).toBeInTheDocument();
  });
});
