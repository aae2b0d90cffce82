import { createForm } from '@formily/core';
import { createSchemaField, FormProvider } from '@formily/react';
import { Alert, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { getAction } from '../../api';
import { t } from '../../locale/zh-CN';
import { JFormDocument } from './JFormDocument';

type Row = Record<string, unknown>;

const Nested = createSchemaField({ components: { JFormDocument } });
const isDocument = (v: unknown): v is Row => !!v && typeof v === 'object' && !Array.isArray(v);

export interface FormDocumentViewProps {
  row: Row;
  /** The form field. */
  name: string;
  form: { codeField: string; versionField: string };
  /** The record's entity: a list row carries no document, so the record is read for it. */
  entity?: string;
}

/** A record's form document in its detail: the filled form, read-only. */
export function FormDocumentView({ row, name, form, entity }: FormDocumentViewProps) {
  const [loaded, setLoaded] = useState<{ id: unknown; row?: Row; error?: string } | null>(null);
  const own = isDocument(row[name]);
  const id = row.id;
  useEffect(() => {
    if (own || !entity || !id) return;
    let alive = true;
    getAction<Row>(`/online/cgform/api/form/${encodeURIComponent(entity)}/${encodeURIComponent(String(id))}`).then(
      (res) => alive && setLoaded(res.success && res.result ? { id, row: res.result } : { id, error: res.message || t.formDocument.loadFailed }),
      () => alive && setLoaded({ id, error: t.formDocument.loadFailed }),
    );
    return () => {
      alive = false;
    };
  }, [own, entity, id]);
  const record = own ? row : loaded && loaded.id === id ? loaded.row : undefined;
  const formily = useMemo(
    () => (record ? createForm({ readPretty: true, initialValues: { ...record } }) : null),
    [record],
  );
  const schema = useMemo(
    () => ({
      type: 'object' as const,
      properties: { [name]: { type: 'object' as const, 'x-component': 'JFormDocument', 'x-component-props': form } },
    }),
    [name, form],
  );
  if (loaded?.error && loaded.id === id) return <Alert type="error" showIcon message={loaded.error} />;
  if (!record || !formily) return own || (entity && id) ? <Spin size="small" /> : <span>{t.formDocument.empty}</span>;
  if (!isDocument(record[name]) && !record[form.codeField]) return <span>{t.formDocument.empty}</span>;
  return (
    <FormProvider form={formily}>
      <Nested schema={schema} />
    </FormProvider>
  );
}
