import { Alert, Button, Card } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { t } from '../../locale/zh-CN';
import { callApi } from '../actions/requests';
import { pageApi } from '../definition/api';
import type { PageDefinition } from '../definition/types';
import { editPayload, editValues } from '../list/edit-values';
import { usePagePermissions } from '../permissions';
import { useDefinitionForm } from './useDefinitionForm';

/**
 * A form page: with `?id=` in the address it edits that record (read through queryById), otherwise
 * it adds one.
 */
export function FormPage({ page, routeCode }: { page: PageDefinition; routeCode?: string }) {
  const [search] = useSearchParams();
  const id = search.get('id');
  const perms = usePagePermissions(page.permissionPrefix);
  const rowKey = page.rowKey ?? 'id';
  const def = page.form!;
  const row = useMemo(() => (id ? { [rowKey]: id } : null), [id, rowKey]);
  const values = useMemo(
    () => (row ? editValues({ ...def, loadById: true }, page.api, row, rowKey, routeCode) : {}),
    [row, def, page.api, rowKey, routeCode],
  );
  const api = pageApi(page.api, row ? 'edit' : 'add');
  const { body, ok, saving, ready } = useDefinitionForm({
    active: true,
    form: def,
    mode: row ? 'edit' : 'add',
    values,
    fieldState: perms.fieldState,
    submit: (v) =>
      callApi(api!, row ? editPayload(def, v, row, rowKey) : v, { id: id ?? undefined, code: routeCode }),
    onSaved: () => undefined,
  });
  if (!api)
    return (
      <Alert
        type="error"
        showIcon
        message={row ? t.renderer.config.editUrlMissing : t.renderer.config.addUrlMissing}
      />
    );
  return (
    <Card title={def.title ?? page.title}>
      {body}
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Button type="primary" loading={saving} disabled={!ready} onClick={() => void ok()}>
          {t.renderer.form.submit}
        </Button>
      </div>
    </Card>
  );
}
