import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  ExclamationCircleOutlined,
  LoadingOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Tooltip, Upload } from 'antd';
import { memo, useState } from 'react';
import { staticUrl, uploadAction } from '../../../api';
import { feedback } from '../../../api/feedback';
import { t } from '../../../locale/zh-CN';
import { useTableApi } from '../grid/context';
import { splitCell } from '../grid/lookups';
import type { CellProps } from './types';

/** Spec §9: file names in a cell are cut to 5 characters. */
export const FILE_NAME_CHARS = 5;
export const DEFAULT_UPLOAD_ACTION = '/sys/common/upload';

export function shortFileName(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const chars = [...name];
  return chars.length > FILE_NAME_CHARS ? `${chars.slice(0, FILE_NAME_CHARS).join('')}…` : name;
}

/**
 * upload, file and image: uploads to the column's action (default /sys/common/upload) and keeps the
 * stored paths comma-joined; the answer's `responseName` (default message) holds the path. The HTTP client
 * sends the access token with every upload, so `token` needs no extra work.
 */
export const UploadCell = memo(function UploadCell({ column, rowIndex, value, disabled }: CellProps) {
  const api = useTableApi();
  const msg = t.editable.table;
  const [progress, setProgress] = useState<{ percent: number; failed?: boolean } | null>(null);
  const paths = splitCell(value);
  const limit = column.fieldExtendJson?.uploadnum ?? 1;
  const allowRemove = column.allowRemove !== false;

  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    form.append('isup', '1');
    form.append('biz', column.type === 'image' ? 'image' : 'file');
    setProgress({ percent: 0 });
    try {
      const res = await uploadAction<unknown>(column.action ?? DEFAULT_UPLOAD_ACTION, form, (percent) =>
        setProgress({ percent }),
      );
      const key = column.responseName ?? 'message';
      const path =
        key === 'message'
          ? res.message
          : ((res as unknown as Record<string, unknown>)[key] ??
            (res.result as Record<string, unknown> | null)?.[key]);
      if (!res.success || typeof path !== 'string' || !path) throw new Error(res.message);
      setProgress(null);
      api.setValue(rowIndex, column, [...paths, path].join(','));
    } catch (e) {
      setProgress({ percent: 0, failed: true });
      feedback().message.error(e instanceof Error && e.message ? e.message : msg.uploadFailed);
    }
  };

  return (
    <span className="jet-file">
      {progress && !progress.failed ? (
        <Tooltip title={msg.uploading(progress.percent)}>
          <LoadingOutlined />
        </Tooltip>
      ) : progress?.failed ? (
        <Tooltip title={msg.uploadFailed}>
          <ExclamationCircleOutlined style={{ color: 'var(--jet-error)' }} />
        </Tooltip>
      ) : paths.length ? (
        <Tooltip title={msg.uploadDone}>
          <CheckCircleOutlined style={{ color: 'var(--ant-color-success)' }} />
        </Tooltip>
      ) : null}
      {paths.map((p) => (
        <span key={p} className="jet-file-name" title={p.slice(p.lastIndexOf('/') + 1)}>
          {column.allowDownload !== false ? (
            <a href={staticUrl(p)} target="_blank" rel="noreferrer" download>
              {shortFileName(p)}
            </a>
          ) : (
            shortFileName(p)
          )}
          {allowRemove && !disabled ? (
            <Tooltip title={msg.removeFile}>
              <Button
                type="text"
                size="small"
                aria-label={msg.removeFile}
                icon={<CloseCircleOutlined />}
                onClick={() => api.setValue(rowIndex, column, paths.filter((x) => x !== p).join(','))}
              />
            </Tooltip>
          ) : null}
        </span>
      ))}
      {paths.length < limit && !disabled ? (
        <Upload
          showUploadList={false}
          accept={column.type === 'image' ? 'image/*' : undefined}
          beforeUpload={(file) => {
            if (paths.length >= limit) {
              feedback().message.warning(msg.uploadLimit(limit));
              return Upload.LIST_IGNORE;
            }
            void upload(file);
            return false;
          }}
        >
          <Button size="small" icon={<UploadOutlined />} data-focus="">
            {msg.upload}
          </Button>
        </Upload>
      ) : null}
    </span>
  );
});
