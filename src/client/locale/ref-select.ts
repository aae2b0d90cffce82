/** The ref picker (JRefSelect): a searchable, paged select of another entity's rows. */
export const refSelect = {
  placeholder: '请选择',
  searchPlaceholder: '输入关键字搜索',
  loadMore: '加载更多',
  loaded: (shown: number, total: number) => `已显示 ${shown} / ${total} 条`,
  empty: '没有可选的数据',
  /** The stored value names a row the caller cannot see (or that was deleted). */
  unknownValue: '（数据不存在或无权访问）',
  misconfigured: '关联选择框缺少 entity 或 field 属性',
} as const;
