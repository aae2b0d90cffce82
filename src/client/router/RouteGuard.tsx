import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { feedback } from '../api/feedback';
import { currentVariant } from '../config/runtime';
import { t } from '../locale/zh-CN';
import { useSession } from '../session';
import { loadPermissions } from '../session/login';
import { logout } from '../session/logout';
import { AppRoutes } from './AppRoutes';
import { decideRoute } from './guard';
import { PageLoading } from './PageLoading';

let loading: Promise<unknown> | null = null;

/** One permission call at a time; a failure signs out, after which the guard sends the user to login. */
function ensurePermissions() {
  loading ??= loadPermissions()
    .catch(async (e: unknown) => {
      if (e instanceof Error && e.name !== 'ApiError')
        feedback().notification.error({ message: t.shell.http.systemTip, description: e.message || t.shell.login.permissionLoadFailed });
      await logout();
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** The route guard of spec §2 around every route. */
export function RouteGuard() {
  const location = useLocation();
  const hasToken = useSession((s) => !!s.token);
  const loaded = useSession((s) => s.menu !== null);
  const variant = currentVariant();
  const decision = decideRoute({
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
    hasToken,
    permissionsLoaded: loaded,
    loginPath: variant.loginPath,
    redirectQuery: variant.redirectQuery,
  });

  useEffect(() => {
    if (decision.kind === 'load') void ensurePermissions();
  }, [decision.kind]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'load') return <PageLoading full />;
  return <AppRoutes />;
}
