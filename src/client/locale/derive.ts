/** Texts of push-down actions (entity `derive`, 下推): the target's add form opened from a source row. */
export const derive = {
  /** The dialog's title: the action's name and what it creates. */
  title: (name: string, target: string) => `${name}：新建${target}`,
  /** The target has no page (form) the console could open. */
  formMissing: '目标单据没有可用的表单定义，无法下推，请联系管理员',
  /** After the target was saved: the source list is refreshed. */
  done: (name: string) => `${name}成功，已生成新单据`,
} as const;
