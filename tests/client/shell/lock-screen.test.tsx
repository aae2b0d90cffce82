import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { syncLockFromStorage, useLockStore } from '../../../src/client/layout/lock/lock-state';
import { bizFail, fakeServer, ok, type Recorded } from './fake-server';
import { PERMISSIONS, renderApp, resetShell, storeSession } from './harness';
import { registerTestPages } from './test-pages';

let unregister: () => void;
beforeAll(() => {
  unregister = registerTestPages();
});
afterAll(() => unregister());

const SLOW = { timeout: 8000 };
const routes = {
  'GET /sys/permission/getUserPermissionByToken': ok(PERMISSIONS),
  'GET /sys/dashboard/counts': ok({ userCount: 1, departCount: 1, announcementCount: 0, roleCount: 1 }),
  'POST /sys/user/checkPassword': (req: Recorded) =>
    (req.body as { password?: string })?.password === 'right-one' ? ok(null, '密码正确') : bizFail('密码错误'),
};

async function lockFromMenu() {
  await userEvent.click(await screen.findByRole('button', { name: '欢迎，管理员' }, SLOW));
  await userEvent.click(await screen.findByRole('menuitem', { name: /锁定屏幕/ }));
}

describe('lock screen', () => {
  beforeEach(() => {
    resetShell();
    syncLockFromStorage();
  });

  it('covers the console, keeps the flag for this sign-in only, and unlocks only with the password the server accepts', async () => {
    storeSession();
    const server = fakeServer(routes);
    renderApp('/isystem/role');
    await lockFromMenu();
    const dialog = await screen.findByRole('dialog', { name: '屏幕已锁定' });
    expect(document.getElementById('root')?.hasAttribute('inert') ?? true).toBe(true);
    expect(localStorage.getItem('pro__LOCK_SCREEN')).not.toBeNull();

    const input = screen.getByLabelText('登录密码');
    fireEvent.change(input, { target: { value: 'wrong' } });
    await userEvent.click(screen.getByRole('button', { name: /解\s*锁/ }));
    expect(await screen.findByText('密码错误')).toBeInTheDocument();
    expect(useLockStore.getState().locked).toBe(true);

    fireEvent.change(input, { target: { value: 'right-one' } });
    await userEvent.click(screen.getByRole('button', { name: /解\s*锁/ }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(server.last('POST', '/sys/user/checkPassword')?.body).toEqual({ password: 'right-one' });
    expect(localStorage.getItem('pro__LOCK_SCREEN')).toBeNull();
  });

  it('ignores a lock flag left by another sign-in', async () => {
    storeSession();
    localStorage.setItem('pro__LOCK_SCREEN', JSON.stringify({ value: { session: 'someone-else' }, expire: null }));
    syncLockFromStorage();
    fakeServer(routes);
    renderApp('/isystem/role');
    await screen.findByRole('button', { name: '欢迎，管理员' }, SLOW);
    expect(screen.queryByRole('dialog', { name: '屏幕已锁定' })).not.toBeInTheDocument();
  });
});
