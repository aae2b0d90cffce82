import { Alert, Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { t } from '../../locale/zh-CN';
import { DetailChildren } from '../../renderer/detail/DetailChildren';
import { DetailDescriptions, detailColumns, detailItems } from '../../renderer/detail/DetailView';
import { ChangeHistory } from '../../renderer/history/ChangeHistory';
import { usePermission } from '../../session/permissions';
import { ApplicationList } from './ApplicationList';
import { useEntityRecords } from './useEntityPage';
import { NotLoaded } from './useLoad';

const L = t.dataApply;

/** 数据详情 (/dynamicForm/dataDetails?entity=&id=): the record, its applications and its change history. */
export default function DataDetailsPage() {
  const [search] = useSearchParams();
  const entity = search.get('entity') ?? '';
  const id = search.get('id') ?? '';
  // An auditor sees every application of the record he may audit; the others their own.
  const auditor = usePermission(`${entity}:audit`);
  const { loaded, reload } = useEntityRecords(entity, id ? [id] : []);
  if (!entity || !id) return <Alert type="warning" showIcon message={L.missingParams} />;
  if (loaded.status !== 'ok') return <NotLoaded loaded={loaded} onRetry={reload} />;
  const { page, records } = loaded.value;
  return (
    <Card title={`${L.titles.dataDetails} · ${page.title}`} data-testid="data-details">
      <Tabs
        items={[
          {
            key: 'record',
            label: L.dataDetails.record,
            children: (
              <>
                <DetailDescriptions
                  row={records[0]}
                  items={detailItems(page.detail, page.columns ?? [])}
                  columns={detailColumns(page.detail)}
                />
                <DetailChildren entity={entity} id={id} row={records[0]} />
              </>
            ),
          },
          {
            key: 'applications',
            label: L.dataDetails.applications,
            children: (
              <ApplicationList box={auditor ? 'audit' : 'mine'} entity={entity} recordId={id} embedded />
            ),
          },
          {
            key: 'history',
            label: L.dataDetails.history,
            children: <ChangeHistory table={entity} recordId={id} />,
          },
        ]}
      />
    </Card>
  );
}
