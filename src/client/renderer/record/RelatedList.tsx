import { Alert } from 'antd';
import { useMemo } from 'react';
import type { RecordTab } from '../../../shared/schema-types';
import { entityPage } from '../../pages/data-apply/useEntityPage';
import { NotLoaded, useLoad } from '../../pages/data-apply/useLoad';
import { t } from '../../locale/zh-CN';
import { ListPage } from '../list/ListPage';
import { compactPage } from './record-page';

/**
 * A list tab: the related entity's own list page (its list route, scope, masking, 新增 and row actions),
 * compact, with `field = record id` on every request and prefilled in every added row; a row click opens
 * its detail.
 */
export function RelatedList({ tab, recordId }: { tab: RecordTab; recordId: string }) {
  const entity = tab.entity ?? '';
  const field = tab.field ?? '';
  const { loaded, reload } = useLoad(() => entityPage(entity), entity, !!entity);
  const fixed = useMemo(() => ({ [field]: recordId }), [field, recordId]);
  const page = useMemo(() => (loaded.status === 'ok' ? compactPage(loaded.value, tab) : null), [loaded, tab]);
  if (!entity || !field) return <Alert type="error" showIcon message={t.recordPage.listMissing(entity || '?')} />;
  if (!page) return <NotLoaded loaded={loaded} onRetry={reload} />;
  return <ListPage page={page} fixedParams={fixed} routeCode={entity} embedded rowOpensDetail />;
}
