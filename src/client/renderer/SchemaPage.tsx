import { Button, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { t } from '../locale/zh-CN';
import { lazyNamed } from '../router/lazy';
import { entityCodeOf, isCoreSchemaComponent } from './definition/components';
import { loadPageDefinition, type PageLoadResult } from './definition/load';
import { PageView } from './PageView';

const L = t.renderer.page;
// Result carries large illustrations; only a failed page open needs it.
const Result = lazy(() => import('antd/es/result'));
const MissingComponentPage = lazyNamed(() => import('../pages/missing/MissingComponentPage'), 'MissingComponentPage');

/**
 * The screen of a menu component served by a page definition: fetches the definition by component
 * name (and the route's :code for entity pages) and renders it.
 */
export function SchemaPage({ component }: { component: string }) {
  const params = useParams();
  const { pathname } = useLocation();
  const code = entityCodeOf(component, params.code, pathname);
  const [attempt, setAttempt] = useState(0);
  const request = `${attempt} ${component} ${code ?? ''}`;
  const [answer, setAnswer] = useState<{ request: string; result: PageLoadResult } | null>(null);

  useEffect(() => {
    let alive = true;
    void loadPageDefinition(component, code).then((result) => alive && setAnswer({ request, result }));
    return () => {
      alive = false;
    };
  }, [component, code, request]);

  const state = answer?.request === request ? answer.result : null;
  if (!state)
    return (
      <Spin tip={L.loading}>
        <div style={{ minHeight: 160 }} />
      </Spin>
    );
  // A menu entry whose page is not defined yet: the shell's plain explanation, as for unknown components.
  if (state.status === 'missing' && !isCoreSchemaComponent(component))
    return (
      <Suspense fallback={null}>
        <MissingComponentPage name={component} />
      </Suspense>
    );
  if (state.status !== 'ok')
    return (
      <Suspense fallback={null}>
        {state.status === 'missing' ? (
          <Result status="404" title={state.message} />
        ) : (
          <Result
            status="error"
            title={state.message}
            extra={
              <Button type="primary" onClick={() => setAttempt((n) => n + 1)}>
                {L.retry}
              </Button>
            }
          />
        )}
      </Suspense>
    );
  return <PageView key={state.page.code} page={state.page} routeCode={code} />;
}

export default SchemaPage;
