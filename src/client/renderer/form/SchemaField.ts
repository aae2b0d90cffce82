import { createSchemaField } from '@formily/react';
import { widgetRegistry } from '../../widgets/registry';

/** The one SchemaField of the renderer: every registered widget by its x-component name. */
export const SchemaField = createSchemaField({ components: widgetRegistry });
