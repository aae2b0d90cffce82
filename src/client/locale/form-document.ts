/** A form document (entity field of type form) shown as its form in the record form and detail. */
export const formDocument = {
  gallery: '表单字段（动态表单）',
  loading: '正在加载表单…',
  notChosen: '尚未选择表单：请先填写表单编码',
  notFound: (code: string) => `表单不存在（${code}）`,
  loadFailed: '表单加载失败',
  empty: '未填写',
  version: (title: string, version: number) => `${title}（第 ${version} 版）`,
} as const;
