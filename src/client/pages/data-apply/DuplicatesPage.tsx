import { Alert, Button, Card, Empty, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { Cell } from '../../renderer/list/cells';
import { listDuplicates, MAX_MERGE, type DuplicateGroup } from './api';
import { applyPath } from './paths';
import { useEntityRecords } from './useEntityPage';
import { NotLoaded, unwrap, useLoad } from './useLoad';

const L = t.dataApply;
const PAGE_SIZE = 10;
type Row = Record<string, unknown>;

/** A group's records (loaded when it opens) to pick from; 合并所选 opens the merge screen. */
function GroupRecords({ entity, group }: { entity: string; group: DuplicateGroup }) {
  const navigate = useNavigate();
  const { loaded, reload } = useEntityRecords(entity, group.ids);
  const [picked, setPicked] = useState<string[]>(group.ids.slice(0, MAX_MERGE));
  if (loaded.status !== 'ok') return <NotLoaded loaded={loaded} onRetry={reload} />;
  const { page, records } = loaded.value;
  const columns: ColumnsType<Row> = (page.columns ?? []).slice(0, 6).map((c) => ({
    key: c.dataIndex,
    title: c.title,
    render: (_: unknown, r: Row) => <Cell row={r} field={c.dataIndex} dict={c.dict} format={c.format} />,
  }));
  const merge = () => {
    if (picked.length < 2) return void feedback().message.warning(L.merge.pickTwo);
    if (picked.length > MAX_MERGE) return void feedback().message.warning(L.merge.tooMany);
    navigate(applyPath('applyMerge', { entity, ids: picked.join(',') }));
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="duplicate-records">
      <Table<Row>
        size="small"
        rowKey={(r) => String(r.id)}
        pagination={false}
        columns={columns}
        dataSource={records}
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys.map(String)) }}
      />
      <Button type="primary" size="small" disabled={picked.length < 2} onClick={merge}>
        {L.merge.mergeSelected}
      </Button>
    </Space>
  );
}

/** 重复数据 (/dynamicForm/applyMergeList?entity=): groups of records with equal match fields, largest first. */
export default function DuplicatesPage() {
  const [search] = useSearchParams();
  const entity = search.get('entity') ?? '';
  const [pageNo, setPageNo] = useState(1);
  const { loaded, reload } = useLoad(
    () => unwrap(listDuplicates(entity, pageNo, PAGE_SIZE)),
    `${entity}/${pageNo}`,
    !!entity,
  );
  if (!entity) return <Alert type="warning" showIcon message={L.missingParams} />;
  if (loaded.status === 'error') return <NotLoaded loaded={loaded} onRetry={reload} />;
  const data = loaded.status === 'ok' ? loaded.value : { records: [], total: 0 };
  const columns: ColumnsType<DuplicateGroup> = [
    {
      title: L.merge.key,
      dataIndex: 'keyText',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    { title: L.merge.countTitle, dataIndex: 'count', width: 100, render: (n: number) => L.merge.count(n) },
  ];
  return (
    <Card title={L.titles.applyMergeList} data-testid="duplicates">
      <Table<DuplicateGroup>
        size="small"
        rowKey={(g) => g.ids.join(',')}
        loading={loaded.status === 'loading'}
        columns={columns}
        dataSource={data.records}
        locale={{ emptyText: <Empty description={L.merge.empty} /> }}
        expandable={{
          expandedRowRender: (g) => <GroupRecords entity={entity} group={g} />,
          expandRowByClick: true,
        }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: data.total,
          showSizeChanger: false,
          showTotal: L.merge.groups,
          onChange: setPageNo,
        }}
      />
    </Card>
  );
}
