import { createElement } from 'react';
import { lazyPage } from '../router/lazy';
import { registerComponentResolver } from '../router/registry';
import { isSchemaComponent } from './definition/components';

export { isSchemaComponent, ONLINE_LIST_COMPONENTS } from './definition/components';

/**
 * Lets the router resolve schema-served component names to the renderer, which loads (with Formily
 * and antd's table) only when such a page opens. Importing this module is all the shell needs.
 */
export function registerSchemaPages(): () => void {
  return registerComponentResolver((name) =>
    isSchemaComponent(name)
      ? lazyPage(() =>
          import('./SchemaPage').then(({ SchemaPage }) => ({
            default: function SchemaRoute() {
              return createElement(SchemaPage, { component: name });
            },
          })),
        )
      : null,
  );
}

registerSchemaPages();
