import type { Loader } from '../../router/lazy';

/** Button permissions of the stored-forms API (schemas/menus/form-design.json). */
export const FORM_PERMS = {
  list: 'online:form:list',
  design: 'online:form:design',
  publish: 'online:form:publish',
  export: 'online:form:export',
} as const;

export const FORM_LIST_PATH = '/dynamicForm/forms';

/**
 * The designer of a form: `code` alone opens it; with `title` it is a new form, and with `copy` too a
 * new form starting from that one.
 */
export function designerPath(code: string, extra: { title?: string; copy?: string } = {}): string {
  const q = new URLSearchParams({ code });
  if (extra.title) q.set('title', extra.title);
  if (extra.copy) q.set('copy', extra.copy);
  return `/dynamicForm/designer?${q.toString()}`;
}

/** The menu components of the designer's pages, each loaded on first use. */
export const FORM_DESIGN_LOADERS: Record<string, Loader> = {
  'dynamicForm/forms': () => import('./FormListPage'),
  'dynamicForm/designer': () => import('./DesignerPage'),
};
