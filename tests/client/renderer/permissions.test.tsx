import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import userPage from '../../../schemas/pages/system-user.json';
import { exclusionList, fieldAuthState, gateAllows } from '../../../src/client/renderer/permissions';
import type { AuthRecord } from '../../../src/client/session/types';
import { clickButton, fakeServer, ok, openPage, page, pageRoute, rowOf, signIn } from './harness';

const button = (action: string, status = '1'): AuthRecord => ({ action, type: '1', status });
const ALL_USER_BUTTONS = [
  'user:list',
  'user:add',
  'user:edit',
  'user:delete',
  'user:batch_delete',
  'user:import',
  'user:export',
].map((a) => button(a));
const BIRTHDAY_RULE: AuthRecord = { action: 'user:form:birthday', type: '2', status: '1' };

describe('exclusion list and the has rule', () => {
  it('lists the prefix codes configured in allAuth that the user lacks, without the prefix', () => {
    const allAuth = [...ALL_USER_BUTTONS, button('role:add'), BIRTHDAY_RULE];
    const auth = [button('user:list'), button('user:edit')];
    expect(exclusionList('user', auth, allAuth).sort()).toEqual([
      'add',
      'batch_delete',
      'delete',
      'export',
      'import',
    ]);
    expect(exclusionList('user:', auth, allAuth)).toContain('add');
    // Comma lists in the user's records count; a rule disabled globally (status '0') lets everyone.
    expect(exclusionList('user:', [button('user:add,user:batch_delete')], allAuth)).not.toContain(
      'batch_delete',
    );
    expect(exclusionList('user:', [], [button('user:add', '0')])).toEqual([]);
    // Nothing configured, nothing excluded.
    expect(exclusionList('user:', [], [])).toEqual([]);
  });

  it('keeps an element for a held code and the inverse directive only for a missing one', () => {
    const has = (code: string) => code === 'user:add';
    expect(gateAllows({ permission: 'user:add' }, has)).toBe(true);
    expect(gateAllows({ permission: 'user:edit' }, has)).toBe(false);
    expect(gateAllows({ unlessPermission: 'user:add' }, has)).toBe(false);
    expect(gateAllows({ unlessPermission: 'user:edit' }, has)).toBe(true);
  });

  it('disables a type 2 field without the code and hides a type 1 field', () => {
    expect(fieldAuthState('user:form:birthday', [], [BIRTHDAY_RULE])).toBe('disabled');
    expect(fieldAuthState('user:form:birthday', [BIRTHDAY_RULE], [BIRTHDAY_RULE])).toBe('editable');
    expect(fieldAuthState('user:form:birthday', [], [{ ...BIRTHDAY_RULE, status: '0' }])).toBe('editable');
    expect(fieldAuthState('user:form:secret', [], [button('user:form:secret')])).toBe('hidden');
  });
});

describe('permissions on the page', () => {
  const USERS = [
    { id: 'u1', username: 'zhangwei', realname: '张伟', status: 1, createTime: '2026-01-02 10:00:00' },
  ];
  const server = () =>
    fakeServer({
      ...pageRoute(userPage),
      'GET /sys/user/list': page(USERS),
      'GET /sys/sysDepart/queryTreeList': ok([]),
      'GET /sys/duplicate/check': ok(null),
    });

  it('hides add and batch delete in the exclusion list, and buttons whose code is missing', async () => {
    signIn([button('user:list'), button('user:export')], [...ALL_USER_BUTTONS, BIRTHDAY_RULE]);
    server();
    openPage('system/UserList', '/isystem/user');
    await screen.findByText('张伟');
    expect(screen.queryByRole('button', { name: /新增/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /批量删除/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导入/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /导出/ })).toBeInTheDocument();
    expect(within(rowOf('张伟')).queryByText('编辑')).not.toBeInTheDocument();
    expect(within(rowOf('张伟')).getByText('详情')).toBeInTheDocument();
  });

  it('shows them again when the rule is disabled globally (status 0)', async () => {
    signIn([button('user:list')], [button('user:add', '0'), button('user:batch_delete', '0')]);
    server();
    openPage('system/UserList', '/isystem/user');
    await screen.findByText('张伟');
    expect(screen.getByRole('button', { name: /新增/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /批量删除/ })).toBeInTheDocument();
  });

  it('disables the birthday field for a user without user:form:birthday', async () => {
    signIn([button('user:add')], [button('user:add'), BIRTHDAY_RULE]);
    server();
    openPage('system/UserList', '/isystem/user');
    await screen.findByText('张伟');
    await clickButton(/新增/);
    const label = await screen.findByText('生日', { selector: 'label' });
    const item = label.closest('.ant-formily-item') as HTMLElement;
    await waitFor(() => expect(item.querySelector('input')).toBeDisabled());
    // The realname field next to it stays editable.
    const realname = (await screen.findByText('用户姓名', { selector: 'label' })).closest(
      '.ant-formily-item',
    ) as HTMLElement;
    expect(realname.querySelector('input')).toBeEnabled();
  });

  it('leaves the birthday field editable for a user holding the code', async () => {
    signIn([button('user:add'), BIRTHDAY_RULE], [button('user:add'), BIRTHDAY_RULE]);
    server();
    openPage('system/UserList', '/isystem/user');
    await screen.findByText('张伟');
    await userEvent.click(screen.getByRole('button', { name: /新增/ }));
    const label = await screen.findByText('生日', { selector: 'label' });
    expect((label.closest('.ant-formily-item') as HTMLElement).querySelector('input')).toBeEnabled();
  });

  it('hides columns whose code the user lacks and shows inverse-gated buttons only without the code', async () => {
    signIn(
      [button('demo:col:phone')],
      [button('demo:col:price'), button('demo:col:phone'), button('demo:vip')],
    );
    fakeServer({
      ...pageRoute({
        $schema: '../meta/page.schema.json',
        code: 'demo-perm',
        title: '权限演示',
        kind: 'list',
        components: ['system/DemoPerm'],
        api: { list: '/demo/list' },
        columns: [
          { dataIndex: 'name', title: '名称' },
          { dataIndex: 'price', title: '价格', permission: 'demo:col:price' },
          { dataIndex: 'phone', title: '电话', permission: 'demo:col:phone' },
        ],
        toolbar: {
          custom: [
            {
              key: 'upgrade',
              title: '申请升级',
              kind: 'request',
              unlessPermission: 'demo:vip',
              api: '/demo/upgrade',
            },
            { key: 'vipOnly', title: '会员功能', kind: 'request', permission: 'demo:vip', api: '/demo/vip' },
          ],
        },
      }),
      'GET /demo/list': page([{ id: '1', name: '甲', price: 9, phone: '123' }]),
    });
    openPage('system/DemoPerm');
    await screen.findByText('甲');
    expect(screen.queryByRole('columnheader', { name: '价格' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '电话' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '申请升级' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '会员功能' })).not.toBeInTheDocument();
  });
});
