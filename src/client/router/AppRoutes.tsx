import { Suspense, useMemo, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { DOCTOR_CARD_PATH, HOME_PATH } from '../config/constants';
import { currentVariant, getRuntimeConfig } from '../config/runtime';
import { LOGIN_SCREENS } from '../config/variants';
import { UserLayout } from '../layout/UserLayout';
import { t } from '../locale/zh-CN';
import { useSession } from '../session';
import type { MenuNode } from '../session/types';
import { EXCEPTION_TYPES } from '../pages/exception/types';
import { ChunkBoundary } from './ChunkBoundary';
import { lazyPage } from './lazy';
import { flattenRoutes, menuToRoutes, type FlatRoute } from './menu-routes';
import { PageHost } from './PageHost';
import { PageLoading } from './PageLoading';
import { DYNAMIC_FORM_PAGES, mergeLayoutRoutes, staticLayoutRoutes } from './static-routes';

const SignedInLayout = lazyPage(() => import('./SignedInLayout'));
const LoginPage = lazyPage(() => import('../pages/login/LoginPage'));
const RegisterPage = lazyPage(() => import('../pages/register/RegisterPage'));
const RegisterResultPage = lazyPage(() => import('../pages/register/RegisterResultPage'));
const AlterationPage = lazyPage(() => import('../pages/alteration/AlterationPage'));
const GalleryPage = lazyPage(() => import('../pages/gallery/GalleryPage'));
const DoctorCardPage = lazyPage(() => import('../pages/doctor-card/DoctorCardPage'));
const ExceptionPage = lazyPage(() => import('../pages/exception/ExceptionPage').then((m) => ({ default: m.ExceptionPage })));

/** The layout's routes: the menu's (protocol §3.1) plus the static ones it lacks. */
export function buildLayoutRoutes(menu: readonly MenuNode[]): FlatRoute[] {
  const cfg = getRuntimeConfig();
  const fromMenu = flattenRoutes(menuToRoutes(menu, { apiBase: cfg.apiBase, staticDomain: cfg.staticDomain }));
  return mergeLayoutRoutes(fromMenu, staticLayoutRoutes());
}

function Lazy({ children }: { children: ReactNode }) {
  return (
    <ChunkBoundary>
      <Suspense fallback={<PageLoading full />}>{children}</Suspense>
    </ChunkBoundary>
  );
}

/** A page outside the layout, from the registry. */
function bare(path: string, component: string, title: string): RouteObject {
  return { path, element: <PageHost component={component} path={path} meta={{ title, keepAlive: false, internalOrExternal: false }} /> };
}

/** Every route of spec §2: sign-in pages, static pages, exceptions, the layout with the menu's routes. */
export function appRouteObjects(layoutRoutes: FlatRoute[]): RouteObject[] {
  const variant = currentVariant();
  const s = t.shell.staticRoutes;
  const userLogins = Object.keys(LOGIN_SCREENS)
    .filter((p) => p.startsWith('/user/'))
    .map((p) => ({ path: p.slice('/user/'.length), element: <LoginPage /> }));
  return [
    { path: '/', element: <Navigate to={variant.rootPath || HOME_PATH} replace /> },
    {
      path: '/user',
      element: <UserLayout />,
      children: [
        { index: true, element: <Navigate to={variant.loginPath} replace /> },
        ...userLogins,
        { path: 'register', element: <RegisterPage /> },
        { path: 'register-result', element: <RegisterResultPage /> },
        { path: 'alteration', element: <AlterationPage /> },
      ],
    },
    {
      path: '/dynamicForm',
      children: [
        { path: 'login', element: <UserLayout />, children: [{ index: true, element: <LoginPage afterLogin="/dynamicForm/index" /> }] },
        ...DYNAMIC_FORM_PAGES.map((name) => bare(name, `dynamicForm/${name}`, s.dynamicForm)),
      ],
    },
    bare('/h5Web/dfProject', 'h5Web/dfProject', s.dfProject),
    bare('/chat/record', 'chat/record', s.chatRecord),
    // The doctor's public card (the QR code's link): no session, no layout.
    {
      path: DOCTOR_CARD_PATH,
      element: (
        <Lazy>
          <DoctorCardPage />
        </Lazy>
      ),
    },
    {
      path: '/test/home',
      element: (
        <Lazy>
          <GalleryPage />
        </Lazy>
      ),
    },
    // /403, /404 and /500 outside the layout: /404 is where unknown paths go (spec §2).
    ...EXCEPTION_TYPES.map((type) => ({
      path: `/${type}`,
      element: (
        <Lazy>
          <ExceptionPage type={type} />
        </Lazy>
      ),
    })),
    {
      path: '/*',
      element: (
        <Lazy>
          <SignedInLayout routes={layoutRoutes} />
        </Lazy>
      ),
    },
  ];
}

/** Routes rebuilt whenever the menu changes (after the permission call). */
export function AppRoutes() {
  const menu = useSession((s) => s.menu);
  const layoutRoutes = useMemo(() => buildLayoutRoutes(menu ?? []), [menu]);
  const routes = useMemo(() => appRouteObjects(layoutRoutes), [layoutRoutes]);
  return useRoutes(routes);
}

