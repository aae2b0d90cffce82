import { useMemo } from 'react';
import BasicLayout from '../layout/BasicLayout';
import { forbiddenRoutes, KNOWN_ROUTE_PATHS } from './forbidden-routes';
import type { FlatRoute } from './menu-routes';

/**
 * The layout with the granted routes plus a 403 page at every known page address they do not cover
 * (anything else stays unmatched and goes to 404). Loaded with the layout, so the list of known pages
 * never reaches the sign-in screen.
 */
export default function SignedInLayout({ routes }: { routes: FlatRoute[] }) {
  const all = useMemo(() => [...routes, ...forbiddenRoutes(routes, KNOWN_ROUTE_PATHS)], [routes]);
  return <BasicLayout routes={all} />;
}
