import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { env, fakeServer } from './fake-server';
import { renderSchema } from './formily';

const SEX = [
  { value: '1', text: '男' },
  { value: '2', text: '女' },
];
const LEVELS = [
  { value: 'a', text: '一级' },
  { value: 'b', text: '二级' },
  { value: 'c', text: '三级' },
];

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer({
    'GET /sys/dict/getDictItems/sex_t1': () => env(SEX),
    'GET /sys/dict/getDictItems/sex_t2': () => env(SEX),
    'GET /sys/dict/getDictItems/level_t3': () => env(LEVELS),
    'GET /sys/dict/getDictItems/sys_depart,depart_name,id': () => env([{ value: 'd1', text: '心内科' }]),
  });
});
afterEach(() => server.restore());

const openSelect = (el: HTMLElement) => fireEvent.mouseDown(el.querySelector('.ant-select-selector') as HTMLElement);

describe('dictionary select (spec §2)', () => {
  test('select mode lists the dictionary items and keeps the value', async () => {
    const { form } = renderSchema({ type: 'object', properties: { sex: { type: 'string', 'x-component': 'JDictSelectTag', 'x-component-props': { dictCode: 'sex_t1' } } } });
    const box = document.querySelector('.ant-select') as HTMLElement;
    openSelect(box);
    await userEvent.click(await screen.findByTitle('女'));
    expect(form.values.sex).toBe('2');
    expect(server.to('/sys/dict/getDictItems/sex_t1')).toHaveLength(1);
  });

  test('radio and radio-button modes', async () => {
    const { form } = renderSchema({
      type: 'object',
      properties: {
        a: { type: 'string', 'x-component': 'JDictSelectTag', 'x-component-props': { dictCode: 'sex_t2', type: 'radio' } },
        b: { type: 'string', 'x-component': 'JDictSelectTag', 'x-component-props': { dictCode: 'level_t3', type: 'radioButton' } },
      },
    });
    await userEvent.click(await screen.findByRole('radio', { name: '男' }));
    expect(form.values.a).toBe('1');
    await userEvent.click(await screen.findByText('二级'));
    expect(form.values.b).toBe('b');
    expect(document.querySelectorAll('.ant-radio-button-wrapper')).toHaveLength(3);
  });

  test('a table dictionary works the same way', async () => {
    const { form } = renderSchema(
      { type: 'object', properties: { d: { type: 'string', 'x-component': 'JDictSelectTag', 'x-component-props': { dictCode: 'sys_depart,depart_name,id' } } } },
      { d: 'd1' },
    );
    expect(await screen.findByTitle('心内科')).toBeInTheDocument();
    expect(form.values.d).toBe('d1');
  });

  test('without a dictionary code it says 字典编码不能为空！', () => {
    renderSchema({ type: 'object', properties: { x: { type: 'string', 'x-component': 'JDictSelectTag' } } });
    expect(screen.getByRole('alert')).toHaveTextContent('字典编码不能为空！');
  });

  test('static options through the schema enum', async () => {
    const { form } = renderSchema({
      type: 'object',
      properties: { x: { type: 'string', enum: [{ label: '是', value: 'Y' }, { label: '否', value: 'N' }], 'x-component': 'JDictSelectTag', 'x-component-props': { type: 'radio' } } },
    });
    await userEvent.click(screen.getByRole('radio', { name: '否' }));
    expect(form.values.x).toBe('N');
  });
});

describe('checkbox group', () => {
  test('comma-joins the checked values and shows count messages', async () => {
    const { form } = renderSchema(
      {
        type: 'object',
        properties: {
          levels: { type: 'string', 'x-decorator': 'FormItem', 'x-component': 'JCheckbox', 'x-component-props': { dictCode: 'level_t3' }, 'x-validator': [{ minSelect: 2 }, { maxSelect: 2 }] },
        },
      },
      { levels: 'c' },
    );
    expect(await screen.findByRole('checkbox', { name: '三级' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: '一级' }));
    expect(form.values.levels).toBe('a,c');
    await userEvent.click(screen.getByRole('checkbox', { name: '二级' }));
    await act(() => form.validate().catch(() => undefined));
    expect(screen.getByText('最多选择2项')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: '一级' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '二级' }));
    await act(() => form.validate().catch(() => undefined));
    expect(screen.getByText('最少选择2项')).toBeInTheDocument();
  });
});

describe('generic dictionary select against a URL (spec §7, §9)', () => {
  const people = Array.from({ length: 75 }, (_, i) => ({ uid: `u${i + 1}`, title: `医生${i + 1}` }));
  const pageOf = (list: typeof people, pageNo: number, pageSize: number) =>
    env({ records: list.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: list.length, pages: Math.ceil(list.length / pageSize) });

  test('pages of 30, search pages of 10 with a wildcard after 600 ms, more rows within 5 px of the end', async () => {
    server.restore();
    server = fakeServer({
      'GET /biz/doctor/list': (req) => {
        const kw = req.params.title?.replace(/\*/g, '') ?? '';
        const list = kw ? people.filter((p) => p.title.includes(kw)) : people;
        return pageOf(list, Number(req.params.pageNo), Number(req.params.pageSize));
      },
    });
    const { form } = renderSchema({
      type: 'object',
      properties: {
        doctor: {
          type: 'string',
          'x-component': 'JSearchSelect',
          'x-component-props': { url: '/biz/doctor/list', idKey: 'uid', nameKey: 'title', like: true },
        },
      },
    });
    await waitFor(() => expect(server.to('/biz/doctor/list')).toHaveLength(1));
    expect(server.calls[0].params).toMatchObject({ pageNo: '1', pageSize: '30' });

    const box = document.querySelector('.ant-select') as HTMLElement;
    openSelect(box);
    const list = await screen.findByRole('listbox');
    const holder = document.querySelector('.rc-virtual-list-holder') as HTMLElement;
    expect(within(list.parentElement as HTMLElement).queryAllByRole('option').length).toBeGreaterThan(0);
    // Scrolled to within 5 px of the end: the next page.
    Object.defineProperty(holder, 'scrollHeight', { configurable: true, value: 960 });
    Object.defineProperty(holder, 'clientHeight', { configurable: true, value: 200 });
    holder.scrollTop = 758;
    fireEvent.scroll(holder);
    await waitFor(() => expect(server.to('/biz/doctor/list')).toHaveLength(2));
    expect(server.calls[1].params).toMatchObject({ pageNo: '2', pageSize: '30' });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    const input = box.querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '医生7' } });
    await act(() => vi.advanceTimersByTimeAsync(550));
    expect(server.to('/biz/doctor/list')).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(100));
    vi.useRealTimers();
    await waitFor(() => expect(server.to('/biz/doctor/list')).toHaveLength(3));
    expect(server.calls[2].params).toMatchObject({ pageNo: '1', pageSize: '10', title: '*医生7*' });
    await userEvent.click(await screen.findByTitle('医生70'));
    expect(form.values.doctor).toBe('u70');
  });

  test('a failing list shows the server message', async () => {
    server.restore();
    server = fakeServer({ 'GET /biz/fail': () => env(null, '列表加载失败：无权限', false) });
    renderSchema({ type: 'object', properties: { x: { type: 'string', 'x-component': 'JSearchSelect', 'x-component-props': { url: '/biz/fail' } } } });
    expect(await screen.findByText('列表加载失败：无权限')).toBeInTheDocument();
  });

  test('a dictionary searched on the server after 800 ms; the stored label from loadDictItem', async () => {
    server.restore();
    server = fakeServer({
      'GET /sys/dict/loadDictItem/sys_user,realname,username': (req) => env(req.params.key === 'lina' ? ['李娜'] : []),
      'GET /sys/dict/loadDict/sys_user,realname,username': (req) => env([{ value: 'zhangwei', text: `张伟(${req.params.keyword})` }]),
    });
    const { form } = renderSchema(
      { type: 'object', properties: { u: { type: 'string', 'x-component': 'JSearchSelect', 'x-component-props': { dict: 'sys_user,realname,username', async: true } } } },
      { u: 'lina' },
    );
    expect(await screen.findByTitle('李娜')).toBeInTheDocument();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const box = document.querySelector('.ant-select') as HTMLElement;
    openSelect(box);
    fireEvent.change(box.querySelector('input') as HTMLInputElement, { target: { value: '张' } });
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(server.to('/sys/dict/loadDict/sys_user,realname,username')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(150));
    vi.useRealTimers();
    await waitFor(() => expect(server.to('/sys/dict/loadDict/sys_user,realname,username')).toHaveLength(1));
    expect(server.to('/sys/dict/loadDict/sys_user,realname,username')[0].params).toMatchObject({ keyword: '张', pageSize: '10' });
    await userEvent.click(await screen.findByTitle('张伟(张)'));
    expect(form.values.u).toBe('zhangwei');
  });

  test('neither url nor dict: 字典编码不能为空！', () => {
    renderSchema({ type: 'object', properties: { x: { type: 'string', 'x-component': 'JSearchSelect' } } });
    expect(screen.getByRole('alert')).toHaveTextContent('字典编码不能为空！');
  });
});
