import { Alert, Button, Drawer, Empty, Modal, Popconfirm, Spin, Table } from 'antd';
import { useState } from 'react';
import { postAction } from '../../api';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { ChangeHistory, ChangeTable, type ChangeItem } from './ChangeHistory';
import { usePagedHistory } from './usePagedHistory';

interface DeletedEntry {
  id: string;
  recordId: string;
  createBy: string | null;
  createTime: string;
  items: ChangeItem[];
}

const PAGE_SIZE = 10;
const L = t.history.deleted;

/** The first few values of a deleted record, as one line (its full content expands below). */
const summary = (items: ChangeItem[]) =>
  items
    .filter((i) => i.before !== null && i.before !== '' && !i.title.includes('·'))
    .slice(0, 4)
    .map((i) => `${i.title}：${i.before}`)
    .join('；');

/**
 * The deleted records of an entity, from their history (issue 16 §2), each restorable with its
 * children and its original id by whoever may add records of the entity.
 */
export function DeletedRecords({
  entity,
  open,
  canRestore,
  onClose,
  onRestored,
}: {
  entity: string;
  open: boolean;
  canRestore: boolean;
  onClose: () => void;
  onRestored: () => void;
}) {
  const [pageNo, setPageNo] = useState(1);
  const [version, setVersion] = useState(0);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const key = `${entity}/${pageNo}/${version}`;

  const loaded = usePagedHistory<DeletedEntry>(
    '/sys/changeLog/deleted',
    { table: entity, pageNo, pageSize: PAGE_SIZE },
    key,
    open,
  );

  const restore = async (entry: DeletedEntry) => {
    const res = await postAction('/sys/changeLog/restore', { id: entry.id });
    if (!res.success) return;
    feedback().message.success(L.restored);
    setVersion((v) => v + 1);
    onRestored();
  };

  const ready = loaded && loaded.key === key;
  return (
    <Drawer title={L.title} open={open} width={900} onClose={onClose} destroyOnHidden>
      {!ready ? (
        <Spin style={{ display: 'block', padding: 32 }} />
      ) : loaded.error ? (
        <Alert type="warning" showIcon message={loaded.error} />
      ) : loaded.records.length === 0 ? (
        <Empty description={L.empty} />
      ) : (
        <Table<DeletedEntry>
          size="small"
          rowKey="id"
          dataSource={loaded.records}
          expandable={{ expandedRowRender: (r) => <ChangeTable items={r.items} showBefore /> }}
          pagination={{
            current: pageNo,
            pageSize: PAGE_SIZE,
            total: loaded.total,
            showTotal: t.history.total,
            showSizeChanger: false,
            onChange: setPageNo,
          }}
          columns={[
            { title: L.content, key: 'content', render: (_, r) => summary(r.items) },
            { title: L.deletedBy, dataIndex: 'createBy', width: 100 },
            { title: L.deletedAt, dataIndex: 'createTime', width: 170 },
            {
              title: L.ops,
              key: 'ops',
              width: 150,
              render: (_, r) => (
                <>
                  <Button type="link" size="small" onClick={() => setHistoryOf(r.recordId)}>
                    {L.history}
                  </Button>
                  {canRestore ? (
                    <Popconfirm title={L.confirmRestore} onConfirm={() => restore(r)}>
                      <Button type="link" size="small">
                        {L.restore}
                      </Button>
                    </Popconfirm>
                  ) : null}
                </>
              ),
            },
          ]}
        />
      )}
      <Modal title={t.history.tab} open={!!historyOf} footer={null} width={800} onCancel={() => setHistoryOf(null)} destroyOnHidden>
        {historyOf ? <ChangeHistory table={entity} recordId={historyOf} /> : null}
      </Modal>
    </Drawer>
  );
}
