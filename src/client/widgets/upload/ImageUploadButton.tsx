import { Upload } from 'antd';
import type { ReactNode } from 'react';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { isImage } from './file-kind';
import { sendFile, type UploadTarget } from './transport';

export interface ImageUploadButtonProps {
  /** 'server' (biz folder below) or 'oss' (object storage, rich-text key). */
  target?: UploadTarget;
  biz?: string;
  disabled?: boolean;
  /** Gets the stored path or object URL of the uploaded picture. */
  onUploaded: (path: string, name: string) => void;
  children: ReactNode;
}

/** A button that uploads one picture with the upload widget's checks and transport, without a file list. */
export function ImageUploadButton({ target = 'server', biz = 'jeditor', disabled, onUploaded, children }: ImageUploadButtonProps) {
  const u = t.widgets.upload;
  return (
    <Upload
      accept="image/*"
      showUploadList={false}
      disabled={disabled}
      beforeUpload={(file) => {
        if (isImage(file)) return true;
        void feedback().message.warning(u.notImage);
        return Upload.LIST_IGNORE;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        const f = file as File;
        sendFile(f, { target, biz, richText: true }, () => undefined)
          .then((up) => {
            onSuccess?.(up);
            onUploaded(up.path, up.name);
          })
          .catch((err: unknown) => {
            const message = (err instanceof Error && err.message) || t.widgets.unknownError;
            onError?.(err instanceof Error ? err : new Error(message));
            feedback().modal.error({ title: u.errorTitle, content: u.errorMessage(message) });
          });
      }}
    >
      {children}
    </Upload>
  );
}
