import { Alert, Button, Card, Descriptions, Empty, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { getAction } from '../../api';
import { renameTab } from '../../layout/tabs/store';
import { t } from '../../locale/zh-CN';
import { ACTION_COLORS } from '../history/ChangeHistory';
import { formatCellNumber } from '../../widgets/editable-table/model/number-format';
import { MAX_TRACK_EVENTS, type TrackEvent } from '../../../shared/track';

const L = t.track;

interface SummaryField {
  field: string;
  title: string;
  text: string | null;
  /** Places of a number field (shown with thousands separators). */
  decimals?: number;
}

interface TrackAnswer {
  record: { id: string; entity: string; entityName: string; label: string; fields: SummaryField[] };
  events: TrackEvent[];
  truncated: boolean;
}

type Loaded = { key: string; answer?: TrackAnswer; error?: string };


function EventLine({ e, own }: { e: TrackEvent; own: boolean }) {
  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }} data-testid="track-event">
      <Space wrap size={[8, 2]}>
        <Tag color={ACTION_COLORS[e.action]}>{L.actions[e.action] ?? e.action}</Tag>
        <Typography.Text strong>{own ? e.label : `${e.entityName} ${e.label}`}</Typography.Text>
        {e.from !== undefined && e.to !== undefined ? <Typography.Text>{L.state(e.from, e.to)}</Typography.Text> : null}
      </Space>
      <Typography.Text type="secondary">
        {e.time} {L.by(e.user ?? '-')}
      </Typography.Text>
      {e.fields?.length ? <Typography.Text>{L.changed(e.fields.join('、'))}</Typography.Text> : null}
      {e.comment ? <Typography.Text>{L.comment(e.comment)}</Typography.Text> : null}
    </Space>
  );
}

/**
 * A record's tracking screen (单据跟踪, entity `track`): its summary, then one timeline, oldest first, of
 * who did what to it and to the records linked to it. The tab is named after the record once loaded.
 */
export default function TrackPage() {
  const { code = '', id = '' } = useParams();
  const location = useLocation();
  const tabKey = `${location.pathname}${location.search}${location.hash}`;
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const key = `${code}/${id}/${attempt}`;

  useEffect(() => {
    let alive = true;
    getAction<TrackAnswer>(`/online/cgform/api/track/${encodeURIComponent(code)}/${encodeURIComponent(id)}`)
      .then((res): Loaded => (res.success && res.result ? { key, answer: res.result } : { key, error: res.message || L.loadFailed }))
      .catch((): Loaded => ({ key, error: L.loadFailed }))
      .then((l) => {
        if (!alive) return;
        setLoaded(l);
        if (l.answer) renameTab(tabKey, L.tabTitle(l.answer.record.entityName, l.answer.record.label));
      });
    return () => {
      alive = false;
    };
  }, [code, id, key, tabKey]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (!loaded || loaded.key !== key) return <Spin style={{ display: 'block', padding: 48 }} />;
  if (!loaded.answer)
    return (
      <Alert
        type="warning"
        showIcon
        message={loaded.error}
        action={
          <Button size="small" onClick={retry}>
            {L.retry}
          </Button>
        }
      />
    );
  const { record, events, truncated } = loaded.answer;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="track-page">
      <Card size="small" title={L.tabTitle(record.entityName, record.label)}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={record.fields.map((f) => ({
            key: f.field,
            label: f.title,
            children: f.text === null ? L.blank : f.decimals === undefined ? f.text : formatCellNumber(f.text, f.decimals),
          }))}
        />
      </Card>
      <Card size="small" title={L.timeline}>
        {truncated ? <Alert type="info" showIcon message={L.truncated(MAX_TRACK_EVENTS)} style={{ marginBottom: 12 }} /> : null}
        {events.length === 0 ? (
          <Empty description={L.empty} />
        ) : (
          <Timeline
            items={events.map((e) => ({
              key: e.id,
              color: ACTION_COLORS[e.action] ?? 'gray',
              children: <EventLine e={e} own={e.entity === record.entity && e.recordId === record.id} />,
            }))}
          />
        )}
      </Card>
    </Space>
  );
}
