import { Alert, Button, Card, Popconfirm, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { useListData } from '../../renderer/list/useListData';
import type { ResolvedApi } from '../../renderer/definition/api';
import { withdrawFeedback } from '../api';
import { FeedbackDialog } from '../feedback/FeedbackDialog';
import type { FeedbackRecord } from '../types';

/** Pending feedback may still be withdrawn by its author. */
const PENDING = '0';
const MINE_API: ResolvedApi = { url: '/api/sys/feedback/myList', method: 'get' };

/** 我的反馈 (/system/feedback/my/List, from the user menu): own feedback, its answers, and a new one. */
export default function MyFeedbackPage() {
  const f = t.notices.feedback;
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 30 });
  const [dialog, setDialog] = useState(false);
  const list = useListData(MINE_API, paging);

  const withdraw = async (id: string) => {
    try {
      feedback().message.success((await withdrawFeedback(id)) || f.withdrawn);
      list.reload();
    } catch (e) {
      if (e instanceof Error && e.message) feedback().message.error(e.message);
    }
  };

  const columns: TableColumnsType<FeedbackRecord> = [
    { title: f.type, dataIndex: 'fbType_dictText', width: 100 },
    { title: f.content, dataIndex: 'content', ellipsis: true },
    { title: f.status, dataIndex: 'status_dictText', width: 90 },
    { title: f.createTime, dataIndex: 'createTime', width: 170 },
    { title: f.reply, dataIndex: 'reply', ellipsis: true, render: (v: string | null) => v || <Typography.Text type="secondary">{f.noReply}</Typography.Text> },
    {
      title: f.action,
      key: 'action',
      width: 80,
      render: (_: unknown, r) =>
        r.status === PENDING ? (
          <Popconfirm title={f.withdrawConfirm} onConfirm={() => void withdraw(r.id)}>
            <Button type="link" size="small">
              {f.withdraw}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Card
      title={f.myTitle}
      variant="borderless"
      extra={
        <Button type="primary" onClick={() => setDialog(true)}>
          {f.submitButton}
        </Button>
      }
    >
      {list.error ? <Alert type="error" showIcon message={list.error} style={{ marginBottom: 12 }} /> : null}
      <Table<FeedbackRecord>
        rowKey="id"
        size="middle"
        loading={list.loading}
        columns={columns}
        dataSource={list.rows as unknown as FeedbackRecord[]}
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total: list.total,
          showSizeChanger: true,
          onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize }),
        }}
      />
      <FeedbackDialog open={dialog} onClose={() => setDialog(false)} onSubmitted={list.reload} />
    </Card>
  );
}
