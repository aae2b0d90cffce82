import { Alert, Button, Empty, Pagination, Space, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { t } from '../../locale/zh-CN';
import { usePagedHistory } from './usePagedHistory';

/** One line of a diff as the server renders it: dictionary and ref text, personal fields masked. */
export interface ChangeItem {
  field: string;
  title: string;
  before: string | null;
  after: string | null;
}

interface ChangeEntry {
  id: string;
  action: string;
  createBy: string | null;
  createTime: string;
  ip: string | null;
  comment: string | null;
  items: ChangeItem[];
}

const PAGE_SIZE = 10;
export const ACTION_COLORS: Record<string, string> = {
  add: 'green',
  edit: 'blue',
  delete: 'red',
  transition: 'purple',
  import: 'cyan',
  restore: 'gold',
  compute: 'geekblue',
  trigger: 'magenta',
};

/** Actions that create the record: there is no value before. */
const INSERTS = new Set(['add', 'import', 'restore', 'trigger']);

const blank = (v: string | null) =>
  v === null || v === '' ? <Typography.Text type="secondary">{t.history.blank}</Typography.Text> : v;

/** A diff as a 字段 / 修改前 / 修改后 table (the before column is left out where nothing was before). */
export function ChangeTable({ items, showBefore = true }: { items: ChangeItem[]; showBefore?: boolean }) {
  if (items.length === 0) return <Typography.Text type="secondary">{t.history.noFields}</Typography.Text>;
  return (
    <Table<ChangeItem>
      size="small"
      rowKey={(r) => `${r.title}/${r.field}`}
      dataSource={items}
      pagination={false}
      columns={[
        { title: t.history.field, dataIndex: 'title', width: '30%' },
        ...(showBefore
          ? [{ title: t.history.before, dataIndex: 'before', render: blank }]
          : []),
        { title: t.history.after, dataIndex: 'after', render: blank },
      ]}
    />
  );
}

/**
 * A record's change history (issue 16 §2) as a timeline, newest first: who, when, from which address,
 * what action, and the readable diff. Read-only; paged on the server.
 */
export function ChangeHistory({ table, recordId }: { table: string; recordId: string }) {
  const [pageNo, setPageNo] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const key = `${table}/${recordId}/${pageNo}/${attempt}`;
  const loaded = usePagedHistory<ChangeEntry>(
    '/sys/changeLog/list',
    { table, recordId, pageNo, pageSize: PAGE_SIZE },
    key,
  );

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (!loaded) return <Spin style={{ display: 'block', padding: 32 }} />;
  if (loaded.error)
    return (
      <Alert
        type="warning"
        showIcon
        message={loaded.error}
        action={<Button size="small" onClick={retry}>{t.history.retry}</Button>}
      />
    );
  if (loaded.records.length === 0) return <Empty description={t.history.empty} />;
  return (
    <div data-testid="change-history">
      <Timeline
        items={loaded.records.map((e) => ({
          key: e.id,
          color: ACTION_COLORS[e.action] ?? 'gray',
          children: (
            <Space direction="vertical" size={4} style={{ width: '100%' }}>
              <Space wrap size={8}>
                <Tag color={ACTION_COLORS[e.action]}>{t.history.actions[e.action] ?? e.action}</Tag>
                <Typography.Text strong>{e.createTime}</Typography.Text>
                <Typography.Text>{t.history.by(e.createBy ?? '-')}</Typography.Text>
                {e.ip ? <Typography.Text type="secondary">{t.history.ip(e.ip)}</Typography.Text> : null}
              </Space>
              {e.comment ? <Typography.Text>{t.history.comment(e.comment)}</Typography.Text> : null}
              <ChangeTable items={e.items} showBefore={!INSERTS.has(e.action)} />
            </Space>
          ),
        }))}
      />
      {loaded.total > PAGE_SIZE ? (
        <Pagination
          size="small"
          align="end"
          current={pageNo}
          pageSize={PAGE_SIZE}
          total={loaded.total}
          showTotal={t.history.total}
          showSizeChanger={false}
          onChange={setPageNo}
        />
      ) : null}
    </div>
  );
}
