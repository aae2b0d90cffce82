/** Strings of the note above a list filtered by its page address beyond the query form (see zh-CN.ts). */
export const listUrl = {
  filtered: (n: number) => `列表已按图表下钻或链接带来的 ${n} 个条件筛选（未显示在查询表单中）`,
  clear: '清除这些条件',
} as const;
