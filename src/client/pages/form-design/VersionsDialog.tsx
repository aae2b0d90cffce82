import { Modal, Table, Tag } from 'antd';
import { t } from '../../locale/zh-CN';
import { unwrap, useLoad, NotLoaded } from '../data-apply/useLoad';
import { exportForm, formVersions, type FormRow, type FormVersion } from './api';

const L = t.formDesign;

/** 版本: every version of a stored form; a published one can be exported. */
export function VersionsDialog({
  form,
  canExport,
  onClose,
}: {
  form: FormRow;
  canExport: boolean;
  onClose: () => void;
}) {
  const { loaded, reload } = useLoad(() => unwrap(formVersions(form.code)), form.code);
  const C = L.versionColumns;
  return (
    <Modal open title={L.versionsTitle(form.code)} footer={null} onCancel={onClose} width={720}>
      {loaded.status === 'ok' ? (
        <Table<FormVersion>
          size="small"
          rowKey="version"
          pagination={false}
          dataSource={loaded.value}
          columns={[
            { title: C.version, dataIndex: 'version', render: (v: number) => L.versionText(v) },
            {
              title: C.status,
              dataIndex: 'status',
              render: (s: string) => (
                <Tag color={s === 'published' ? 'green' : 'orange'}>{L.statuses[s] ?? s}</Tag>
              ),
            },
            { title: C.createTime, dataIndex: 'createTime' },
            { title: C.publishTime, dataIndex: 'publishTime' },
            { title: C.publishBy, dataIndex: 'publishBy' },
            {
              title: L.columns.ops,
              key: 'ops',
              render: (_, r) =>
                canExport && r.status === 'published' ? (
                  <a onClick={() => void exportForm(form.code, r.version)}>{L.export}</a>
                ) : null,
            },
          ]}
        />
      ) : (
        <NotLoaded loaded={loaded} onRetry={reload} />
      )}
    </Modal>
  );
}
