/** The signature pad (JSignature): a patient or staff member signs on the screen; the PNG is uploaded. */
export const signature = {
  /** What a screen reader says about the drawing surface. */
  canvasLabel: '签名区域：按住鼠标、手指或手写笔在此书写签名',
  empty: '请在此处签名',
  clear: '清除',
  undo: '撤销',
  confirm: '确认签名',
  resign: '重新签名',
  cancel: '取消',
  uploading: '正在上传签名…',
  uploadFailed: (message: string) => `签名上传失败：${message}`,
  loading: '正在加载签名…',
  imageFailed: '签名图片加载失败',
  /** The signed picture's alt text. */
  image: '签名图片',
  unsigned: '未签名',
  /** Saving the drawing as a picture failed in the browser (no canvas support). */
  exportFailed: '无法生成签名图片',
  /** The uploaded file's display name (the server stores it under a name of its own). */
  fileName: '签名.png',
  gallery: '签名',
} as const;
