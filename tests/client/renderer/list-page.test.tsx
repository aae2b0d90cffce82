import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import userPage from '../../../schemas/pages/system-user.json';
import dictPage from '../../../schemas/pages/system-dict.json';
import equipmentSource from '../../../schemas/modules/erp/pages/erp-equipment.json';
import equipmentEntity from '../../../schemas/modules/erp/entities/erp_equipment.json';
import visitSource from '../../../schemas/modules/followup/pages/fu-visit.json';
import visitEntity from '../../../schemas/modules/followup/entities/fu_visit.json';
import { derivePage } from '../../../src/shared/page-derive';
import type { EntityDefinition, PageDefinition } from '../../../src/shared/schema-types';
import { bizFail } from '../shell/fake-server';
import {
  clickButton,
  confirmDialog,
  SEARCH,
  fakeServer,
  grant,
  ok,
  openPage,
  page,
  pageRoute,
  rowOf,
  selectRow,
  signIn,
  tableRows,
} from './harness';

/** The equipment page as the server serves it: derived from its entity (src/shared/page-derive). */
const equipmentPage = derivePage(equipmentSource as PageDefinition, [equipmentEntity as EntityDefinition]);

const USERS = [
  {
    id: 'u1',
    username: 'zhangwei',
    realname: '张伟',
    sex: 1,
    sex_dictText: '男',
    status: 1,
    status_dictText: '正常',
    orgCodeTxt: '内科',
    createTime: '2026-01-02 10:00:00',
  },
  {
    id: 'u2',
    username: 'lina',
    realname: '李娜',
    sex: 2,
    sex_dictText: '女',
    status: 2,
    status_dictText: '冻结',
    orgCodeTxt: '护理部',
    createTime: '2026-01-01 09:00:00',
  },
];
const DEPARTS = {
  'GET /sys/sysDepart/queryTreeList': ok([{ key: 'd1', title: '内科', id: 'd1', children: null }]),
};
const ALL_USER_CODES = [
  'user:add',
  'user:edit',
  'user:delete',
  'user:batch_delete',
  'user:export',
  'user:import',
  'user:frozen',
];

function userServer(extra: Record<string, unknown> = {}) {
  return fakeServer({
    ...pageRoute(userPage),
    'GET /sys/user/list': page(USERS, 2),
    ...DEPARTS,
    ...(extra as object),
  });
}
const lists = (s: ReturnType<typeof fakeServer>) => s.calls.filter((c) => c.url === '/sys/user/list');

describe('list page from a definition', () => {
  beforeEach(() => {
    const { auth, allAuth } = grant(...ALL_USER_CODES);
    signIn(auth, allAuth);
  });

  it('fetches the definition by component, then the first page: 30 rows, newest first', async () => {
    const s = userServer();
    openPage('system/UserList', '/isystem/user');
    expect(await screen.findByText('张伟')).toBeInTheDocument();
    expect(s.last('GET', '/sys/schema/page')?.params).toMatchObject({ component: 'system/UserList' });
    expect(s.last('GET', '/sys/user/list')?.params).toMatchObject({
      pageNo: 1,
      pageSize: 30,
      column: 'createTime',
      order: 'desc',
    });
    expect(tableRows()).toHaveLength(2);
    // Dictionary columns show the server's <field>_dictText.
    expect(rowOf('李娜').textContent).toContain('冻结');
    expect(rowOf('张伟').textContent).toContain('男');
    // The page's own total text and size choices (spec §9).
    expect(screen.getByText('1-2 共 2 条')).toBeInTheDocument();
    await userEvent.click(
      document.querySelector('.ant-pagination-options .ant-select-selector') as HTMLElement,
    );
    const sizes = await screen.findAllByText(/^\d+ 条\/页$/, { selector: '.ant-select-item-option-content' });
    expect(sizes.map((o) => o.textContent)).toEqual([
      '10 条/页',
      '30 条/页',
      '50 条/页',
      '100 条/页',
      '300 条/页',
      '500 条/页',
      '1000 条/页',
    ]);
    await userEvent.click(sizes[2]);
    await waitFor(() =>
      expect(s.last('GET', '/sys/user/list')?.params).toMatchObject({ pageNo: 1, pageSize: 50 }),
    );
  });

  it('says 约 with the server estimate when the list is too long to count exactly', async () => {
    userServer({
      'GET /sys/user/list': ok({
        records: USERS,
        total: 1_000_000,
        size: 30,
        current: 1,
        pages: 33_334,
        totalEstimated: true,
      }),
    });
    openPage('system/UserList', '/isystem/user');
    await screen.findByText('张伟');
    // The range ends at the rows the page holds, not where the estimate would put it.
    expect(screen.getByText('1-2 约 1,000,000 条')).toBeInTheDocument();
    expect(screen.queryByText(/共 1000000 条/)).not.toBeInTheDocument();
    // The pager still reaches the last page the estimate gives.
    expect(screen.getByTitle('33334')).toBeInTheDocument();
  });

  it('offers the page after an estimate the rows have reached', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ ...USERS[0], id: `e${i}`, realname: `估计${i}` }));
    const s = userServer({
      'GET /sys/user/list': ok({
        records: rows,
        total: 30,
        size: 30,
        current: 1,
        pages: 1,
        totalEstimated: true,
      }),
    });
    openPage('system/UserList', '/isystem/user');
    await screen.findByText('估计0');
    expect(screen.getByText('1-30 约 30 条')).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lists(s).at(-1)?.params).toMatchObject({ pageNo: 2 }));
  });

  it('searches with the field rules, opens the more section and resets', async () => {
    const s = userServer();
    openPage('system/UserList', '/isystem/user');
    await screen.findByText('张伟');
    // The query widgets load on first use.
    await userEvent.type(await screen.findByPlaceholderText('请输入账号'), 'zhang');
    await clickButton(SEARCH);
    await waitFor(() => expect(lists(s).at(-1)?.params).toMatchObject({ username: '*zhang*', pageNo: 1 }));
    expect(screen.queryByPlaceholderText('请输入手机号')).not.toBeInTheDocument();
    // 展开 is a real button (keyboard, aria-expanded), not a bare link.
    expect(screen.getByRole('button', { name: /展开/ })).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(screen.getByRole('button', { name: /展开/ }));
    expect(screen.getByRole('button', { name: /收起/ })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.type(await screen.findByPlaceholderText('请输入手机号'), '138');
    await clickButton(SEARCH);
    await waitFor(() =>
      expect(lists(s).at(-1)?.params).toMatchObject({ username: '*zhang*', phone: '*138*' }),
    );
    await clickButton(/重置/);
    await waitFor(() => {
      const params = lists(s).at(-1)?.params ?? {};
      expect(params.username).toBeUndefined();
      expect(params.phone).toBeUndefined();
    });
  });

  it('sorts on the server when a sortable header is clicked', async () => {
    const s = userServer();
    openPage('system/UserList', '/isystem/user');
    await screen.findByText('张伟');
    fireEvent.click(screen.getByRole('columnheader', { name: /账号/ }));
    await waitFor(() => expect(lists(s).at(-1)?.params).toMatchObject({ column: 'username', order: 'asc' }));
  });

  it('asks for a selection before a batch delete, then confirms and deletes the chosen rows', async () => {
    const s = userServer({ 'DELETE /sys/user/deleteBatch': ok(null, '批量删除用户成功') });
    openPage('system/UserList', '/isystem/user');
    await screen.findByText('张伟');
    await clickButton(/批量删除/);
    expect(await screen.findByText('请选择一条记录！')).toBeInTheDocument();
    expect(s.last('DELETE', '/sys/user/deleteBatch')).toBeUndefined();
    await selectRow('张伟');
    await selectRow('李娜');
    expect(screen.getByText('已选择 2 项')).toBeInTheDocument();
    await clickButton(/批量删除/);
    expect(await screen.findByText('确定要删除选中的 2 条数据吗？')).toBeInTheDocument();
    await confirmDialog();
    await waitFor(() =>
      expect(s.last('DELETE', '/sys/user/deleteBatch')?.params).toMatchObject({ ids: 'u1,u2' }),
    );
    expect(await screen.findByText('批量删除用户成功')).toBeInTheDocument();
    await waitFor(() => expect(lists(s).length).toBeGreaterThanOrEqual(2));
  });

  it('deletes one row after confirmation from its 更多 menu', async () => {
    const s = userServer({ 'DELETE /sys/user/delete': ok(null, '删除用户成功') });
    openPage('system/UserList', '/isystem/user');
    await screen.findByText('张伟');
    await userEvent.hover(within(rowOf('张伟')).getByText(/更多/));
    await userEvent.click(await screen.findByRole('menuitem', { name: '删除' }));
    expect(await screen.findByText('确定删除该用户吗？')).toBeInTheDocument();
    await confirmDialog();
    await waitFor(() => expect(s.last('DELETE', '/sys/user/delete')?.params).toMatchObject({ id: 'u1' }));
  });

  it('exports the current filter, or only the selected rows', async () => {
    const s = userServer({
      'GET /sys/user/exportXls': { body: 'xls-bytes', contentType: 'application/vnd.ms-excel' },
    });
    const created: string[] = [];
    URL.createObjectURL = () => {
      created.push('blob');
      return 'blob:x';
    };
    URL.revokeObjectURL = () => {};
    openPage('system/UserList', '/isystem/user');
    await screen.findByText('张伟');
    await userEvent.type(screen.getByPlaceholderText('请输入姓名'), '张');
    await clickButton(SEARCH);
    await waitFor(() => expect(lists(s).at(-1)?.params).toMatchObject({ realname: '*张*' }));
    await clickButton(/导出/);
    await waitFor(() => expect(s.last('GET', '/sys/user/exportXls')).toBeDefined());
    const first = s.last('GET', '/sys/user/exportXls')!.params;
    expect(first).toMatchObject({ realname: '*张*', column: 'createTime', order: 'desc' });
    expect(first.pageNo).toBeUndefined();
    expect(first.selections).toBeUndefined();
    await selectRow('李娜');
    await clickButton(/导出/);
    await waitFor(() =>
      expect(s.last('GET', '/sys/user/exportXls')?.params).toMatchObject({ selections: 'u2' }),
    );
    expect(created).toHaveLength(2);
  });

  it('offers the analysis exports beside the button when the page has choices: CSV, codes', async () => {
    const withChoices = {
      ...userPage,
      toolbar: { ...userPage.toolbar, export: { ...userPage.toolbar.export, choices: true } },
    };
    const s = fakeServer({
      ...pageRoute(withChoices),
      ...DEPARTS,
      'GET /sys/user/list': page(USERS, 2),
      'GET /sys/user/exportXls': { body: 'a,b', contentType: 'text/csv' },
    });
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
    openPage('system/UserList', '/isystem/user');
    await screen.findByText('张伟');
    await userEvent.click(screen.getByRole('button', { name: '更多导出方式' }));
    await userEvent.click(await screen.findByText('导出 CSV（选项为编码）'));
    await waitFor(() =>
      expect(s.last('GET', '/sys/user/exportXls')?.params).toMatchObject({
        format: 'csv',
        formValues: 'code',
      }),
    );
    // The button itself stays the plain Excel export.
    await clickButton(/导\s*出$/);
    await waitFor(() => expect(s.calls.filter((c) => c.url === '/sys/user/exportXls')).toHaveLength(2));
    expect(s.last('GET', '/sys/user/exportXls')?.params.format).toBeUndefined();
    // A derived page of an entity holding form documents has the choices.
    const visits = derivePage(visitSource as PageDefinition, [visitEntity as EntityDefinition]);
    expect(visits.toolbar?.export).toMatchObject({ choices: true });
    expect(equipmentPage.toolbar?.export).not.toMatchObject({ choices: true });
  });

  it('shows the failure with a retry, and an empty list as 暂无数据', async () => {
    let fail = true;
    const s = fakeServer({
      ...pageRoute(userPage),
      ...DEPARTS,
      'GET /sys/user/list': () => (fail ? bizFail('数据库暂时不可用') : page([])),
    });
    openPage('system/UserList', '/isystem/user');
    expect(await screen.findByText('数据库暂时不可用')).toBeInTheDocument();
    fail = false;
    await clickButton(/重试/);
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(lists(s)).toHaveLength(2);
  });

  it('cuts long cells at 25 half-width units, counting Chinese characters as 2', async () => {
    fakeServer({
      ...pageRoute(userPage),
      ...DEPARTS,
      'GET /sys/user/list': page([
        {
          id: 'u9',
          username: 'abcdefghijklmnopqrstuvwxyz0123',
          realname: '一二三四五六七八九十一二三四五',
          createTime: '',
        },
      ]),
    });
    openPage('system/UserList', '/isystem/user');
    expect(await screen.findByText('abcdefghijklmnopqrstuvwxy...')).toBeInTheDocument();
    expect(screen.getByText('一二三四五六七八九十一二...')).toBeInTheDocument();
  });

  it('filters by the department chosen in the tree beside the list', async () => {
    const s = userServer();
    openPage('system/UserList', '/isystem/user');
    await screen.findByText('张伟');
    await userEvent.click(await screen.findByText('内科', { selector: '.ant-tree-title' }));
    await waitFor(() => expect(lists(s).at(-1)?.params).toMatchObject({ departId: 'd1', pageNo: 1 }));
  });
});

describe('query form without a more section', () => {
  it('keeps what was typed while the list re-renders', async () => {
    const { auth, allAuth } = grant('dict:add');
    signIn(auth, allAuth);
    const s = fakeServer({
      ...pageRoute(dictPage),
      'GET /sys/dict/list': page([{ id: 'd1', dictName: '性别', dictCode: 'sex' }]),
    });
    openPage('system/DictList', '/isystem/dict');
    await screen.findByText('性别');
    await userEvent.type(screen.getByPlaceholderText('请输入字典名称'), '性');
    // Selecting a row re-renders the page; the typed text must survive it.
    await selectRow('性别');
    expect(screen.getByPlaceholderText('请输入字典名称')).toHaveValue('性');
    await clickButton(SEARCH);
    await waitFor(() => expect(s.last('GET', '/sys/dict/list')?.params).toMatchObject({ dictName: '*性*' }));
  });
});

describe('row actions with conditions', () => {
  const ROWS = [
    { id: 'e1', name: '彩超机', status: '1', status_dictText: '在用' },
    { id: 'e2', name: '呼吸机', status: '2', status_dictText: '维修中' },
    { id: 'e3', name: '监护仪', status: '3', status_dictText: '闲置' },
    { id: 'e4', name: '旧X光机', status: '4', status_dictText: '已报废' },
  ];

  it('show 维修完成 only when the status is not 1, 3 or 4, and send the declared change', async () => {
    const { auth, allAuth } = grant('erp_equipment:list', 'erp_equipment:edit', 'erp_equipment:delete');
    signIn(auth, allAuth);
    const s = fakeServer({
      ...pageRoute(equipmentPage),
      'GET /online/cgform/api/getData/erp_equipment': page(ROWS),
      'PUT /online/cgform/api/form/erp_equipment': ok('e2', '编辑成功!'),
    });
    openPage('OnlineList', '/online/cgformList/erp_equipment', '/online/cgformList/:code');
    await screen.findByText('呼吸机');
    expect(s.last('GET', '/sys/schema/page')?.params).toMatchObject({
      component: 'OnlineList',
      code: 'erp_equipment',
    });
    expect(s.last('GET', '/online/cgform/api/getData/erp_equipment')?.params).toMatchObject({
      column: 'purchaseDate',
      order: 'desc',
    });
    const dealIn = (name: string) => {
      const row = rowOf(name);
      return within(row).queryByText('维修完成') ?? null;
    };
    // Two links inline (编辑, 维修完成 when shown), the rest under 更多.
    expect(dealIn('彩超机')).toBeNull();
    expect(dealIn('监护仪')).toBeNull();
    expect(dealIn('旧X光机')).toBeNull();
    expect(dealIn('呼吸机')).not.toBeNull();
    await userEvent.click(dealIn('呼吸机')!);
    expect(await screen.findByText('确认该设备已维修完成并恢复在用吗？')).toBeInTheDocument();
    await confirmDialog();
    await waitFor(() =>
      expect(s.last('PUT', '/online/cgform/api/form/erp_equipment')?.body).toEqual({ id: 'e2', status: '1' }),
    );
  });
});

describe('implementer messages', () => {
  beforeEach(() => signIn());

  it('names a component the server has no definition for', async () => {
    fakeServer({
      'GET /sys/schema/page': { status: 404, body: { success: false, code: 404, message: '页面定义不存在' } },
    });
    openPage('system/NobodyHasThis');
    expect(await screen.findByText('页面定义不存在：system/NobodyHasThis')).toBeInTheDocument();
  });

  it('says when the list or the delete URL is not configured', async () => {
    fakeServer(
      pageRoute({
        $schema: '../meta/page.schema.json',
        code: 'broken',
        title: '配置不全',
        kind: 'list',
        components: ['system/Broken'],
        api: {},
        columns: [{ dataIndex: 'name', title: '名称' }],
        rowActions: { delete: true },
      }),
    );
    openPage('system/Broken');
    expect(await screen.findByText('列表地址未配置')).toBeInTheDocument();
  });

  it('says 删除地址未配置 when a row is deleted without a delete URL', async () => {
    fakeServer({
      ...pageRoute({
        $schema: '../meta/page.schema.json',
        code: 'nodelete',
        title: '无删除',
        kind: 'list',
        components: ['system/NoDelete'],
        api: { list: '/demo/list' },
        columns: [{ dataIndex: 'name', title: '名称' }],
        rowActions: { delete: true },
      }),
      'GET /demo/list': page([{ id: 'a', name: '甲' }]),
    });
    openPage('system/NoDelete');
    await screen.findByText('甲');
    await userEvent.click(within(rowOf('甲')).getByText('删除'));
    await confirmDialog();
    expect(await screen.findByText('删除地址未配置')).toBeInTheDocument();
  });

  it('refuses a definition carrying a {{ }} expression', async () => {
    fakeServer(
      pageRoute({
        code: 'evil',
        title: '表达式',
        kind: 'list',
        components: ['system/Evil'],
        api: { list: '/demo/list' },
        columns: [{ dataIndex: 'name', title: '{{ fetch("//x") }}' }],
      }),
    );
    openPage('system/Evil');
    expect(await screen.findByText('页面定义包含不允许的表达式（{{ }}）')).toBeInTheDocument();
  });
});
