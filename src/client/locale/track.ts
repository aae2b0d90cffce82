/** Strings of the record tracking screen (单据跟踪) and the header's document search (see zh-CN.ts). */
export const track = {
  /** The row action, and the route's title before the record is in. */
  action: '跟踪',
  pageTitle: '单据跟踪',
  tabTitle: (entityName: string, label: string) => `${entityName}跟踪：${label}`,
  summary: '单据信息',
  timeline: '跟踪记录',
  empty: '暂无跟踪记录',
  loadFailed: '跟踪信息加载失败',
  retry: '重试',
  blank: '—',
  truncated: (n: number) => `只显示最近 ${n} 条记录`,
  by: (who: string) => `操作人：${who}`,
  comment: (text: string) => `意见：${text}`,
  changed: (fields: string) => `修改了：${fields}`,
  state: (from: string, to: string) => `${from} → ${to}`,
  actions: {
    add: '新增',
    import: '新增',
    edit: '修改',
    transition: '流转',
    delete: '删除',
    restore: '恢复',
    trigger: '规则触发',
  } as Record<string, string>,
  search: {
    placeholder: '搜索菜单或单号',
    menus: '菜单',
    documents: '单据',
    document: (entityName: string, label: string) => `${entityName}：${label}`,
  },
} as const;
