import { Alert, Button, Card, Form, Input, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { useListData } from '../../renderer/list/useListData';
import type { ResolvedApi } from '../../renderer/definition/api';
import { readAllAnnouncements } from '../api';
import { emitNoticesReload, onNoticesReload } from '../bus';
import { openAnnouncement } from '../store';
import type { InboxRecord } from '../types';

interface Filters {
  titile?: string;
  readFlag?: '' | '0' | '1';
}

const PAGE_SIZES = ['10', '30', '50', '100'];
const INBOX_API: ResolvedApi = { url: '/sys/sysAnnouncementSend/getMyAnnouncementSend', method: 'get' };

/** 我的消息 (/isps/userAnnouncement): the caller's announcements with search, read state and read-all. */
export default function MyAnnouncementsPage() {
  const m = t.notices.mine;
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 30 });
  const list = useListData(INBOX_API, {
    ...paging,
    // `*text*` is the protocol's "contains" rule.
    titile: filters.titile ? `*${filters.titile}*` : undefined,
    readFlag: filters.readFlag || undefined,
    column: 'sendTime',
    order: 'desc',
  });
  const { reload } = list;
  useEffect(() => onNoticesReload(reload), [reload]);

  const readAll = async () => {
    try {
      feedback().message.success((await readAllAnnouncements()) || m.markAllDone);
      emitNoticesReload();
    } catch (e) {
      if (e instanceof Error && e.message) feedback().message.error(e.message);
    }
  };

  const columns: TableColumnsType<InboxRecord> = [
    { title: m.titile, dataIndex: 'titile', ellipsis: true },
    { title: m.msgCategory, dataIndex: 'msgCategory_dictText', width: 110 },
    { title: m.sender, dataIndex: 'sender', width: 120 },
    { title: m.sendTime, dataIndex: 'sendTime', width: 170 },
    { title: m.priority, dataIndex: 'priority_dictText', width: 90 },
    {
      title: m.readFlag,
      dataIndex: 'readFlag',
      width: 90,
      render: (v: InboxRecord['readFlag']) => (v === '1' ? <Tag>{m.read}</Tag> : <Tag color="blue">{m.unread}</Tag>),
    },
    {
      title: m.action,
      key: 'action',
      width: 80,
      render: (_: unknown, r) => (
        <Button type="link" size="small" onClick={() => openAnnouncement(r.anntId)}>
          {m.view}
        </Button>
      ),
    },
  ];

  return (
    <Card title={m.title} variant="borderless">
      <Form
        form={form}
        layout="inline"
        className="notices-page-toolbar"
        onFinish={(v) => {
          setFilters(v);
          setPaging((p) => ({ ...p, pageNo: 1 }));
        }}
      >
        <Form.Item name="titile" label={m.titile}>
          <Input allowClear placeholder={m.titlePlaceholder} maxLength={100} />
        </Form.Item>
        <Form.Item name="readFlag" label={m.readFlag} initialValue="">
          <Select
            style={{ width: 120 }}
            options={[
              { value: '', label: m.all },
              { value: '0', label: m.unread },
              { value: '1', label: m.read },
            ]}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t.common.search}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setFilters({});
              setPaging((p) => ({ ...p, pageNo: 1 }));
            }}
          >
            {t.common.reset}
          </Button>
          <Button onClick={() => void readAll()}>{m.markAllRead}</Button>
        </Space>
      </Form>
      {list.error ? <Alert type="error" showIcon message={list.error} style={{ marginBottom: 12 }} /> : null}
      <Table<InboxRecord>
        rowKey="id"
        size="middle"
        loading={list.loading}
        columns={columns}
        dataSource={list.rows as unknown as InboxRecord[]}
        rowClassName={(r) => (r.readFlag === '0' ? 'notices-unread-row' : '')}
        onRow={(r) => ({ onDoubleClick: () => openAnnouncement(r.anntId) })}
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total: list.total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: m.total,
          onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize }),
        }}
      />
    </Card>
  );
}
