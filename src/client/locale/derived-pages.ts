/** Texts the server puts into pages it derives from an entity (src/shared/page-derive). */
export const derivedPages = {
  /** Placeholder of a numbered field: the server fills it on insert. */
  numberingPlaceholder: '保存后自动生成',
  /** Placeholder of a computed (formula) field. */
  formulaPlaceholder: '自动计算',
  deleteConfirm: (name: string) => `确定删除该${name}吗？`,
} as const;
