import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import permissionPage from '../../../schemas/pages/system-permission.json';
import userPage from '../../../schemas/pages/system-user.json';
import { clickButton, fakeServer, grant, ok, openPage, page, pageRoute, rowOf, signIn } from './harness';

const USERS = [
  {
    id: 'u1',
    username: 'zhangwei',
    realname: '张伟',
    sex: 1,
    sex_dictText: '男',
    status: 1,
    phone: '13800000000',
    createTime: '2026-01-02 10:00:00',
  },
];
const SUPPORT = {
  'GET /sys/sysDepart/queryTreeList': ok([{ key: 'd1', title: '内科', id: 'd1', children: null }]),
  'GET /sys/duplicate/check': ok(null, '该值可用！'),
  'GET /sys/role/queryall': ok([
    { id: 'r1', roleName: '医生', roleCode: 'doctor' },
    { id: 'r2', roleName: '护士', roleCode: 'nurse' },
  ]),
};

const dialog = () => screen.findByRole('dialog');
const field = (root: HTMLElement, label: string) => {
  const item = within(root)
    .getByText(label, { selector: 'label' })
    .closest('.ant-formily-item') as HTMLElement;
  if (!item) throw new Error(`no field ${label}`);
  return item;
};
const input = (root: HTMLElement, label: string) =>
  field(root, label).querySelector('input') as HTMLInputElement;

describe('add and edit forms from the definition', () => {
  beforeEach(() => {
    const { auth, allAuth } = grant('user:add', 'user:edit', 'user:resetPassword');
    signIn(auth, allAuth);
  });

  it('validates on OK (required, password match) and posts the new user', async () => {
    const s = fakeServer({
      ...pageRoute(userPage),
      ...SUPPORT,
      'GET /sys/user/list': page(USERS),
      'POST /sys/user/add': ok(null, '添加成功！'),
    });
    openPage('system/UserList', '/isystem/user');
    await screen.findByText('张伟');
    await clickButton(/新增/);
    const d = await dialog();
    await within(d).findByText('用户账号');
    await userEvent.click(within(d).getByRole('button', { name: '确定' }));
    expect((await within(d).findAllByText('该字段是必填字段')).length).toBeGreaterThanOrEqual(3);
    expect(s.last('POST', '/sys/user/add')).toBeUndefined();

    await userEvent.type(input(d, '用户账号'), 'wangwu');
    await userEvent.type(input(d, '登录密码'), 'Secret#2026');
    await userEvent.type(input(d, '确认密码'), 'Secret#2027');
    await userEvent.type(input(d, '用户姓名'), '王五');
    await userEvent.click(within(d).getByRole('button', { name: '确定' }));
    expect(await within(d).findByText('两次输入的密码不一样！')).toBeInTheDocument();
    await userEvent.clear(input(d, '确认密码'));
    await userEvent.type(input(d, '确认密码'), 'Secret#2026');
    await userEvent.click(within(d).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(s.last('POST', '/sys/user/add')).toBeDefined());
    expect(s.last('POST', '/sys/user/add')?.body).toMatchObject({
      username: 'wangwu',
      password: 'Secret#2026',
      confirmpassword: 'Secret#2026',
      realname: '王五',
    });
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits with the user’s roles and departments loaded, without password fields', async () => {
    const s = fakeServer({
      ...pageRoute(userPage),
      ...SUPPORT,
      'GET /sys/user/list': page(USERS),
      'GET /sys/user/queryUserRole': ok(['r1', 'r2']),
      'GET /sys/user/userDepartList': ok([{ key: 'd1', value: 'd1', title: '内科' }]),
      'PUT /sys/user/edit': ok(null, '修改成功!'),
    });
    openPage('system/UserList', '/isystem/user');
    await screen.findByText('张伟');
    await userEvent.click(within(rowOf('张伟')).getByText('编辑'));
    const d = await dialog();
    await waitFor(() => expect(input(d, '用户姓名').value).toBe('张伟'));
    expect(s.last('GET', '/sys/user/queryUserRole')?.params).toMatchObject({ userid: 'u1' });
    expect(within(d).queryByText('登录密码')).not.toBeInTheDocument();
    expect(input(d, '用户账号')).toHaveAttribute('readonly');
    await userEvent.clear(input(d, '用户姓名'));
    await userEvent.type(input(d, '用户姓名'), '张伟伟');
    await userEvent.click(within(d).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(s.last('PUT', '/sys/user/edit')).toBeDefined());
    const body = s.last('PUT', '/sys/user/edit')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      id: 'u1',
      username: 'zhangwei',
      realname: '张伟伟',
      selectedroles: 'r1,r2',
      selecteddeparts: 'd1',
    });
    expect(body).not.toHaveProperty('password');
    expect(await screen.findByText('修改成功!')).toBeInTheDocument();
  });

  it('resets a password through the declared form action', async () => {
    const s = fakeServer({
      ...pageRoute(userPage),
      ...SUPPORT,
      'GET /sys/user/list': page(USERS),
      'PUT /sys/user/changePassword': ok(null, '密码重置成功！'),
    });
    openPage('system/UserList', '/isystem/user');
    await screen.findByText('张伟');
    await userEvent.click(within(rowOf('张伟')).getByText('密码'));
    const d = await screen.findByRole('dialog', { name: '重置密码' });
    await waitFor(() => expect(input(d, '用户账号').value).toBe('zhangwei'));
    await userEvent.type(input(d, '新密码'), 'NewPass#88');
    await userEvent.type(input(d, '确认密码'), 'NewPass#89');
    await userEvent.click(within(d).getByRole('button', { name: '确定' }));
    expect(await within(d).findByText('两次输入的密码不一样！')).toBeInTheDocument();
    await userEvent.clear(input(d, '确认密码'));
    await userEvent.type(input(d, '确认密码'), 'NewPass#88');
    await userEvent.click(within(d).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(s.last('PUT', '/sys/user/changePassword')?.body).toEqual({
        username: 'zhangwei',
        password: 'NewPass#88',
        confirmpassword: 'NewPass#88',
      }),
    );
  });
});

describe('declarative reactions', () => {
  it('switch the menu form between menu and button fields', async () => {
    const { auth, allAuth } = grant('permission:list', 'permission:add');
    signIn(auth, allAuth);
    const s = fakeServer({
      ...pageRoute(permissionPage),
      'GET /sys/permission/list': ok([
        {
          id: 'm1',
          name: '系统管理',
          menuType: 0,
          children: [{ id: 'b9', name: '导出日志', menuType: 2, children: null }],
        },
      ]),
      'POST /sys/permission/add': ok(null, '添加成功！'),
    });
    openPage('system/PermissionList', '/isystem/permission');
    await clickButton(/新增菜单/);
    const d = await screen.findByRole('dialog');
    expect(await within(d).findByText('菜单路径')).toBeInTheDocument();
    expect(within(d).queryByText('授权标识')).not.toBeInTheDocument();
    // A top-level menu has no parent to choose.
    expect(within(d).queryByText('上级菜单')).not.toBeInTheDocument();
    await userEvent.click(within(d).getByText('按钮/权限'));
    expect(await within(d).findByText('授权标识')).toBeInTheDocument();
    expect(within(d).getByText('按钮/权限名称')).toBeInTheDocument();
    expect(within(d).queryByText('菜单路径')).not.toBeInTheDocument();
    await userEvent.type(input(d, '按钮/权限名称'), '导出');
    await userEvent.type(input(d, '授权标识'), 'demo:export');
    // A button needs the menu it belongs to: the parent picker offers menus, not buttons.
    await userEvent.click(within(d).getByRole('button', { name: '确定' }));
    expect(await within(d).findByText('该字段是必填字段')).toBeInTheDocument();
    expect(s.last('POST', '/sys/permission/add')).toBeUndefined();
    fireEvent.mouseDown(within(d).getByText('请选择上级菜单'));
    await userEvent.click(await screen.findByTitle('系统管理'));
    expect(screen.queryByTitle('导出日志')).toBeNull();
    await userEvent.click(within(d).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(s.last('POST', '/sys/permission/add')).toBeDefined());
    const body = s.last('POST', '/sys/permission/add')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      menuType: '2',
      name: '导出',
      perms: 'demo:export',
      permsType: '1',
      parentId: 'm1',
    });
    // Hidden menu-only fields are not sent for a button.
    expect(body).not.toHaveProperty('url');
    expect(body).not.toHaveProperty('component');
  });
});

describe('precompiled record validators', () => {
  it('refuse values the entity rules forbid before anything is sent', async () => {
    const { auth, allAuth } = grant('erp_customer:list', 'erp_customer:add');
    signIn(auth, allAuth);
    const s = fakeServer({
      ...pageRoute({
        $schema: '../meta/page.schema.json',
        code: 'customer-lite',
        title: '客户（简）',
        kind: 'list',
        components: ['OnlineList'],
        entity: 'erp_customer',
        api: { list: '/online/cgform/api/getData/erp_customer', add: '/online/cgform/api/form/erp_customer' },
        columns: [{ dataIndex: 'name', title: '客户名称' }],
        toolbar: { add: true },
        // No Formily rules here: only the entity's precompiled validator checks the number.
        form: {
          validator: 'erp_customer',
          schema: {
            type: 'object',
            properties: {
              name: { type: 'string', title: '客户名称', 'x-component': 'Input' },
              customerNo: { type: 'string', title: '客户编号', 'x-component': 'Input' },
            },
          },
        },
      }),
      'GET /online/cgform/api/getData/erp_customer': page([]),
      'POST /online/cgform/api/form/erp_customer': ok('new-id', '添加成功！'),
    });
    openPage('OnlineList', '/online/cgformList/erp_customer', '/online/cgformList/:code');
    await clickButton(/新增/);
    const d = await screen.findByRole('dialog');
    await userEvent.type(await waitFor(() => input(d, '客户名称')), '协和医院');
    await userEvent.type(input(d, '客户编号'), 'X-1');
    await userEvent.click(within(d).getByRole('button', { name: '确定' }));
    expect(await within(d).findByText('客户编号应为 KH 加 4-8 位数字')).toBeInTheDocument();
    expect(s.last('POST', '/online/cgform/api/form/erp_customer')).toBeUndefined();
    await userEvent.clear(input(d, '客户编号'));
    await userEvent.type(input(d, '客户编号'), 'KH0001');
    await userEvent.click(within(d).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(s.last('POST', '/online/cgform/api/form/erp_customer')?.body).toEqual({
        name: '协和医院',
        customerNo: 'KH0001',
      }),
    );
  });
});
