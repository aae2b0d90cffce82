import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import categoryPage from '../../../schemas/pages/system-category.json';
import departPage from '../../../schemas/pages/system-depart.json';
import dictPage from '../../../schemas/pages/system-dict.json';
import rolePage from '../../../schemas/pages/system-role.json';
import { DetailDescriptions, detailColumns } from '../../../src/client/renderer/detail/DetailView';
import { renderAt } from '../shell/harness';
import {
  dialogTitled,
  fakeServer,
  grant,
  ok,
  openPage,
  page,
  pageRoute,
  rowOf,
  signIn,
  tableRows,
} from './harness';

const expander = (row: HTMLElement) => row.querySelector('.ant-table-row-expand-icon') as HTMLElement | null;

describe('tree lists', () => {
  it('load children lazily behind a 加载中... row; an empty answer makes a leaf', async () => {
    const { auth, allAuth } = grant('category:add', 'category:edit', 'category:delete');
    signIn(auth, allAuth);
    const s = fakeServer({
      ...pageRoute(categoryPage),
      'GET /sys/category/rootList': page([
        { id: 'c1', name: '药品', code: 'A01', hasChild: '1' },
        { id: 'c2', name: '器械', code: 'A02', hasChild: '1' },
        { id: 'c3', name: '耗材', code: 'A03', hasChild: '0' },
      ]),
      'GET /sys/category/childList': (req) =>
        ok(req.params.pid === 'c1' ? [{ id: 'c11', name: '中成药', code: 'A01A01', hasChild: '0' }] : []),
    });
    openPage('system/SysCategoryList', '/isys/category');
    await screen.findByText('药品');
    expect(expander(rowOf('耗材'))?.className ?? '').toMatch(/spaced|^$/);
    await userEvent.click(expander(rowOf('药品'))!);
    expect(await screen.findByText('中成药')).toBeInTheDocument();
    expect(s.last('GET', '/sys/category/childList')?.params).toMatchObject({ pid: 'c1' });
    await userEvent.click(expander(rowOf('器械'))!);
    await waitFor(() => expect(s.calls.filter((c) => c.url === '/sys/category/childList')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('加载中...')).not.toBeInTheDocument());
    expect(expander(rowOf('器械'))?.className).toMatch(/spaced/);
  });

  it('add a child under a row with its parent preset (departments, loaded level by level)', async () => {
    const { auth, allAuth } = grant('depart:add', 'depart:edit');
    signIn(auth, allAuth);
    const s = fakeServer({
      ...pageRoute(departPage),
      'GET /sys/sysDepart/queryDepartTreeSync': (req) =>
        ok(
          req.params.pid === 'd1'
            ? [{ id: 'd2', key: 'd2', departName: '内科', orgCode: 'A01A01', isLeaf: true, children: null }]
            : [{ id: 'd1', key: 'd1', departName: '总院', orgCode: 'A01', isLeaf: false, children: null }],
        ),
      'POST /sys/sysDepart/add': ok(null, '添加成功！'),
    });
    openPage('system/DepartList', '/isystem/depart');
    await screen.findByText('总院');
    // The top level came without paging parameters; children come by pid.
    expect(s.last('GET', '/sys/sysDepart/queryDepartTreeSync')?.params.pageNo).toBeUndefined();
    await userEvent.click(expander(rowOf('总院'))!);
    expect(await screen.findByText('内科')).toBeInTheDocument();
    expect(s.last('GET', '/sys/sysDepart/queryDepartTreeSync')?.params).toMatchObject({ pid: 'd1' });
    await userEvent.click(within(rowOf('总院')).getByText('添加下级'));
    const d = await dialogTitled('新增');
    const name = (await within(d).findByText('机构名称', { selector: 'label' }))
      .closest('.ant-formily-item')!
      .querySelector('input')!;
    await userEvent.type(name, '外科');
    await userEvent.click(within(d).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(s.last('POST', '/sys/sysDepart/add')?.body).toMatchObject({
        departName: '外科',
        parentId: 'd1',
        orgCategory: '2',
        status: '1',
      }),
    );
  });
});

describe('parts named by definitions', () => {
  beforeEach(() => {
    const { auth, allAuth } = grant('role:authorize', 'role:edit', 'dict:add', 'dict:edit', 'dict:delete');
    signIn(auth, allAuth);
  });

  it('PermissionTreeDrawer shows the role’s permissions and saves the new and previous ids', async () => {
    const s = fakeServer({
      ...pageRoute(rolePage),
      'GET /sys/role/list': page([{ id: 'r1', roleName: '医生', roleCode: 'doctor' }]),
      'GET /sys/role/queryTreeList': ok({
        treeList: [
          {
            key: 'p1',
            title: '系统管理',
            children: [
              { key: 'p2', title: '用户管理', children: null },
              { key: 'p3', title: '角色管理', children: null },
            ],
          },
        ],
        ids: ['p1', 'p2', 'p3'],
      }),
      'GET /sys/permission/queryRolePermission': ok(['p1', 'p2']),
      'POST /sys/permission/saveRolePermission': ok(null, '保存成功！'),
    });
    openPage('system/RoleList', '/isystem/roleUserList');
    await screen.findByText('医生');
    await userEvent.click(within(rowOf('医生')).getByText('授权'));
    const drawer = await dialogTitled('角色权限配置');
    await within(drawer).findByText('角色管理');
    expect(s.last('GET', '/sys/permission/queryRolePermission')?.params).toMatchObject({ roleId: 'r1' });
    const checked = () =>
      Array.from(drawer.querySelectorAll('.ant-tree-treenode-checkbox-checked')).map((n) => n.textContent);
    expect(checked()).toEqual(['系统管理', '用户管理']);
    const node = within(drawer).getByText('角色管理').closest('.ant-tree-treenode') as HTMLElement;
    await userEvent.click(node.querySelector('.ant-tree-checkbox') as HTMLElement);
    expect(checked()).toEqual(['系统管理', '用户管理', '角色管理']);
    await userEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(s.last('POST', '/sys/permission/saveRolePermission')?.body).toEqual({
        roleId: 'r1',
        permissionIds: 'p1,p2,p3',
        lastpermissionIds: 'p1,p2',
      }),
    );
  });

  it('PermissionTreeDrawer offers 数据规则 on menus with rules and saves the role’s choice', async () => {
    const s = fakeServer({
      ...pageRoute(rolePage),
      'GET /sys/role/list': page([{ id: 'r1', roleName: '医生', roleCode: 'doctor' }]),
      'GET /sys/role/queryTreeList': ok({
        treeList: [
          { key: 'p2', title: '用户管理', ruleFlag: 1, children: null },
          { key: 'p3', title: '角色管理', ruleFlag: 0, children: null },
        ],
        ids: ['p2', 'p3'],
      }),
      'GET /sys/permission/queryRolePermission': ok(['p2']),
      'GET /sys/role/datarule/p2/r1': ok({
        datarule: [
          {
            id: 'dr1',
            ruleName: '本科室',
            ruleColumn: 'sys_org_code',
            ruleConditions: 'RIGHT_LIKE',
            ruleValue: '#{sys_org_code}',
          },
          { id: 'dr2', ruleName: '仅男性', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '1' },
        ],
        drChecked: 'dr1',
      }),
      'POST /sys/role/datarule': ok(null, '保存成功!'),
    });
    openPage('system/RoleList', '/isystem/roleUserList');
    await screen.findByText('医生');
    await userEvent.click(within(rowOf('医生')).getByText('授权'));
    const drawer = await dialogTitled('角色权限配置');
    await within(drawer).findByText('角色管理');
    expect(within(drawer).getAllByText('数据规则')).toHaveLength(1);
    await userEvent.click(within(drawer).getByText('数据规则'));
    const rules = await dialogTitled('数据规则配置：用户管理');
    const box = (name: string) => within(rules).getByRole('checkbox', { name: new RegExp(name) });
    await waitFor(() => expect(box('本科室')).toBeChecked());
    expect(box('仅男性')).not.toBeChecked();
    expect(within(rules).getByText('sys_org_code RIGHT_LIKE #{sys_org_code}')).toBeInTheDocument();
    await userEvent.click(box('仅男性'));
    await userEvent.click(within(rules).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(s.last('POST', '/sys/role/datarule')?.body).toEqual({
        permissionId: 'p2',
        roleId: 'r1',
        dataRuleIds: 'dr1,dr2',
      }),
    );
    // The link opens the rules without changing the menu grants.
    const checked = Array.from(drawer.querySelectorAll('.ant-tree-treenode-checkbox-checked')).map(
      (n) => n.querySelector('.ant-tree-title')?.textContent,
    );
    expect(checked).toEqual(['用户管理数据规则']);
  });

  it('SubList lists and adds the dictionary’s items with its id', async () => {
    const s = fakeServer({
      ...pageRoute(dictPage),
      'GET /sys/dict/list': page([{ id: 'dict1', dictName: '性别', dictCode: 'sex' }]),
      'GET /sys/dictItem/list': page([
        { id: 'i1', dictId: 'dict1', itemText: '男', itemValue: '1', sortOrder: 1, status: 1 },
      ]),
      'POST /sys/dictItem/add': ok(null, '保存成功!'),
    });
    openPage('system/DictList', '/isystem/dict');
    await screen.findByText('性别');
    await userEvent.click(within(rowOf('性别')).getByText('字典配置'));
    const drawer = await dialogTitled('字典项');
    expect(await within(drawer).findByText('男')).toBeInTheDocument();
    expect(s.last('GET', '/sys/dictItem/list')?.params).toMatchObject({
      dictId: 'dict1',
      column: 'sortOrder',
      order: 'asc',
      pageSize: 10,
    });
    await userEvent.click(within(drawer).getByRole('button', { name: /新增/ }));
    const form = await dialogTitled('新增');
    const input = (label: string) =>
      within(form)
        .getByText(label, { selector: 'label' })
        .closest('.ant-formily-item')!
        .querySelector('input')!;
    await userEvent.type(input('名称'), '未知');
    await userEvent.type(input('数据值'), '0');
    await userEvent.click(within(form).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(s.last('POST', '/sys/dictItem/add')?.body).toMatchObject({
        dictId: 'dict1',
        itemText: '未知',
        itemValue: '0',
        status: '1',
      }),
    );
  });
});

describe('detail', () => {
  it('lays out labelled values in at most four columns with dictionary text', async () => {
    signIn();
    expect(detailColumns({ columns: 4 })).toBe(4);
    expect(detailColumns(undefined)).toBe(2);
    renderAt(
      <DetailDescriptions
        row={{ name: '彩超机', status: '2', status_dictText: '维修中', price: 1234567.5 }}
        items={[
          { name: 'name', title: '设备名称' },
          { name: 'status', title: '设备状态', dict: 'erp_equipment_status' },
          { name: 'price', title: '价格', format: 'number' },
        ]}
        columns={detailColumns({ columns: 4 })}
      />,
      '/',
    );
    expect(await screen.findByText('维修中')).toBeInTheDocument();
    expect(screen.getByText('1,234,567.5')).toBeInTheDocument();
    expect(screen.getByText('设备名称')).toBeInTheDocument();
  });
});

describe('tables stay usable with many rows', () => {
  it('renders 1,000 rows through the virtual body without mounting them all', async () => {
    signIn();
    const rows = Array.from({ length: 1000 }, (_, i) => ({ id: `r${i}`, name: `记录${i}` }));
    fakeServer({
      ...pageRoute({
        code: 'big',
        title: '大表',
        kind: 'list',
        components: ['system/Big'],
        api: { list: '/big/list' },
        list: { pageSize: 1000 },
        columns: [{ dataIndex: 'name', title: '名称' }],
      }),
      'GET /big/list': page(rows, 1000),
    });
    openPage('system/Big');
    expect(await screen.findByText('记录0')).toBeInTheDocument();
    expect(tableRows().length).toBeGreaterThan(0);
    expect(tableRows().length).toBeLessThan(100);
    expect(document.querySelector('.ant-table-tbody-virtual')).not.toBeNull();
  });
});
