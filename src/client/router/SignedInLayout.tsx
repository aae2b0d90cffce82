import { useEffect, useMemo, useState } from 'react';
import { matchRoutes, useLocation } from 'react-router-dom';
import BasicLayout from '../layout/BasicLayout';
import { forbiddenRoutes, loadKnownRoutePaths } from './forbidden-routes';
import type { FlatRoute } from './menu-routes';
import { PageLoading } from './PageLoading';

/**
 * The layout with the granted routes plus a 403 page at every known page address they do not cover
 * (anything else stays unmatched and goes to 404). The list of known pages is not part of the first load:
 * it is asked for when an address matches none of the granted routes, or when the user first clicks or
 * types (before he can follow a link to a page he may not open, so the workspace stays mounted then).
 */
export default function SignedInLayout({ routes }: { routes: FlatRoute[] }) {
  const location = useLocation();
  const [known, setKnown] = useState<readonly string[] | null>(null);
  const [wanted, setWanted] = useState(false);
  const paths = useMemo(() => routes.map((r) => ({ path: r.path })), [routes]);
  const unmatched = !known && !matchRoutes(paths, location);

  useEffect(() => {
    if (known || wanted) return;
    const want = () => setWanted(true);
    document.addEventListener('pointerdown', want, { once: true, capture: true });
    document.addEventListener('keydown', want, { once: true, capture: true });
    return () => {
      document.removeEventListener('pointerdown', want, { capture: true });
      document.removeEventListener('keydown', want, { capture: true });
    };
  }, [known, wanted]);

  const load = unmatched || wanted;
  useEffect(() => {
    if (!load) return;
    // Without the list an address the user may not open is shown as unknown (404) rather than refused.
    loadKnownRoutePaths().then(setKnown, (e: unknown) => {
      console.error('页面清单加载失败', e);
      setKnown([]);
    });
  }, [load]);

  const all = useMemo(
    () => (known ? [...routes, ...forbiddenRoutes(routes, known)] : routes),
    [routes, known],
  );
  if (unmatched) return <PageLoading full />;
  return <BasicLayout routes={all} />;
}
