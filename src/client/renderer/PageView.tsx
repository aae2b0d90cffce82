import { Alert, Spin } from 'antd';
import { Suspense } from 'react';
import { t } from '../locale/zh-CN';
import { lazyNamed } from '../router/lazy';
import type { PageDefinition } from './definition/types';
import { ListPage } from './list/ListPage';

// Form and detail pages bring Formily and the detail views: loaded when such a page opens, so the
// list pages (most of the console) arrive without them.
const FormPage = lazyNamed(() => import('./form/FormPage'), 'FormPage');
const DetailPage = lazyNamed(() => import('./detail/DetailPage'), 'DetailPage');
const RecordPage = lazyNamed(() => import('./record/RecordPage'), 'RecordPage');

/** A page definition on screen, by kind. */
export function PageView({ page, routeCode }: { page: PageDefinition; routeCode?: string }) {
  switch (page.kind) {
    case 'list':
    case 'tree-list':
      return <ListPage page={page} routeCode={routeCode} />;
    case 'form':
      return (
        <Suspense fallback={<Spin />}>
          <FormPage page={page} routeCode={routeCode} />
        </Suspense>
      );
    case 'detail':
      return (
        <Suspense fallback={<Spin />}>
          <DetailPage page={page} routeCode={routeCode} />
        </Suspense>
      );
    case 'record':
      return (
        <Suspense fallback={<Spin />}>
          <RecordPage page={page} routeCode={routeCode} />
        </Suspense>
      );
    default:
      return (
        <Alert
          type="error"
          showIcon
          message={t.renderer.page.unsupportedKind(String((page as { kind?: unknown }).kind))}
        />
      );
  }
}
