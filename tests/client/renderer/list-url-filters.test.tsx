import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import userPage from '../../../schemas/pages/system-user.json';
import { urlFilters } from '../../../src/client/renderer/list/params';
import type { QueryField } from '../../../src/client/renderer/definition/types';
import { clickButton, fakeServer, grant, ok, openPage, page, pageRoute, SEARCH, signIn } from './harness';

const USERS = [
  {
    id: 'u2',
    username: 'lina',
    realname: '李娜',
    sex: 2,
    sex_dictText: '女',
    createTime: '2026-01-05 09:00:00',
  },
];

function userServer() {
  return fakeServer({
    ...pageRoute(userPage),
    'GET /sys/user/list': page(USERS, 1),
    'GET /sys/sysDepart/queryTreeList': ok([]),
  });
}
const lists = (s: ReturnType<typeof fakeServer>) => s.calls.filter((c) => c.url === '/sys/user/list');

describe('list filters from the page address (drill-down from a chart)', () => {
  beforeEach(() => {
    const { auth, allAuth } = grant('user:add', 'user:edit');
    signIn(auth, allAuth);
  });

  it('reads range, rule and plain filters into form values and passes unknown ones through', () => {
    const fields = [
      { name: 'username', title: '账号', rule: 'like' },
      { name: 'sex', title: '性别' },
      { name: 'createTime', title: '创建时间', mode: 'range' },
    ] as QueryField[];
    expect(
      urlFilters(
        fields,
        '?username=*zh*&sex=2&createTime_begin=2026-01-01&createTime_end=2026-01-31&orgCode=A01&pageNo=3',
      ),
    ).toEqual({
      values: { username: 'zh', sex: '2', createTime: ['2026-01-01', '2026-01-31'] },
      extra: { orgCode: 'A01' },
    });
    expect(urlFilters(fields, '')).toEqual({ values: {}, extra: {} });
    // The page's own names (list.addressParams): a notice's detailId is the record's id.
    expect(urlFilters(fields, '?detailId=v1&sex=1', { detailId: 'id' })).toEqual({
      values: { sex: '1' },
      extra: { id: 'v1' },
    });
  });

  it('opens the list filtered, shows the filters in the query form and lets them be changed', async () => {
    const s = userServer();
    openPage(
      'system/UserList',
      '/isystem/user?sex=2&username=*li*&orgCode=A01A01A04&createTime_begin=2026-01-01&createTime_end=2026-01-31',
    );
    await screen.findByText('李娜');
    // The very first request is already filtered.
    expect(lists(s)[0]?.params).toMatchObject({
      sex: '2',
      username: '*li*',
      orgCode: 'A01A01A04',
      createTime_begin: '2026-01-01',
      createTime_end: '2026-01-31',
      pageNo: 1,
    });
    const account = (await screen.findByPlaceholderText('请输入账号')) as HTMLInputElement;
    expect(account.value).toBe('li');
    // The sex select shows its dictionary text; the date range lives in the 'more' section, opened.
    await waitFor(() => expect(document.querySelector('.ant-select-selection-item')?.textContent).toBe('女'));
    expect(screen.getByRole('button', { name: /收起/ })).toBeInTheDocument();
    expect((screen.getByDisplayValue('2026-01-01') as HTMLInputElement).value).toBe('2026-01-01');

    await userEvent.clear(account);
    await userEvent.type(account, 'zhang');
    await clickButton(SEARCH);
    await waitFor(() => expect(lists(s).at(-1)?.params).toMatchObject({ username: '*zhang*', sex: '2' }));
  });
});
