import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { env, fakeServer } from './fake-server';
import { renderSchema } from './formily';

let server: ReturnType<typeof fakeServer>;
afterEach(() => server?.restore());

const open = () => fireEvent.mouseDown(document.querySelector('.ant-select-selector') as HTMLElement);

describe('dictionary tree select (spec §5, §7)', () => {
  beforeEach(() => {
    server = fakeServer({
      'GET /sys/dict/loadTreeData': (req) =>
        (req.params.pid ?? '') === ''
          ? env([{ key: 'r1', title: '内科', leaf: 0 }, { key: 'r2', title: '外科', leaf: 1 }])
          : req.params.pid === 'r1'
            ? env([{ key: 'c1', title: '心内科', leaf: 1 }])
            : env([]),
      'GET /sys/dict/loadDictItem/sys_category,name,id': (req) => env(req.params.key === 'c1' ? ['心内科'] : []),
    });
  });

  test('refuses a condition that is not a JSON object string', () => {
    renderSchema({
      type: 'object',
      properties: { x: { type: 'string', 'x-component': 'JTreeSelect', 'x-component-props': { dict: 'sys_category,name,id', condition: "{status:'1'}" } } },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('condition传值有误，需要一个json字符串!');
    expect(server.calls).toHaveLength(0);
  });

  test('loads the top level with the table, fields and condition, children on expand, and shows the stored label', async () => {
    const { form } = renderSchema(
      {
        type: 'object',
        properties: {
          x: {
            type: 'string',
            'x-component': 'JTreeSelect',
            'x-component-props': { dict: 'sys_category,name,id', pidField: 'pid', hasChildField: 'has_child', condition: '{"status":"1"}' },
          },
        },
      },
      { x: 'c1' },
    );
    await waitFor(() => expect(server.to('/sys/dict/loadTreeData')).toHaveLength(1));
    expect(server.calls.find((c) => c.path === '/sys/dict/loadTreeData')?.params).toMatchObject({
      tableName: 'sys_category',
      text: 'name',
      code: 'id',
      pidField: 'pid',
      hasChildField: 'has_child',
      condition: '{"status":"1"}',
    });
    expect(await screen.findByTitle('心内科')).toBeInTheDocument();
    open();
    await userEvent.click(await screen.findByTitle('外科'));
    expect(form.values.x).toBe('r2');
    open();
    const switcher = (await screen.findByTitle('内科')).parentElement?.querySelector('.ant-select-tree-switcher') as HTMLElement;
    fireEvent.click(switcher);
    await waitFor(() => expect(server.to('/sys/dict/loadTreeData').some((c) => c.params.pid === 'r1')).toBe(true));
    expect(await screen.findAllByTitle('心内科')).not.toHaveLength(0);
  });
});

describe('category select (spec §5, §7)', () => {
  test('refuses a condition that is not JSON with its own message', () => {
    server = fakeServer({});
    renderSchema({ type: 'object', properties: { x: { type: 'string', 'x-component': 'JCategorySelect', 'x-component-props': { pcode: 'B01', condition: 'status=1' } } } });
    expect(screen.getByRole('alert')).toHaveTextContent('组件JTreeSelect-condition传值有误，需要一个json字符串!');
  });

  test('loads the root by pcode, children by pid, names by ids', async () => {
    server = fakeServer({
      'GET /sys/category/loadTreeRoot': () => env([{ key: 'k1', code: 'B01A01', title: '慢性病', leaf: false }]),
      'GET /sys/category/loadTreeChildren': (req) => env(req.params.pid === 'k1' ? [{ key: 'k2', code: 'B01A01A01', title: '高血压', isLeaf: true }] : []),
      'GET /sys/category/loadDictItem/': (req) => env(req.params.ids === 'k2' ? ['高血压'] : []),
    });
    const { form } = renderSchema(
      { type: 'object', properties: { x: { type: 'string', 'x-component': 'JCategorySelect', 'x-component-props': { pcode: 'B01', multiple: true } } } },
      { x: 'k2' },
    );
    expect(await screen.findByText('高血压')).toBeInTheDocument();
    expect(server.to('/sys/category/loadTreeRoot')[0].params).toMatchObject({ pcode: 'B01' });
    open();
    const switcher = (await screen.findByTitle('慢性病')).parentElement?.querySelector('.ant-select-tree-switcher') as HTMLElement;
    fireEvent.click(switcher);
    await waitFor(() => expect(server.to('/sys/category/loadTreeChildren')).toHaveLength(1));
    await userEvent.click(await screen.findByTitle('慢性病'));
    expect(form.values.x).toBe('k2,k1');
  });

  test('a root that fails to load shows the server message', async () => {
    server = fakeServer({ 'GET /sys/category/loadTreeRoot': () => env(null, '分类编码不存在', false) });
    renderSchema({ type: 'object', properties: { x: { type: 'string', 'x-component': 'JCategorySelect', 'x-component-props': { pcode: 'ZZ' } } } });
    expect(await screen.findByText('分类编码不存在')).toBeInTheDocument();
  });
});

describe('tree select over an endpoint', () => {
  const MENUS = [
    {
      id: 'm1',
      name: '系统管理',
      menuType: 0,
      children: [
        {
          id: 'm2',
          name: '用户管理',
          menuType: 1,
          children: [{ id: 'b1', name: '添加用户', menuType: 2, children: null }],
        },
        { id: 'b2', name: '导出', menuType: 2, children: null },
      ],
    },
    { id: 'm3', name: '报表中心', menuType: 0, children: null },
  ];
  const schema = {
    type: 'object',
    properties: {
      parentId: {
        type: 'string',
        'x-component': 'JApiTreeSelect',
        'x-component-props': {
          url: '/sys/permission/list',
          valueKey: 'id',
          titleKey: 'name',
          excludeWhere: { menuType: [2] },
        },
      },
    },
  };

  test('loads the tree once, leaves out excluded nodes, and sets the chosen value', async () => {
    server = fakeServer({ 'GET /sys/permission/list': () => env(MENUS) });
    const { form } = renderSchema(schema, { parentId: 'm2' });
    // The stored value shows its label once the tree is there.
    expect(await screen.findByTitle('用户管理')).toBeInTheDocument();
    open();
    await userEvent.click(await screen.findByTitle('报表中心'));
    expect(form.values.parentId).toBe('m3');
    open();
    const switcher = (await screen.findAllByTitle('系统管理'))[0].parentElement?.querySelector(
      '.ant-select-tree-switcher',
    ) as HTMLElement;
    fireEvent.click(switcher);
    expect((await screen.findAllByTitle('用户管理')).length).toBeGreaterThan(0);
    expect(screen.queryByTitle('导出')).toBeNull();
    expect(screen.queryByTitle('添加用户')).toBeNull();
    expect(server.to('/sys/permission/list')).toHaveLength(1);
  });

  test('clearing means no parent, and a refused answer leaves an empty tree', async () => {
    server = fakeServer({ 'GET /sys/permission/list': () => env(null, '没有权限', false, 510) });
    const { form } = renderSchema(schema, { parentId: 'm2' });
    await waitFor(() => expect(server.to('/sys/permission/list')).toHaveLength(1));
    const clear = document.querySelector('.ant-select-clear') as HTMLElement;
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(form.values.parentId).toBe(''));
  });
});
