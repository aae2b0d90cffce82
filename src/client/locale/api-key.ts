/** Strings of the device key page (设备密钥, system/ApiKeyList) and its issue dialog (see zh-CN.ts). */
export const apiKey = {
  issueTitle: '新建设备密钥',
  name: '密钥名称',
  namePlaceholder: '如：一号血压计',
  nameRequired: '请输入密钥名称',
  organisation: '所属机构',
  organisationRequired: '请选择所属机构',
  entities: '可上传的数据',
  entitiesRequired: '请选择可上传的数据',
  create: '生成密钥',
  loadFailed: '加载可选机构与数据失败',
  createdTitle: '密钥已生成',
  createdHint: '请立即复制并妥善保存此密钥，关闭后将无法再次查看。设备上传时在请求头 X-Api-Key 中携带它。',
  copy: '复制密钥',
  copied: '已复制',
  close: '我已保存，关闭',
} as const;
