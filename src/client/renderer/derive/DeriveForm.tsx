import { useEffect, useMemo, useState } from 'react';
import type { DeriveFormProps } from '../../../shared/page-derive/push-down';
import { getAction } from '../../api';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { callApi } from '../actions/requests';
import { pageApi } from '../definition/api';
import { loadPageDefinition } from '../definition/load';
import type { PageDefinition } from '../definition/types';
import { FormDialog } from '../form/FormDialog';
import type { ActionPartProps } from '../parts/registry';
import { usePagePermissions } from '../permissions';

const L = t.derive;
const API = '/online/cgform/api';
type Row = Record<string, unknown>;

/** The prefilled target record of a push-down from one source row (children under their codes). */
async function prefill(props: DeriveFormProps, id: string): Promise<Row> {
  const res = await getAction<Row>(`${API}/derive/${props.entity}/${props.key}/${encodeURIComponent(id)}`);
  if (!res.success || !res.result) throw new Error(res.message || t.renderer.form.loadFailed);
  return res.result;
}

/**
 * A push-down (下推, entity `derive`) from a list row: the TARGET entity's add form, prefilled by the
 * server from the row and its child rows, saved by the target's ordinary add. The source list reloads
 * afterwards: its roll-ups and state may follow from the new record.
 */
export default function DeriveForm({ config, row, onClose, onDone }: ActionPartProps) {
  const props = config.props as DeriveFormProps;
  const id = String(row?.id ?? '');
  const [page, setPage] = useState<PageDefinition | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const perms = usePagePermissions(page?.permissionPrefix);
  const values = useMemo(() => {
    const p = prefill(props, id);
    // The form shows a failure; until it mounts, an early one must not count as unhandled.
    p.catch(() => undefined);
    return p;
  }, [props, id]);

  useEffect(() => {
    let alive = true;
    void loadPageDefinition('OnlineList', props.target).then((res) => {
      if (!alive) return;
      if (res.status === 'ok' && res.page.form && pageApi(res.page.api, 'add')) setPage(res.page);
      else setFailure(res.status === 'error' ? res.message : L.formMissing);
    });
    return () => {
      alive = false;
    };
  }, [props.target]);
  useEffect(() => {
    if (!failure) return;
    feedback().message.error(failure);
    onClose();
  }, [failure, onClose]);

  if (!page?.form) return null;
  const name = config.title ?? '';
  return (
    <FormDialog
      open
      title={L.title(name, page.title)}
      form={page.form}
      mode="add"
      values={values}
      fieldState={perms.fieldState}
      submit={async (data) => {
        const res = await callApi(pageApi(page.api, 'add')!, data, { code: props.target });
        return res.success ? { ...res, message: L.done(name) } : res;
      }}
      onClose={onClose}
      onSaved={onDone}
    />
  );
}
