/** Strings of record pages (档案页: kind record, a header card above tabs; see zh-CN.ts). */
export const recordPage = {
  /** The static route of the patient file path before the tab names the patient (spec §2). */
  personalPage: '个人主页',
  noId: '未指定要查看的记录',
  notFound: '记录不存在，或不在您的数据范围内',
  forbidden: '无权查看该记录',
  loadFailed: '记录加载失败',
  retry: '重试',
  noFiles: '暂无文件',
  noTabs: '该页面没有可显示的内容',
  unknownTab: (kind: string) => `不支持的标签类型：${kind}`,
  listMissing: (entity: string) => `关联列表（${entity}）没有页面定义`,
};
