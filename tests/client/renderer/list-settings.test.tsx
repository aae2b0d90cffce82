import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import dictPage from '../../../schemas/pages/system-dict.json';
import { fakeServer, grant, ok, openPage, page, pageRoute, signIn } from './harness';

/** Column settings and density on a list, in the component (the browser test covers layout and reload). */
const DICTS = [
  { id: 'd1', dictName: '性别', dictCode: 'sex', description: '人员性别', createTime: '2026-01-02 10:00:00' },
];

const headers = () =>
  [...document.querySelectorAll('.ant-table-thead th')]
    .map((th) => th.textContent?.trim())
    .filter((t) => t && t !== '操作');
const stored = () => Object.keys(localStorage).filter((k) => k.startsWith('pro__JTableSettings_'));

describe('list settings', () => {
  beforeEach(() => {
    localStorage.clear();
    const { auth, allAuth } = grant('dict:add', 'dict:edit', 'dict:delete');
    signIn(auth, allAuth);
    fakeServer({
      ...pageRoute(dictPage),
      'GET /sys/dict/list': page(DICTS),
      'GET /sys/dict/deleteList': ok([]),
    });
  });

  it('hides and moves columns, changes density, keeps them in storage and resets', async () => {
    openPage('system/DictList', '/isystem/dict');
    await screen.findByText('人员性别');
    expect(headers()).toEqual(['字典名称', '字典编码', '描述', '创建时间']);

    await userEvent.click(screen.getByRole('button', { name: '列设置' }));
    const panel = (await screen.findByText('全选')).closest('.list-settings') as HTMLElement;
    const item = (title: string) => within(panel).getByText(title).closest('li') as HTMLElement;
    await userEvent.click(within(item('描述')).getByRole('checkbox'));
    await userEvent.click(within(item('创建时间')).getByRole('button', { name: '上移：创建时间' }));
    await waitFor(() => expect(headers()).toEqual(['字典名称', '字典编码', '创建时间']));
    expect(stored()).toHaveLength(1);
    expect(stored()[0]).toMatch(/_\/isystem\/dict$/);

    await userEvent.click(screen.getByRole('button', { name: '密度' }));
    await userEvent.click(await screen.findByText('紧凑'));
    await waitFor(() => expect(document.querySelector('.ant-table-small')).not.toBeNull());

    // 全选 from part-shown shows every column; cleared, it keeps the first one.
    await userEvent.click(screen.getByRole('button', { name: '列设置' }));
    await waitFor(() =>
      expect(getComputedStyle(panel.closest('.ant-popover')!).pointerEvents).not.toBe('none'),
    );
    const all = within(panel).getByText('全选').closest('label')!.querySelector('input') as HTMLInputElement;
    await userEvent.click(all);
    await waitFor(() => expect(headers()).toEqual(['字典名称', '字典编码', '创建时间', '描述']));
    await userEvent.click(all);
    await waitFor(() => expect(headers()).toEqual(['字典名称']));

    await userEvent.click(within(panel).getByRole('button', { name: '重置' }));
    await waitFor(() => expect(headers()).toEqual(['字典名称', '字典编码', '描述', '创建时间']));
    expect(document.querySelector('.ant-table-small')).toBeNull();
    expect(stored()).toEqual([]);
  });
});
