/** Strings of labels and message administration (see zh-CN.ts): the label picker of a record. */
export const messagesAdmin = {
  labelPicker: {
    title: '设置标签',
    titleOf: (name: string) => `设置标签：${name}`,
    system: '系统标签',
    personal: '个人标签',
    none: '暂无可用标签，请先在“标签管理”中添加',
    hint: '点击标签选中或取消；个人标签只有自己看得到',
    loadFailed: '标签加载失败',
    save: '保存',
    cancel: '取消',
    saved: '保存成功！',
  },
} as const;
