/** Texts of declared workflows (entity `workflow`): transition buttons, their comment dialog and filter. */
export const workflow = {
  /** The comment field of a transition's dialog. */
  comment: '处理意见',
  commentPlaceholder: (name: string) => `请输入${name}的意见`,
  /** The toolbar's quick filter: rows the user can move on. */
  actionable: '待我处理',
  allRows: '全部',
} as const;
