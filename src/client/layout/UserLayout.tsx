import { MedicineBoxFilled } from '@ant-design/icons';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { currentVariant } from '../config/runtime';
import { LOGIN_SCREENS } from '../config/variants';
import { t } from '../locale/zh-CN';
import { ChunkBoundary } from '../router/ChunkBoundary';
import { PageLoading } from '../router/PageLoading';
import './user-layout.css';

/** The sign-in pages' frame: branding of the current login route (or the variant's), the page, a footer. */
export function UserLayout() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '') as keyof typeof LOGIN_SCREENS;
  const key = LOGIN_SCREENS[path] ?? LOGIN_SCREENS[currentVariant().loginPath as keyof typeof LOGIN_SCREENS] ?? 'default';
  const screen = t.shell.loginScreens[key];
  return (
    <div className={`user-layout user-layout-${key}`}>
      <div className="user-layout-content">
        <header className="user-layout-top">
          <MedicineBoxFilled className="user-layout-logo" />
          <h1>{screen.title}</h1>
          <p>{screen.subtitle}</p>
        </header>
        <ChunkBoundary>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ChunkBoundary>
      </div>
      <footer className="user-layout-footer">{t.shell.login.footer(new Date().getFullYear())}</footer>
    </div>
  );
}
