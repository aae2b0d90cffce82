import { beforeEach, describe, expect, it } from 'vitest';
import { getDictItems } from '../../../src/client/session/dicts';
import { hasPermission } from '../../../src/client/session/permissions';
import { getToken, getUserInfo, logout } from '../../../src/client/session';
import { reloadSessionFromStorage, setPermissions } from '../../../src/client/session/store';
import { fakeServer, ok } from './fake-server';
import { resetShell, storeSession } from './harness';

describe('session helpers', () => {
  beforeEach(() => resetShell());

  it('serves dictionaries from the sign-in cache without asking the server', async () => {
    localStorage.setItem('pro__UI_CACHE_DB_DICT_DATA', JSON.stringify({ value: { sex: [{ value: '1', text: '男' }] }, expire: null }));
    const server = fakeServer({});
    expect(await getDictItems('sex')).toEqual([{ value: '1', text: '男' }]);
    expect(server.calls).toHaveLength(0);
  });

  it('fetches an uncached dictionary once, signed and without _t', async () => {
    const server = fakeServer({ 'GET /sys/dict/getDictItems/priority': ok([{ value: 'L', text: '低' }]) });
    const [a, b] = await Promise.all([getDictItems('priority'), getDictItems('priority')]);
    expect(a).toEqual([{ value: 'L', text: '低' }]);
    expect(b).toEqual(a);
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0].params).not.toHaveProperty('_t');
    expect(server.calls[0].headers['x-sign']).toMatch(/^[0-9A-F]{32}$/);
  });

  it('treats expired storage entries as absent', () => {
    localStorage.setItem('pro__Access-Token', JSON.stringify({ value: 'old', expire: Date.now() - 1 }));
    reloadSessionFromStorage();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('pro__Access-Token')).toBeNull();
  });

  it('answers button permissions from the loaded permission lists', () => {
    setPermissions({ menu: [], auth: [{ action: 'user:add', type: '1' }], allAuth: [{ action: 'user:add', type: '1', status: '1' }] });
    expect(hasPermission('user:add')).toBe(true);
    expect(hasPermission('user:delete')).toBe(false);
  });

  it('logout forgets the session even when the server call fails, and keeps the remembered username', async () => {
    storeSession();
    localStorage.setItem('pro__Login_Username', JSON.stringify({ value: 'admin', expire: null }));
    fakeServer({ 'POST /sys/logout': { status: 500, body: { success: false, message: '退出登录失败！' } } });
    expect(getUserInfo()?.username).toBe('admin');
    await logout();
    expect(getToken()).toBeNull();
    expect(getUserInfo()).toBeNull();
    expect(localStorage.getItem('pro__Access-Token')).toBeNull();
    expect(localStorage.getItem('pro__Login_Username')).not.toBeNull();
  });
});
