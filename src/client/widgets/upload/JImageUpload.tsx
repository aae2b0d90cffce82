import { JUpload, type JUploadProps } from './JUpload';

/** Picture upload: JUpload limited to images, shown as cards. */
export function JImageUpload(props: Omit<JUploadProps, 'fileType'>) {
  return <JUpload {...props} fileType="image" />;
}
