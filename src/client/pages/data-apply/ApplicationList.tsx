import { Card, Empty, Popconfirm, Space, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { feedback } from '../../api/feedback';
import { useDevice } from '../../layout/device';
import { t } from '../../locale/zh-CN';
import {
  actOnApplication,
  APPLICATION_STATUSES,
  listApplications,
  type ApplicationRow,
  type ApplicationStatus,
} from './api';
import { applyPath } from './paths';
import { StatusTag } from './StatusTag';
import { unwrap, useLoad } from './useLoad';

const L = t.dataApply;
const PAGE_SIZE = 10;

export interface ApplicationListProps {
  /** mine: the caller's applications (他可撤回待审核的); audit: those he may audit. */
  box: 'mine' | 'audit';
  /** Only the applications of one record (数据详情). */
  entity?: string;
  recordId?: string;
  /** Inside another page: no card and no status tabs. */
  embedded?: boolean;
}

/** 我的申请 / 数据审核: applications paged on the server, by status, opening 申请详情 or 审核申请. */
export function ApplicationList({ box, entity, recordId, embedded }: ApplicationListProps) {
  const navigate = useNavigate();
  const phone = useDevice() === 'mobile';
  // The audit box opens on what waits for the caller; 我的申请 on everything.
  const [status, setStatus] = useState<ApplicationStatus | 'all'>(
    box === 'audit' && !embedded ? 'pending' : 'all',
  );
  const [pageNo, setPageNo] = useState(1);
  const key = [box, entity, recordId, status, pageNo].join('/');
  const { loaded, reload } = useLoad(
    () =>
      unwrap(
        listApplications({
          box,
          entity,
          recordId,
          status,
          pageNo,
          pageSize: PAGE_SIZE,
        }),
      ),
    key,
  );
  const open = (row: ApplicationRow) =>
    navigate(
      applyPath(box === 'audit' && row.status === 'pending' ? 'applyAudit' : 'applyDetails', { id: row.id }),
    );

  const withdraw = async (row: ApplicationRow) => {
    const res = await actOnApplication(row.id, 'withdraw');
    if (!res.success) return void feedback().message.warning(res.message);
    feedback().message.success(res.message || L.withdrawn);
    reload();
  };

  const statusColumn = {
    title: L.columns.status,
    dataIndex: 'status',
    render: (_: unknown, r: ApplicationRow) => <StatusTag status={r.status} text={r.statusText} />,
  };
  // A phone shows what the row is and where it stands; the rest is one tap away in its detail.
  const phoneColumns: ColumnsType<ApplicationRow> = [
    {
      title: L.columns.title,
      key: 'title',
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{r.title}</Typography.Text>
          <Typography.Text type="secondary">{`${r.entityName} · ${r.kindText || L.kinds[r.kind]}`}</Typography.Text>
          <Typography.Text type="secondary">{r.createTime}</Typography.Text>
        </Space>
      ),
    },
    statusColumn,
  ];
  const columns: ColumnsType<ApplicationRow> = [
    { title: L.columns.entity, dataIndex: 'entityName', ellipsis: true },
    { title: L.columns.kind, dataIndex: 'kindText', render: (v: string, r) => v || L.kinds[r.kind] },
    { title: L.columns.title, dataIndex: 'title', ellipsis: true },
    statusColumn,
    { title: L.columns.reason, dataIndex: 'reason', ellipsis: true },
    ...(box === 'audit'
      ? [
          {
            title: L.columns.applicant,
            dataIndex: 'applicantName',
            render: (v: string | null, r: ApplicationRow) => v || r.applicant,
          },
        ]
      : []),
    { title: L.columns.createTime, dataIndex: 'createTime', width: 170 },
    { title: L.columns.auditComment, dataIndex: 'auditComment', ellipsis: true },
    {
      title: L.columns.ops,
      key: 'ops',
      fixed: 'right',
      width: 110,
      render: (_, r) => (
        <Space size={8} onClick={(e) => e.stopPropagation()}>
          <a onClick={() => open(r)}>{box === 'audit' && r.status === 'pending' ? L.audit : L.open}</a>
          {box === 'mine' && r.status === 'pending' ? (
            <Popconfirm title={L.withdrawConfirm} onConfirm={() => withdraw(r)}>
              <a>{L.withdraw}</a>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  const statusTabs = [
    ...(box === 'mine' ? [{ key: 'all', label: L.allStatuses }] : []),
    ...APPLICATION_STATUSES.map((s) => ({ key: s, label: L.statuses[s] })),
  ];
  const page = loaded.status === 'ok' ? loaded.value : { records: [], total: 0 };
  const table = (
    <div data-testid={`apply-list-${box}`}>
      {loaded.status === 'error' ? (
        <Typography.Text type="warning">
          {loaded.message} <a onClick={reload}>{L.retry}</a>
        </Typography.Text>
      ) : null}
      <Table<ApplicationRow>
        size="small"
        rowKey="id"
        loading={loaded.status === 'loading'}
        columns={phone ? phoneColumns : columns}
        dataSource={page.records}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={box === 'audit' ? L.emptyAudit : L.emptyMine} /> }}
        onRow={(r) => ({ onClick: () => open(r), style: { cursor: 'pointer' } })}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: page.total,
          showSizeChanger: false,
          showTotal: L.total,
          onChange: setPageNo,
        }}
      />
    </div>
  );
  if (embedded) return table;
  return (
    <Card>
      <Tabs
        activeKey={status}
        onChange={(k) => {
          setStatus(k as ApplicationStatus | 'all');
          setPageNo(1);
        }}
        items={statusTabs}
      />
      {table}
    </Card>
  );
}
