import { Suspense, useMemo, useState } from 'react';
import { lazyNamed } from './lazy';
import { ChunkBoundary } from './ChunkBoundary';
import type { RouteMeta } from './menu-routes';
import { PageLoading } from './PageLoading';
import { forgetComponent, resolveComponent } from './registry';
import { PageMetaContext } from './route-context';

// Rarely shown, and antd's Result brings its illustrations: loaded only when needed.
const MissingComponentPage = lazyNamed(() => import('../pages/missing/MissingComponentPage'), 'MissingComponentPage');

/** Renders the page a menu component string names, with loading, chunk-failure retry and a not-found page. */
export function PageHost({ component, path, meta }: { component: string; path: string; meta: RouteMeta }) {
  const [attempt, setAttempt] = useState(0);
  // `attempt` re-resolves after a failed chunk was forgotten.
  const Page = useMemo(() => (attempt >= 0 ? resolveComponent(component) : null), [component, attempt]);
  const pageMeta = useMemo(() => ({ path, meta }), [path, meta]);
  if (!Page)
    return (
      <Suspense fallback={<PageLoading />}>
        <MissingComponentPage name={component} />
      </Suspense>
    );
  return (
    <PageMetaContext.Provider value={pageMeta}>
      <ChunkBoundary
        key={attempt}
        onRetry={() => {
          forgetComponent(component);
          setAttempt((a) => a + 1);
        }}
      >
        <Suspense fallback={<PageLoading />}>
          {/* eslint-disable-next-line react-hooks/static-components -- the registry caches one component per name */}
          <Page />
        </Suspense>
      </ChunkBoundary>
    </PageMetaContext.Provider>
  );
}
