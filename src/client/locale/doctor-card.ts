/** Strings of the doctor's public card page (/doctor-card, the target of the doctor's QR code; see zh-CN.ts). */
export const doctorCard = {
  title: '医生名片',
  loading: '名片加载中',
  notFound: '名片不存在或已失效',
  notFoundHint: '请向医生索取新的二维码',
  loadFailed: '名片加载失败，请稍后再试',
  retry: '重试',
  avatarAlt: (name: string) => `${name}的头像`,
  department: '科室',
  position: '职务',
  footer: '扫码查看医生名片',
} as const;
