import { createSchemaField, type ISchema } from '@formily/react';
import { Spin } from 'antd';
import { useMemo } from 'react';
import { schemaWidgetNames } from '../../widgets/registry';
import { useWidgets } from '../../widgets/useWidgets';
import { WidgetsLoadFailed } from '../../widgets/WidgetsLoadFailed';

const Field = createSchemaField();

/**
 * The one SchemaField of the console: it loads the widgets the schema names (a spinner meanwhile,
 * a retry on a failed chunk), then renders the schema with them.
 */
export function SchemaField({ schema }: { schema: ISchema }) {
  const names = useMemo(() => schemaWidgetNames(schema), [schema]);
  const { widgets, failed, retry } = useWidgets(names);
  if (widgets) return <Field schema={schema} components={widgets} />;
  if (failed) return <WidgetsLoadFailed retry={retry} />;
  return <Spin style={{ display: 'block', padding: 24 }} />;
}
