import type { EntityDefinition, PageAction } from '../schema-types.js';
import { dataApply as L } from '../../client/locale/data-apply.js';

/** The console part an application action opens: it routes to /dynamicForm/<page>?entity=&id= (pages/data-apply). */
export const APPLY_PART = 'ApplyLink';

/** The application screens an action may open (their routes are /dynamicForm/<page>). */
export type ApplyPage = 'applyAdd' | 'dataHandleApply' | 'applyDel' | 'applyMergeList';

const link = (entity: EntityDefinition, key: string, page: ApplyPage, danger = false): PageAction => ({
  key,
  title: L.titles[page],
  kind: 'part',
  permission: `${entity.code}:apply`,
  ...(danger ? { danger } : {}),
  part: { part: APPLY_PART, props: { entity: entity.code, page } },
});

/** Whether an entity takes no direct writes: its pages offer only the applications (EntityAudit.always). */
export const auditOnly = (entity: EntityDefinition) => entity.audit?.always === true;

/** Toolbar 申请新增 and, with `merge`, 重复数据 of an audited entity, for holders of <code>:apply. */
export const deriveAuditToolbar = (entity: EntityDefinition): PageAction[] =>
  entity.audit
    ? [
        link(entity, 'applyAdd', 'applyAdd'),
        ...(entity.audit.merge ? [link(entity, 'applyMergeList', 'applyMergeList')] : []),
      ]
    : [];

/** Row actions 申请修改 and 申请删除 of an audited entity, for holders of <code>:apply. */
export const deriveAuditRowActions = (entity: EntityDefinition): PageAction[] =>
  entity.audit ? [link(entity, 'applyEdit', 'dataHandleApply'), link(entity, 'applyDel', 'applyDel', true)] : [];
