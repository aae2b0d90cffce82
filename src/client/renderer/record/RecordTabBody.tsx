import { Alert, Empty } from 'antd';
import type { RecordTab } from '../../../shared/schema-types';
import { t } from '../../locale/zh-CN';
import { StatChart } from '../../widgets/charts/StatChart';
import { JUpload } from '../../widgets/upload/JUpload';
import type { PageDefinition } from '../definition/types';
import { DetailChildren } from '../detail/DetailChildren';
import { DetailDescriptions, detailColumns, detailItems } from '../detail/DetailView';
import { ChangeHistory } from '../history/ChangeHistory';
import { isImageField } from './record-page';
import { RelatedList } from './RelatedList';

type Row = Record<string, unknown>;

/** One tab's content, by kind (page.schema.json RecordTab). */
export function RecordTabBody({ page, tab, id, row }: { page: PageDefinition; tab: RecordTab; id: string; row: Row }) {
  const entity = page.entity ?? '';
  switch (tab.kind) {
    case 'list':
      return <RelatedList tab={tab} recordId={id} />;
    case 'chart':
      return (
        <StatChart
          kind={tab.chart ?? 'line'}
          stat={tab.stat ?? ''}
          params={{ [tab.param ?? '']: id }}
          title={tab.title}
          height={320}
        />
      );
    case 'detail':
      return (
        <>
          <DetailDescriptions
            row={row}
            items={detailItems(page.detail, page.columns ?? [])}
            columns={detailColumns(page.detail)}
          />
          <DetailChildren entity={entity} id={id} row={row} />
        </>
      );
    case 'history':
      return <ChangeHistory table={entity} recordId={id} />;
    case 'files': {
      const value = tab.field ? row[tab.field] : undefined;
      if (!value) return <Empty description={t.recordPage.noFiles} />;
      return (
        <JUpload value={String(value)} fileType={isImageField(page, tab.field ?? '') ? 'image' : 'all'} disabled />
      );
    }
    default:
      return <Alert type="error" showIcon message={t.recordPage.unknownTab(String((tab as { kind?: unknown }).kind))} />;
  }
}
