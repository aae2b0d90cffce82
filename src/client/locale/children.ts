/** Master-detail: the child tables inside a parent's form (ChildTable) and detail. */
export const children = {
  loading: '正在加载明细表…',
  loadFailed: '明细表加载失败，请刷新后重试',
  misconfigured: '明细表缺少 entity 属性',
  empty: '暂无明细',
  tooFew: (title: string, min: number) => `${title}至少需要 ${min} 行`,
  tooMany: (title: string, max: number) => `${title}最多 ${max} 行`,
  required: (title: string) => `请输入${title}`,
  rowCount: (n: number) => `共 ${n} 行`,
  /** Placeholder of a formula column: the server computes it. */
  computed: '自动计算',
} as const;
