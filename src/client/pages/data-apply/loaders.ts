import type { Loader } from '../../router/lazy';
import type { DataApplyPage } from './paths';

/** The menu components `dynamicForm/<page>` of the application screens, each loaded on first use. */
export const DATA_APPLY_LOADERS: Record<`dynamicForm/${DataApplyPage}`, Loader> = {
  'dynamicForm/dataApply': () => import('./MyApplicationsPage'),
  'dynamicForm/dataApplyAudit': () => import('./AuditApplicationsPage'),
  'dynamicForm/applyAudit': () => import('./ApplicationPage'),
  'dynamicForm/applyDetails': () => import('./ApplicationPage'),
  'dynamicForm/applyAdd': () => import('./ApplyFormPage'),
  'dynamicForm/dataHandleApply': () => import('./ApplyFormPage'),
  'dynamicForm/applyDel': () => import('./ApplyDeletePage'),
  'dynamicForm/applyMergeList': () => import('./DuplicatesPage'),
  'dynamicForm/applyMerge': () => import('./MergePage'),
  'dynamicForm/dataDetails': () => import('./DataDetailsPage'),
};
