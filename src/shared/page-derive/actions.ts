import type { EntityDefinition, PageApis, PageToolbar, RowActions } from '../schema-types.js';
import { derivedPages as L } from '../../client/locale/derived-pages.js';
import { auditOnly, deriveAuditRowActions, deriveAuditToolbar } from './audit.js';
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
 * (<code>:add, <code>:batch_delete), export and import by their own codes; an audited entity adds its
 * applications, and one that takes no direct writes (audit.always) keeps only export.
 */
export const deriveToolbar = (entity: EntityDefinition): PageToolbar => {
  const apply = deriveAuditToolbar(entity);
  return {
    ...(auditOnly(entity)
      ? {}
      : { add: true, batchDelete: true, import: { permission: `${entity.code}:import`, online: true } }),
    // An entity holding form documents is exported for analysis: the format and option values by choice.
    export: {
      permission: `${entity.code}:export`,
      ...(entity.fields.some((f) => f.type === 'form') ? { choices: true } : {}),
    },
    ...(apply.length ? { custom: apply } : {}),
  };
};

export const deriveRowActions = (entity: EntityDefinition): RowActions => {
  // Workflow transitions, push-downs (下推), 跟踪, then the applications of an audited entity.
  const custom = [
    ...deriveTransitionActions(entity),
    ...derivePushDownActions(entity),
    ...deriveTrackActions(entity),
    ...deriveAuditRowActions(entity),
  ];
  // A record in a locked workflow state cannot be edited or deleted (the server refuses): no links for it.
  const locked = entity.workflow?.locked?.length
    ? { visibleWhen: { field: entity.workflow.field, op: 'notIn' as const, value: entity.workflow.locked } }
    : {};
  return {
    ...(auditOnly(entity)
      ? {}
      : {
          edit: { permission: `${entity.code}:edit`, ...locked },
          delete: { permission: `${entity.code}:delete`, confirm: L.deleteConfirm(entity.name), ...locked },
        }),
    detail: true,
    ...(custom.length ? { custom } : {}),
  };
};
