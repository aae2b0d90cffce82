import { FormLayout } from '@formily/antd-v5';
import { createSchemaField, observer, useField, type ISchema } from '@formily/react';
import { Alert, Spin } from 'antd';
import { useMemo } from 'react';
import { useDevice } from '../../layout/device';
import { t } from '../../locale/zh-CN';
import { toFormilySchema } from '../../renderer/form/schema';
import { schemaWidgetNames } from '../registry';
import { useWidgets } from '../useWidgets';
import { WidgetsLoadFailed } from '../WidgetsLoadFailed';
import { useStoredForm } from './stored-form';
import './form-document.css';

const L = t.formDocument;
const Nested = createSchemaField();
const editable = () => 'editable' as const;

export interface JFormDocumentProps {
  /** The record's field holding the form code. */
  codeField?: string;
  /** The record's field holding the version the document was entered with (empty: the newest). */
  versionField?: string;
}

/**
 * A form document (entity field of type form) as the stored form itself: the form named by the record's
 * code and version fields, its fields nested under this one (the value is the document object), its
 * linkage reading the document's values. Read-only wherever the record is (detail, readPretty).
 */
export const JFormDocument = observer(function JFormDocument({ codeField, versionField }: JFormDocumentProps) {
  const field = useField();
  const parent = field.path.parent();
  const sibling = (name: string | undefined) =>
    name ? (field.form.getValuesIn(parent.concat(name).toString()) as unknown) : undefined;
  const stored = useStoredForm(sibling(codeField), sibling(versionField));
  const phone = useDevice() === 'mobile';
  const scope = field.path.toString();
  const definition = stored.status === 'ready' ? stored.form.definition : null;
  const schema = useMemo(
    () => (definition ? ((toFormilySchema(definition.schema, { mode: 'edit', fieldState: editable, scope }) ?? {}) as ISchema) : null),
    [definition, scope],
  );
  const names = useMemo(() => schemaWidgetNames(schema ?? {}), [schema]);
  const { widgets, failed, retry } = useWidgets(names);

  if (stored.status === 'empty') return <Alert className="j-form-document-note" type="info" showIcon message={L.notChosen} />;
  if (stored.status === 'error') return <Alert className="j-form-document-note" type="error" showIcon message={stored.message} />;
  if (stored.status === 'loading' || !schema || !definition) return <Spin tip={L.loading}><div className="j-form-document-wait" /></Spin>;
  if (failed) return <WidgetsLoadFailed retry={retry} />;
  if (!widgets) return <Spin><div className="j-form-document-wait" /></Spin>;
  return (
    <div className="j-form-document" data-form-code={stored.form.code} data-form-version={stored.form.version}>
      <div className="j-form-document-title">{L.version(definition.title, stored.form.version)}</div>
      <FormLayout
        {...(phone
          ? { layout: 'vertical' as const, colon: false }
          : {
              layout: definition.layout ?? 'horizontal',
              labelCol: definition.labelCol ?? 6,
              wrapperCol: definition.wrapperCol ?? 18,
            })}
      >
        <Nested schema={schema} components={widgets} />
      </FormLayout>
    </div>
  );
});
