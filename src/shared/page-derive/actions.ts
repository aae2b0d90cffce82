import type { EntityDefinition, PageApis, PageToolbar, RowActions } from '../schema-types.js';
import { derivedPages as L } from '../../client/locale/derived-pages.js';
import { derivePushDownActions } from './push-down.js';
import { deriveTrackActions } from './track.js';
import { deriveTransitionActions } from './transitions.js';

const API = '/online/cgform/api';

/** The generic CRUD endpoints of an entity (src/server/modules/online). */
export function deriveApi(code: string): PageApis {
  const form = `${API}/form/${code}`;
  return {
    list: `${API}/getData/${code}`,
    add: form,
    edit: { url: form, method: 'put' },
    delete: `${form}/{id}`,
    deleteBatch: `${form}/{ids}`,
    queryById: `${form}/{id}`,
    exportXls: `${API}/exportXls/${code}`,
    importExcel: `${API}/importXls/${code}`,
  };
}

/**
 * Toolbar buttons gated by the entity's codes: add and batch delete through the page's permissionPrefix
 * (<code>:add, <code>:batch_delete), export and import by their own codes.
 */
export const deriveToolbar = (code: string): PageToolbar => ({
  add: true,
  batchDelete: true,
  export: { permission: `${code}:export` },
  import: { permission: `${code}:import`, online: true },
});

export const deriveRowActions = (entity: EntityDefinition): RowActions => {
  // Workflow transitions, then push-downs (下推), then 跟踪.
  const custom = [...deriveTransitionActions(entity), ...derivePushDownActions(entity), ...deriveTrackActions(entity)];
  return {
    edit: { permission: `${entity.code}:edit` },
    detail: true,
    delete: { permission: `${entity.code}:delete`, confirm: L.deleteConfirm(entity.name) },
    ...(custom.length ? { custom } : {}),
  };
};
