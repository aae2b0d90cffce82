import { Alert, Button, Card, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { t } from '../../locale/zh-CN';
import type { PageDefinition } from '../../renderer/definition/types';
import { useDefinitionForm } from '../../renderer/form/useDefinitionForm';
import { editPayload, editValues } from '../../renderer/list/edit-values';
import { usePagePermissions } from '../../renderer/permissions';
import { submitApplication } from './api';
import { applyPath } from './paths';
import { ReasonInput } from './ReasonInput';
import { entityPage } from './useEntityPage';
import { NotLoaded, useLoad } from './useLoad';

const L = t.dataApply;

/** The entity's own add/edit form (the renderer's), sent as an application with its reason. */
function ApplyForm({ page, entity, id }: { page: PageDefinition; entity: string; id: string | null }) {
  const navigate = useNavigate();
  const perms = usePagePermissions(page.permissionPrefix);
  const [reason, setReason] = useState('');
  const rowKey = page.rowKey ?? 'id';
  const def = page.form!;
  const row = useMemo(() => (id ? { [rowKey]: id } : null), [id, rowKey]);
  // An edit starts from the stored record (queryById), as the list's edit does.
  const values = useMemo(
    () => (row ? editValues({ ...def, loadById: true }, page.api, row, rowKey, entity) : {}),
    [row, def, page.api, rowKey, entity],
  );
  const { body, ok, saving, ready } = useDefinitionForm({
    active: true,
    form: def,
    mode: row ? 'edit' : 'add',
    values,
    fieldState: perms.fieldState,
    submit: (v) =>
      submitApplication(entity, {
        kind: row ? 'edit' : 'add',
        ...(id ? { id } : {}),
        record: row ? editPayload(def, v, row, rowKey) : v,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      }),
    onSaved: () => navigate(applyPath('dataApply')),
  });
  return (
    <Card
      title={`${id ? L.titles.dataHandleApply : L.titles.applyAdd} · ${page.title}`}
      data-testid="apply-form"
    >
      {body}
      <ReasonInput
        value={reason}
        onChange={setReason}
        grid={{ label: def.labelCol ?? 5, wrapper: def.wrapperCol ?? 16 }}
      />
      <Space style={{ width: '100%', justifyContent: 'center' }}>
        <Button onClick={() => navigate(-1)}>{L.form.cancel}</Button>
        <Button type="primary" loading={saving} disabled={!ready} onClick={() => void ok()}>
          {L.form.submit}
        </Button>
      </Space>
    </Card>
  );
}

/** 申请新增 (/dynamicForm/applyAdd?entity=) and 申请修改 (/dynamicForm/dataHandleApply?entity=&id=). */
export default function ApplyFormPage() {
  const [search] = useSearchParams();
  const entity = search.get('entity') ?? '';
  const id = search.get('id');
  const { loaded, reload } = useLoad(() => entityPage(entity), entity, !!entity);
  if (!entity) return <Alert type="warning" showIcon message={L.missingParams} />;
  if (loaded.status !== 'ok') return <NotLoaded loaded={loaded} onRetry={reload} />;
  if (!loaded.value.form) return <Alert type="error" showIcon message={t.renderer.config.formMissing} />;
  return <ApplyForm key={`${entity}/${id ?? ''}`} page={loaded.value} entity={entity} id={id} />;
}
