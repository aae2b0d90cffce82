import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { setRuntimeConfig } from '../../../src/client/config/runtime';
import { ThemeProvider } from '../../../src/client/layout/settings/ThemeProvider';
import { resetNotices } from '../../../src/client/notices/store';
import { reloadSessionFromStorage } from '../../../src/client/session/store';

// antd's closing animations take a moment in jsdom on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

/** A signed-in console state (token and user in storage) without the router and layout. */
export function signedIn(user: Record<string, unknown> = {}) {
  localStorage.clear();
  sessionStorage.clear();
  setRuntimeConfig({ apiBase: '/jeecg-boot', staticDomain: '/jeecg-boot/sys/common/static', appCode: 'YJY-ERP-WEB' });
  const put = (k: string, v: unknown) => localStorage.setItem(`pro__${k}`, JSON.stringify({ value: v, expire: Date.now() + 60_000 }));
  put('Access-Token', 'tok-123');
  put('Login_Userinfo', { id: 'u1', username: 'zhangwei', realname: '张伟', ...user });
  reloadSessionFromStorage();
  resetNotices();
}

function Where() {
  const l = useLocation();
  return <output data-testid="location">{`${l.pathname}${l.search}`}</output>;
}

/** Renders notice components inside a router, with the current location readable in the page. */
export function renderWithRouter(ui: ReactElement, path = '/dashboard/analysis') {
  return render(
    <ThemeProvider>
      <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        {ui}
        <Where />
      </MemoryRouter>
    </ThemeProvider>,
  );
}
