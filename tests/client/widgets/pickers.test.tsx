import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { env, fakeServer, type FakeRequest } from './fake-server';
import { renderSchema } from './formily';

const TREE = [
  {
    key: 'A01', title: '第一医院', children: [
      { key: 'A01A01', title: '内科', children: [
        { key: 'A01A01A01', title: '心内科', children: [{ key: 'A01A01A01A01', title: '心内一病区' }] },
        { key: 'A01A01A02', title: '呼吸科' },
      ] },
      { key: 'A01A02', title: '外科' },
    ],
  },
];
const USERS = Array.from({ length: 23 }, (_, i) => ({
  id: `id${i + 1}`,
  username: `user${String(i + 1).padStart(2, '0')}`,
  realname: i === 0 ? '张三一个名字特别特别长的医生需要被省略显示' : `医生${i + 1}`,
  phone: `1380000${String(i).padStart(4, '0')}`,
  birthday: `1990-01-${String((i % 28) + 1).padStart(2, '0')}`,
  sex: i % 2 ? '2' : '1',
  dept: i < 5 ? 'A01A01A01' : 'A01A02',
}));

function queryUsers(req: FakeRequest) {
  let list = USERS;
  if (req.params.departId) list = list.filter((u) => req.params.departId.split(',').includes(u.dept));
  if (req.params.username) list = list.filter((u) => u.username.includes(req.params.username));
  if (req.params.sex) list = list.filter((u) => u.sex === req.params.sex);
  if (req.params.code) list = list.filter((u) => req.params.code.split(',').includes(u.id));
  const pageNo = Number(req.params.pageNo ?? 1);
  const pageSize = Number(req.params.pageSize ?? 10);
  return env({ records: list.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: list.length });
}

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer({
    'GET /sys/sysDepart/queryTreeList': () => env(TREE),
    'GET /sys/sysDepart/queryMyDeptTreeList': () => env([{ key: 'A01A02', title: '外科' }]),
    'GET /sys/user/queryUserComponentData': queryUsers,
    'GET /sys/user/list': queryUsers,
    'GET /sys/dict/getDictItems/sex': () => env([{ value: '1', text: '男' }, { value: '2', text: '女' }]),
    'GET /sys/role/list': () => env({ records: [{ id: 'r1', roleName: '医生', roleCode: 'doctor' }, { id: 'r2', roleName: '护士', roleCode: 'nurse' }], total: 2 }),
    'GET /sys/role/queryall': () => env([{ id: 'r1', roleName: '医生', roleCode: 'doctor' }, { id: 'r2', roleName: '护士', roleCode: 'nurse' }]),
    'GET /sys/position/list': () => env({ records: [{ id: 'p1', name: '主任医师', code: 'chief', postRank: '1', rank_dictText: '正高级' }], total: 1 }),
    'GET /online/form/options': () =>
      env([
        { value: 'fu_baseline', text: '基线调查表' },
        { value: 'fu_followup', text: '随访记录表' },
      ]),
    'GET /sys/position/queryByCode': (req) => env(req.params.code === 'chief' ? { name: '主任医师', code: 'chief' } : null),
  });
});
afterEach(() => server.restore());

const dialog = async () => screen.findByRole('dialog');

describe('user picker by department (spec §2, §3, §7, §9)', () => {
  test('1200 wide; tree, columns, newest first 10 a page; department, search and sex filters; returns usernames', async () => {
    const { form } = renderSchema({ type: 'object', properties: { users: { type: 'string', 'x-component': 'JSelectUserByDep' } } });
    await userEvent.click(screen.getByRole('button', { name: '选择' }));
    const dlg = await dialog();
    expect(within(dlg).getByText('选择用户')).toBeInTheDocument();
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('1200px');
    for (const col of ['姓名', '账号', '手机号', '生日']) expect(within(dlg).getByRole('columnheader', { name: col })).toBeInTheDocument();
    await within(dlg).findByText('医生2');
    const first = server.to('/sys/user/queryUserComponentData')[0].params;
    expect(first).toMatchObject({ column: 'createTime', order: 'desc', pageNo: '1', pageSize: '10' });
    expect(first.departId).toBeUndefined();
    expect(within(dlg).getByText('共 23 条')).toBeInTheDocument();
    // Ellipsis at 25: the long name is cut.
    expect(within(dlg).getByText('张三一个名字特别特别长的...')).toBeInTheDocument();

    await userEvent.click(within(dlg).getByText('心内科'));
    await userEvent.click(within(dlg).getByText('外科'));
    await waitFor(() => expect(server.to('/sys/user/queryUserComponentData').at(-1)?.params.departId).toBe('A01A01A01,A01A02'));

    fireEvent.mouseDown(within(dlg).getByText('请选择性别').closest('.ant-select-selector') as HTMLElement);
    await userEvent.click(await screen.findByTitle('女'));
    await userEvent.type(within(dlg).getByPlaceholderText('请输入账号'), 'user0');
    await userEvent.click(within(dlg).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(server.to('/sys/user/queryUserComponentData').at(-1)?.params).toMatchObject({ username: 'user0', sex: '2', pageNo: '1' }));
    await within(dlg).findByText('user02');
    expect(within(dlg).queryByText('user01')).not.toBeInTheDocument();

    await userEvent.click(within(dlg).getByText('user02'));
    await userEvent.click(within(dlg).getByText('user04'));
    await userEvent.click(within(dlg).getByRole('button', { name: '确定' }));
    expect(form.values.users).toBe('user02,user04');
    expect(await screen.findByText('医生2')).toBeInTheDocument();
    expect(screen.getByText('医生4')).toBeInTheDocument();
  }, 40_000);

  test('single choice keeps ids when asked, and names stored values', async () => {
    const { form } = renderSchema(
      { type: 'object', properties: { u: { type: 'string', 'x-component': 'JSelectUserByDep', 'x-component-props': { multi: false, store: 'id' } } } },
      { u: 'id3' },
    );
    expect(await screen.findByText('医生3')).toBeInTheDocument();
    expect(server.to('/sys/user/list')[0].params).toMatchObject({ code: 'id3' });
    await userEvent.click(screen.getByRole('button', { name: '选择' }));
    const dlg = await dialog();
    expect(within(dlg).getAllByRole('radio').length).toBeGreaterThan(0);
    await userEvent.click(await within(dlg).findByText('医生5'));
    await userEvent.click(within(dlg).getByText('医生6'));
    await userEvent.click(within(dlg).getByRole('button', { name: '确定' }));
    expect(form.values.u).toBe('id6');
  }, 30_000);

  test('on screens narrower than 500 px the table scrolls sideways at 800', async () => {
    const width = window.innerWidth;
    window.innerWidth = 420;
    try {
      renderSchema({ type: 'object', properties: { users: { type: 'string', 'x-component': 'JSelectUserByDep' } } });
      await userEvent.click(screen.getByRole('button', { name: '选择' }));
      const dlg = await dialog();
      await within(dlg).findByText('医生2');
      expect((dlg.querySelector('.ant-table-content table') as HTMLElement).style.width).toBe('800px');
    } finally {
      window.innerWidth = width;
    }
  }, 30_000);

  test('page size options are 10, 20 and 30', async () => {
    renderSchema({ type: 'object', properties: { users: { type: 'string', 'x-component': 'JSelectUserByDep' } } });
    await userEvent.click(screen.getByRole('button', { name: '选择' }));
    const dlg = await dialog();
    await within(dlg).findByText('医生2');
    fireEvent.mouseDown(dlg.querySelector('.ant-pagination-options .ant-select-selector') as HTMLElement);
    await screen.findAllByTitle('20 条/页');
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    expect(options).toEqual(['10 条/页', '20 条/页', '30 条/页']);
  });
});

describe('department picker (spec §2, §9)', () => {
  test('500 wide, three levels, a choice required, names shown', async () => {
    const { form } = renderSchema({ type: 'object', properties: { d: { type: 'string', 'x-component': 'JSelectDepart', 'x-component-props': { multi: true } } } });
    await userEvent.click(screen.getByRole('button', { name: '选择' }));
    const dlg = await dialog();
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('500px');
    expect(await within(dlg).findByText('心内科')).toBeInTheDocument();
    expect(within(dlg).queryByText('心内一病区')).not.toBeInTheDocument();
    await userEvent.click(within(dlg).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请选择部门')).toBeInTheDocument();
    expect(form.values.d).toBeUndefined();
    const check = (title: string) => within(dlg).getByText(title).closest('.ant-tree-treenode')?.querySelector('.ant-tree-checkbox') as HTMLElement;
    await userEvent.click(check('呼吸科'));
    await userEvent.click(check('外科'));
    await userEvent.click(within(dlg).getByRole('button', { name: '确定' }));
    expect(form.values.d).toBe('A01A01A02,A01A02');
    expect(screen.getByText('呼吸科')).toBeInTheDocument();
  });

  test("'my department' scope reads the caller's tree", async () => {
    renderSchema({ type: 'object', properties: { d: { type: 'string', 'x-component': 'JSelectDepart', 'x-component-props': { myDept: true } } } }, { d: 'A01A02' });
    expect(await screen.findByText('外科')).toBeInTheDocument();
    expect(server.to('/sys/sysDepart/queryMyDeptTreeList')).toHaveLength(1);
    expect(server.to('/sys/sysDepart/queryTreeList')).toHaveLength(0);
  });
});

test('role picker shows roleName and roleCode and keeps ids', async () => {
  const { form } = renderSchema({ type: 'object', properties: { r: { type: 'string', 'x-component': 'JSelectRole' } } }, { r: 'r2' });
  expect(await screen.findByText('护士')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: '选择' }));
  const dlg = await dialog();
  expect(within(dlg).getByRole('columnheader', { name: '角色名称' })).toBeInTheDocument();
  expect(await within(dlg).findByText('doctor')).toBeInTheDocument();
  await userEvent.click(within(dlg).getByText('doctor'));
  await userEvent.click(within(dlg).getByRole('button', { name: '确定' }));
  expect(form.values.r).toBe('r2,r1');
});

test('position picker shows the rank as rank_dictText and keeps the code', async () => {
  const { form } = renderSchema({ type: 'object', properties: { p: { type: 'string', 'x-component': 'JSelectPosition' } } });
  await userEvent.click(screen.getByRole('button', { name: '选择' }));
  const dlg = await dialog();
  expect(await within(dlg).findByText('正高级')).toBeInTheDocument();
  await userEvent.click(within(dlg).getByText('主任医师'));
  await userEvent.click(within(dlg).getByRole('button', { name: '确定' }));
  expect(form.values.p).toBe('chief');
  expect(screen.getByText('主任医师')).toBeInTheDocument();
});

test('form picker offers the published forms by title, searches them and keeps the code', async () => {
  const { form } = renderSchema({
    type: 'object',
    properties: { f: { type: 'string', 'x-component': 'JSelectForm' }, old: { type: 'string', 'x-component': 'JSelectForm', default: 'gone_form' } },
  });
  const [picker] = screen.getAllByRole('combobox');
  await userEvent.click(picker);
  await userEvent.type(picker, '随访');
  await userEvent.click(await screen.findByText('随访记录表（fu_followup）'));
  expect(form.values.f).toBe('fu_followup');
  // A code no longer offered still shows as itself.
  expect(screen.getByText('gone_form')).toBeInTheDocument();
});
