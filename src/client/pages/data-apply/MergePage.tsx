import { Alert, Button, Card, Radio, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import type { PageDefinition } from '../../renderer/definition/types';
import { detailItems, type DetailItem } from '../../renderer/detail/DetailView';
import { fieldNames } from '../../renderer/form/field-names';
import { Cell } from '../../renderer/list/cells';
import { MAX_MERGE, submitApplication } from './api';
import { applyPath } from './paths';
import { ReasonInput } from './ReasonInput';
import { useEntityRecords } from './useEntityPage';
import { NotLoaded } from './useLoad';

const L = t.dataApply;
type Row = Record<string, unknown>;

const filled = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The fields a merge chooses: those of the form (what a write may set), titled as in the detail. */
function mergeFields(page: PageDefinition): DetailItem[] {
  const writable = new Set(page.form ? fieldNames(page.form.schema) : []);
  return detailItems(page.detail, page.columns ?? []).filter((f) => writable.has(f.name));
}

/** Each field's surviving value: the first record's, or the first non-empty one after it. */
const defaultChoice = (fields: DetailItem[], records: Row[]) =>
  Object.fromEntries(
    fields.map((f) => [
      f.name,
      Math.max(
        0,
        records.findIndex((r) => filled(r[f.name])),
      ),
    ]),
  );

function MergeForm({ entity, page, records }: { entity: string; page: PageDefinition; records: Row[] }) {
  const navigate = useNavigate();
  const fields = useMemo(() => mergeFields(page), [page]);
  const [choice, setChoice] = useState<Record<string, number>>(() => defaultChoice(fields, records));
  const [survivor, setSurvivor] = useState(0);
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const ids = records.map((r) => String(r.id));

  const submit = async () => {
    const record = Object.fromEntries(
      fields.map((f) => [f.name, records[choice[f.name] ?? 0][f.name] ?? null]),
    );
    setSaving(true);
    try {
      const res = await submitApplication(entity, {
        kind: 'merge',
        ids,
        id: ids[survivor],
        record,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      if (!res.success) return void feedback().message.warning(res.message || t.common.failed);
      feedback().message.success(res.message || L.form.submitted);
      navigate(applyPath('dataApply'));
    } finally {
      setSaving(false);
    }
  };

  const columns: ColumnsType<DetailItem> = [
    { title: L.merge.field, dataIndex: 'title', width: 110, fixed: 'left' },
    ...records.map((r, i) => ({
      key: ids[i],
      title: (
        <span data-testid={`merge-survivor-${i}`}>
          <Radio checked={survivor === i} onChange={() => setSurvivor(i)}>
            {`${L.detail.record(i + 1)}${survivor === i ? `（${L.detail.survivor}）` : ''}`}
          </Radio>
        </span>
      ),
      render: (_: unknown, f: DetailItem) => (
        <span data-testid={`merge-choice-${f.name}-${i}`}>
          <Radio checked={choice[f.name] === i} onChange={() => setChoice((c) => ({ ...c, [f.name]: i }))}>
            <Cell row={r} field={f.name} dict={f.dict} format={f.format} />
          </Radio>
        </span>
      ),
    })),
  ];
  return (
    <Card title={`${L.titles.applyMerge} · ${page.title}`} data-testid="apply-merge">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Alert type="info" showIcon message={L.merge.survivorHint} />
        <Table<DetailItem>
          size="small"
          rowKey="name"
          pagination={false}
          columns={columns}
          dataSource={fields}
          scroll={{ x: 'max-content' }}
        />
        <ReasonInput value={reason} onChange={setReason} />
        <Space style={{ width: '100%', justifyContent: 'center' }}>
          <Button onClick={() => navigate(-1)}>{L.form.cancel}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            {L.merge.submit}
          </Button>
        </Space>
      </Space>
    </Card>
  );
}

/** 合并数据 (/dynamicForm/applyMerge?entity=&ids=a,b): choose each field's surviving value and the surviving record. */
export default function MergePage() {
  const [search] = useSearchParams();
  const entity = search.get('entity') ?? '';
  const ids = useMemo(() => [...new Set((search.get('ids') ?? '').split(',').filter(Boolean))], [search]);
  const { loaded, reload } = useEntityRecords(entity, ids.length >= 2 && ids.length <= MAX_MERGE ? ids : []);
  if (!entity) return <Alert type="warning" showIcon message={L.missingParams} />;
  if (ids.length < 2) return <Alert type="warning" showIcon message={L.merge.tooFew} />;
  if (ids.length > MAX_MERGE) return <Alert type="warning" showIcon message={L.merge.tooMany} />;
  if (loaded.status !== 'ok') return <NotLoaded loaded={loaded} onRetry={reload} />;
  if (!loaded.value.page.form)
    return <Typography.Text type="danger">{t.renderer.config.formMissing}</Typography.Text>;
  return (
    <MergeForm key={ids.join(',')} entity={entity} page={loaded.value.page} records={loaded.value.records} />
  );
}
