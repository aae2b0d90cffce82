import { Button, Card, Empty, Input, Popconfirm, Space, Table, Tag, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { usePagePermissions } from '../../renderer/permissions';
import { unwrap, useLoad } from '../data-apply/useLoad';
import { exportForm, importForm, listForms, publishForm, type FormRow } from './api';
import { NewFormDialog } from './NewFormDialog';
import { designerPath, FORM_PERMS } from './paths';
import { VersionsDialog } from './VersionsDialog';

const L = t.formDesign;
const PAGE_SIZE = 10;
const MAX_IMPORT = 1024 * 1024;

/** 表单设计 (/dynamicForm/forms): file and stored forms, with what may be done to each. */
export default function FormListPage() {
  const navigate = useNavigate();
  const perms = usePagePermissions(undefined);
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [dialog, setDialog] = useState<{ copyOf?: FormRow } | null>(null);
  const [versionsOf, setVersionsOf] = useState<FormRow | null>(null);
  const { loaded, reload } = useLoad(
    () => unwrap(listForms({ keyword: query || undefined, pageNo, pageSize: PAGE_SIZE })),
    `${query}/${pageNo}`,
  );
  const canDesign = perms.has(FORM_PERMS.design);

  const publish = async (row: FormRow) => {
    const res = await publishForm(row.code);
    if (!res.success) return void feedback().message.warning(res.message);
    feedback().message.success(L.published(res.result.version));
    reload();
  };

  const upload = async (file: File) => {
    if (file.size > MAX_IMPORT) return void feedback().message.warning(L.importTooBig);
    const res = await importForm(file);
    if (!res.success) return void feedback().message.warning(res.message);
    feedback().message.success(L.importDone);
    reload();
  };

  const version = (v: number | null) => (v ? L.versionText(v) : L.none);
  const columns: ColumnsType<FormRow> = [
    { title: L.columns.code, dataIndex: 'code' },
    { title: L.columns.title, dataIndex: 'title', ellipsis: true },
    {
      title: L.columns.source,
      dataIndex: 'source',
      render: (s: string) => <Tag color={s === 'file' ? 'default' : 'blue'}>{L.sources[s] ?? s}</Tag>,
    },
    { title: L.columns.published, dataIndex: 'publishedVersion', render: version },
    { title: L.columns.draft, dataIndex: 'draftVersion', render: version },
    { title: L.columns.updateTime, dataIndex: 'updateTime', width: 170 },
    {
      title: L.columns.ops,
      key: 'ops',
      render: (_, r) => (
        <Space size={8} wrap>
          {r.source === 'file' ? (
            <>
              <a onClick={() => navigate(designerPath(r.code))}>{L.view}</a>
              {canDesign ? <a onClick={() => setDialog({ copyOf: r })}>{L.copy}</a> : null}
            </>
          ) : (
            <a onClick={() => navigate(designerPath(r.code))}>{canDesign ? L.design : L.view}</a>
          )}
          {r.source === 'db' && r.draftVersion && perms.has(FORM_PERMS.publish) ? (
            <Popconfirm title={L.publishConfirm(r.code, r.draftVersion)} onConfirm={() => publish(r)}>
              <a>{L.publish}</a>
            </Popconfirm>
          ) : null}
          {r.publishedVersion && perms.has(FORM_PERMS.export) ? (
            <a onClick={() => void exportForm(r.code, r.publishedVersion!)}>{L.export}</a>
          ) : null}
          {r.source === 'db' ? <a onClick={() => setVersionsOf(r)}>{L.versions}</a> : null}
        </Space>
      ),
    },
  ];

  const page = loaded.status === 'ok' ? loaded.value : { records: [], total: 0 };
  return (
    <Card data-testid="form-list">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input
          allowClear
          placeholder={L.keyword}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={() => {
            setQuery(keyword.trim());
            setPageNo(1);
          }}
          style={{ width: 220 }}
        />
        <Button
          type="primary"
          onClick={() => {
            setQuery(keyword.trim());
            setPageNo(1);
          }}
        >
          {L.search}
        </Button>
        <Button
          onClick={() => {
            setKeyword('');
            setQuery('');
            setPageNo(1);
          }}
        >
          {L.reset}
        </Button>
        {canDesign ? (
          <>
            <Button type="primary" onClick={() => setDialog({})}>
              {L.add}
            </Button>
            <Upload
              accept=".json,application/json"
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button>{L.import}</Button>
            </Upload>
          </>
        ) : null}
      </Space>
      {loaded.status === 'error' ? (
        <div style={{ marginBottom: 8 }}>
          {loaded.message} <a onClick={reload}>{t.dataApply.retry}</a>
        </div>
      ) : null}
      <Table<FormRow>
        size="small"
        rowKey="code"
        loading={loaded.status === 'loading'}
        columns={columns}
        dataSource={page.records}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={L.empty} /> }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: page.total,
          showSizeChanger: false,
          showTotal: L.total,
          onChange: setPageNo,
        }}
      />
      {dialog ? (
        <NewFormDialog
          copyOf={dialog.copyOf}
          onCancel={() => setDialog(null)}
          onOk={(v) => navigate(designerPath(v.code, { title: v.title, copy: dialog.copyOf?.code }))}
        />
      ) : null}
      {versionsOf ? (
        <VersionsDialog
          form={versionsOf}
          canExport={perms.has(FORM_PERMS.export)}
          onClose={() => setVersionsOf(null)}
        />
      ) : null}
    </Card>
  );
}
