/** Strings of the recycle bin (renderer part RecycleBin; see zh-CN.ts). */
export const recycle = {
  title: '回收站',
  restore: '还原',
  purge: '彻底删除',
  refresh: '刷新',
  empty: '回收站是空的',
  loadFailed: '回收站加载失败',
  retry: '重试',
  selected: (n: number) => `已选择 ${n} 项`,
  selectFirst: '请先勾选要操作的记录',
  confirmTitle: '确认操作',
  confirmRestore: (n: number) => `确定还原选中的 ${n} 项吗？还原后将重新出现在列表中。`,
  confirmPurge: (n: number) => `确定彻底删除选中的 ${n} 项吗？彻底删除后无法恢复。`,
  total: (n: number) => `共 ${n} 项`,
  close: '关闭',
} as const;
