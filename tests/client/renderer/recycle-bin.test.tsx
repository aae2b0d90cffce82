import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import dictPage from '../../../schemas/pages/system-dict.json';
import userPage from '../../../schemas/pages/system-user.json';
import {
  clickButton,
  confirmDialog,
  fakeServer,
  grant,
  ok,
  openPage,
  page,
  pageRoute,
  selectRow,
  signIn,
} from './harness';

/** The RecycleBin part as the user and dictionary pages declare it (schemas/pages). */
const binModal = () => {
  const modal = document.querySelector<HTMLElement>('.recycle-bin-modal');
  if (!modal) throw new Error('the recycle bin is not open');
  return modal;
};
const binButton = (name: RegExp) => within(binModal()).getByRole('button', { name });

describe('recycle bin part', () => {
  it('restores the chosen users with their ids in the body, then reloads the bin and the list; no purge without its code', async () => {
    const { auth, allAuth } = grant('user:list', 'user:recycle');
    signIn(auth, allAuth);
    let binned = [
      {
        id: 'u1',
        username: 'zhang003',
        realname: '张志强',
        sex: 1,
        updateBy: 'admin',
        updateTime: '2026-11-26 09:00:00',
      },
      {
        id: 'u2',
        username: 'liu004',
        realname: '刘海燕',
        sex: 2,
        updateBy: 'admin',
        updateTime: '2026-11-26 08:00:00',
      },
    ];
    const s = fakeServer({
      ...pageRoute(userPage),
      'GET /sys/user/list': page([{ id: 'u9', username: 'wang001', realname: '王建国' }]),
      'GET /sys/sysDepart/queryTreeList': ok([]),
      'GET /sys/user/recycleBin': () => page(binned),
      'PUT /sys/user/putRecycleBin': (req) => {
        binned = binned.filter((u) => u.id !== (req.body as { userIds: string }).userIds);
        return ok(null, '还原成功');
      },
    });
    openPage('system/UserList', '/isystem/user');
    await screen.findByText('王建国');
    await clickButton('回收站');
    await within(await waitFor(binModal)).findByText('张志强');
    // Dictionary text, as on the list.
    expect(within(binModal()).getAllByText('女')).toHaveLength(1);
    expect(within(binModal()).queryByRole('button', { name: /彻底删除/ })).toBeNull();
    expect(binButton(/还原/)).toBeDisabled();

    const listCalls = s.calls.filter((c) => c.url === '/sys/user/list').length;
    await selectRow('刘海燕');
    await userEvent.click(binButton(/还原/));
    await confirmDialog();
    await waitFor(() => expect(s.last('PUT', '/sys/user/putRecycleBin')?.body).toEqual({ userIds: 'u2' }));
    await waitFor(() => expect(within(binModal()).queryByText('刘海燕')).toBeNull());
    expect(within(binModal()).getByText('张志强')).toBeInTheDocument();
    await waitFor(() =>
      expect(s.calls.filter((c) => c.url === '/sys/user/list').length).toBeGreaterThan(listCalls),
    );
  });

  it('purges dictionaries by ids in the path, pages a plain array, shows the empty state and reloads the dictionary cache', async () => {
    const { auth, allAuth } = grant('dict:recycle', 'dict:purge');
    signIn(auth, allAuth);
    let binned = Array.from({ length: 12 }, (_, i) => ({
      id: `d${i + 1}`,
      dictName: `字典${i + 1}`,
      dictCode: `code_${i + 1}`,
    }));
    const s = fakeServer({
      ...pageRoute(dictPage),
      'GET /sys/dict/list': page([]),
      'GET /sys/dict/deleteList': () => ok(binned),
      'DELETE /sys/dict/deletePhysic/d1,d2': () => {
        binned = binned.filter((d) => d.id !== 'd1' && d.id !== 'd2');
        return ok(null, '彻底删除成功');
      },
      'GET /sys/dict/refleshCache': ok(null),
      'GET sys/dict/refleshCache': ok(null),
      'GET /sys/dict/queryAllDictItems': ok({}),
      'GET sys/dict/queryAllDictItems': ok({}),
    });
    openPage('system/DictList', '/isystem/dict');
    await clickButton('回收站');
    await within(await waitFor(binModal)).findByText('字典1');
    // Ten a page: the eleventh is on page two.
    expect(within(binModal()).queryByText('字典11')).toBeNull();
    expect(within(binModal()).getByText('共 12 项')).toBeInTheDocument();

    await selectRow('字典1');
    await selectRow('字典2');
    await userEvent.click(binButton(/彻底删除/));
    await confirmDialog();
    await waitFor(() => expect(s.last('DELETE', '/sys/dict/deletePhysic/d1,d2')).toBeTruthy());
    await waitFor(() => expect(within(binModal()).queryByText('字典1')).toBeNull());
    await waitFor(() => expect(s.calls.some((c) => c.url.endsWith('sys/dict/queryAllDictItems'))).toBe(true));

    expect(within(binModal()).getByText('共 10 项')).toBeInTheDocument();
    // Emptied elsewhere: 刷新 shows the empty state.
    binned = [];
    await userEvent.click(binButton(/刷新/));
    expect(await within(binModal()).findByText('回收站是空的')).toBeInTheDocument();
  });
});
