import { Alert, Button, Card, Empty, Space, Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { t } from '../../locale/zh-CN';
import { useLoad } from '../../pages/data-apply/useLoad';
import type { PageDefinition } from '../definition/types';
import { loadRecord } from './record-page';
import { RecordHeader } from './RecordHeader';
import { RecordTabBody } from './RecordTabBody';
import './record.css';

const L = t.recordPage;
// Result carries large illustrations; only a refused record needs it.
const Result = lazy(() => import('antd/es/result'));

/**
 * A record page (kind record, 档案页): the record named by `?id=`, read through the entity's queryById,
 * as a header card above the declared tabs. Tabs render when first opened.
 */
export function RecordPage({ page, routeCode }: { page: PageDefinition; routeCode?: string }) {
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const { loaded, reload } = useLoad(() => loadRecord(page, id, routeCode), `${page.code}/${id}`, !!id);

  if (!id) return <Empty className="record-empty" description={L.noId} />;
  if (loaded.status === 'loading') return <Card loading />;
  if (loaded.status === 'error')
    return (
      <Alert
        type="warning"
        showIcon
        message={loaded.message || L.loadFailed}
        action={
          <Button size="small" onClick={reload}>
            {L.retry}
          </Button>
        }
      />
    );
  const answer = loaded.value;
  if (answer.kind === 'forbidden')
    return (
      <Suspense fallback={null}>
        <Result status="403" title={L.forbidden} />
      </Suspense>
    );
  if (answer.kind === 'notFound') return <Empty className="record-empty" description={L.notFound} />;

  const tabs = page.record?.tabs ?? [];
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} className="record-page">
      <RecordHeader page={page} row={answer.row} />
      <Card size="small">
        {tabs.length ? (
          <Tabs
            items={tabs.map((tab) => ({
              key: tab.key,
              label: tab.title,
              children: <RecordTabBody page={page} tab={tab} id={id} row={answer.row} />,
            }))}
          />
        ) : (
          <Empty description={L.noTabs} />
        )}
      </Card>
    </Space>
  );
}
