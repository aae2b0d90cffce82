import { Alert, Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { DetailChildren } from '../../renderer/detail/DetailChildren';
import { DetailDescriptions, detailColumns, detailItems } from '../../renderer/detail/DetailView';
import { submitApplication } from './api';
import { applyPath } from './paths';
import { ReasonInput } from './ReasonInput';
import { useEntityRecords } from './useEntityPage';
import { NotLoaded } from './useLoad';

const L = t.dataApply;

/** 申请删除 (/dynamicForm/applyDel?entity=&id=): the record as its detail shows it, and the required reason. */
export default function ApplyDeletePage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const entity = search.get('entity') ?? '';
  const id = search.get('id') ?? '';
  const { loaded, reload } = useEntityRecords(entity, id ? [id] : []);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  if (!entity || !id) return <Alert type="warning" showIcon message={L.missingParams} />;
  if (loaded.status !== 'ok') return <NotLoaded loaded={loaded} onRetry={reload} />;
  const { page, records } = loaded.value;

  const submit = async () => {
    if (!reason.trim()) return setMissing(true);
    setSaving(true);
    try {
      const res = await submitApplication(entity, { kind: 'delete', id, reason: reason.trim() });
      if (!res.success) return void feedback().message.warning(res.message || t.common.failed);
      feedback().message.success(res.message || L.form.submitted);
      navigate(applyPath('dataApply'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={`${L.titles.applyDel} · ${page.title}`} data-testid="apply-delete">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Alert type="warning" showIcon message={L.form.deleteNote} />
        <DetailDescriptions
          row={records[0]}
          items={detailItems(page.detail, page.columns ?? [])}
          columns={detailColumns(page.detail)}
        />
        <DetailChildren entity={entity} id={id} row={records[0]} />
        <ReasonInput
          value={reason}
          required
          error={missing && !reason.trim()}
          onChange={(v) => {
            setReason(v);
            setMissing(false);
          }}
        />
        <Space style={{ width: '100%', justifyContent: 'center' }}>
          <Button onClick={() => navigate(-1)}>{L.form.cancel}</Button>
          <Button type="primary" danger loading={saving} onClick={() => void submit()}>
            {L.form.submit}
          </Button>
        </Space>
      </Space>
    </Card>
  );
}
