import { Alert } from 'antd';
import { t } from '../locale/zh-CN';
import type { PageDefinition } from './definition/types';
import { DetailPage } from './detail/DetailPage';
import { FormPage } from './form/FormPage';
import { ListPage } from './list/ListPage';

/** A page definition on screen, by kind. */
export function PageView({ page, routeCode }: { page: PageDefinition; routeCode?: string }) {
  switch (page.kind) {
    case 'list':
    case 'tree-list':
      return <ListPage page={page} routeCode={routeCode} />;
    case 'form':
      return <FormPage page={page} routeCode={routeCode} />;
    case 'detail':
      return <DetailPage page={page} routeCode={routeCode} />;
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
