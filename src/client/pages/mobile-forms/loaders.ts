import type { Loader } from '../../router/lazy';

const page: Loader = () => import('./MobileFormsPage');

/**
 * The phone form page under the mobile dynamic-form application's routes (spec §2): its home after
 * sign-in (/dynamicForm/index), its list and the project entry.
 */
export const MOBILE_FORMS_LOADERS: Record<string, Loader> = {
  'h5Web/dfProject': page,
  'dynamicForm/index': page,
  'dynamicForm/list': page,
};
