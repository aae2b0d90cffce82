import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Image, Upload, type UploadFile, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { downloadFile, staticUrl } from '../../api';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { joinValues } from '../picker-kit/values';
import { acceptOf, isImage, isImagePath, isVideo, type FileKind } from './file-kind';
import { filesOfValue, pathsOfFiles } from './file-list';
import { fileSrc, ownServerPath } from './file-url';
import { sendFile, type UploadTarget } from './transport';

export interface JUploadProps {
  /** Stored paths (or object URLs), comma-joined. */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** 'all' (default), 'image' (rejects others: 请上传图片) or 'video' (请上传视频). */
  fileType?: FileKind;
  /** 'server' (default, /sys/common/upload), 'attachment' (/api/sys/attachment/upload) or 'oss' (direct to object storage). */
  target?: UploadTarget;
  /** Business folder on the server (fixed list, e.g. 'temp', 'jeditor', 'notice'). */
  biz?: string;
  /** Attachment folder: 'fileList' (default) or 'aritcle'. */
  folder?: 'fileList' | 'aritcle';
  /** At most this many files (0 = no limit). */
  number?: number;
  multiple?: boolean;
  accept?: string;
  buttonText?: string;
  disabled?: boolean;
  /** Kept for compatibility: the console's HTTP client always sends X-Access-Token to our server (never to object storage). */
  token?: boolean;
}

/**
 * File, image and video upload (spec §4): each item goes uploading (with percent) → done or error →
 * removed; the field holds the finished paths comma-joined. Errors show the server's text or 未知错误;
 * for pictures an 上传错误 dialog opens.
 */
export function JUpload(props: JUploadProps) {
  const { value, onChange, fileType = 'all', target = 'server', biz, folder, number = 0, multiple = false, disabled } = props;
  const u = t.widgets.upload;
  const [files, setFiles] = useState<UploadFile[]>(() => filesOfValue(value, []));
  const [preview, setPreview] = useState<string | null>(null);
  const emitted = useRef(value ?? '');
  const pictures = fileType === 'image';

  // A value set from outside (form reset, loaded record) rebuilds the list.
  useEffect(() => {
    if ((value ?? '') === emitted.current) return;
    emitted.current = value ?? '';
    setFiles((prev) => filesOfValue(value, prev));
  }, [value]);

  // Thumbnails of stored pictures come through the authorised download.
  useEffect(() => {
    if (!pictures) return;
    for (const f of files) {
      const path = (f.response as { path?: string } | undefined)?.path;
      if (f.status !== 'done' || f.thumbUrl || !path || !isImagePath(path)) continue;
      fileSrc(path)
        .then((src) => setFiles((prev) => prev.map((x) => (x.uid === f.uid ? { ...x, thumbUrl: src } : x))))
        .catch(() => undefined);
    }
  }, [files, pictures]);

  const emit = (list: UploadFile[]) => {
    const joined = joinValues(pathsOfFiles(list));
    emitted.current = joined ?? '';
    onChange?.(joined);
  };

  const showError = (name: string, message: string) => {
    if (pictures) feedback().modal.error({ title: u.errorTitle, content: u.errorMessage(message) });
    else void feedback().message.error(`${u.failed(name)}：${message}`);
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (fileType === 'image' && !isImage(file)) {
      void feedback().message.warning(u.notImage);
      return Upload.LIST_IGNORE;
    }
    if (fileType === 'video' && !isVideo(file)) {
      void feedback().message.warning(u.notVideo);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const f = file as File;
    sendFile(f, { target, biz, folder }, (percent) => onProgress?.({ percent }))
      .then((up) => onSuccess?.({ path: up.path, name: up.name }))
      .catch((err: unknown) => {
        const message = (err instanceof Error && err.message) || t.widgets.unknownError;
        onError?.(err instanceof Error ? err : new Error(message), message);
        showError(f.name, message);
      });
  };

  const open = async (file: UploadFile) => {
    const path = (file.response as { path?: string } | undefined)?.path;
    if (!path) return;
    if (isImagePath(path) || (file.type ?? '').startsWith('image/')) {
      setPreview(file.thumbUrl || (await fileSrc(path).catch(() => '')) || null);
      return;
    }
    const own = ownServerPath(path);
    if (own) await downloadFile(own, file.name).catch(() => undefined);
    else window.open(staticUrl(path), '_blank', 'noopener');
  };

  const full = number > 0 && files.filter((f) => f.status !== 'removed').length >= number;
  const buttonText = props.buttonText ?? (pictures ? u.imageButton : fileType === 'video' ? u.videoButton : u.button);
  return (
    <>
      <Upload
        fileList={files}
        accept={props.accept ?? acceptOf(fileType)}
        multiple={multiple}
        maxCount={number > 0 ? number : undefined}
        disabled={disabled}
        listType={pictures ? 'picture-card' : 'text'}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onPreview={(f) => void open(f)}
        onChange={({ file, fileList }) => {
          setFiles(fileList);
          if (file.status === 'done' || file.status === 'removed') emit(fileList);
        }}
      >
        {disabled || (full && pictures) ? null : pictures ? (
          <button type="button" style={{ border: 0, background: 'none' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{buttonText}</div>
          </button>
        ) : (
          <Button icon={<UploadOutlined />} disabled={full}>
            {buttonText}
          </Button>
        )}
      </Upload>
      {preview !== null ? (
        <Image
          style={{ display: 'none' }}
          src={preview}
          alt={u.preview}
          preview={{ visible: true, src: preview, onVisibleChange: (v) => !v && setPreview(null) }}
        />
      ) : null}
    </>
  );
}
