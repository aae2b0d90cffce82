import { InboxOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Switch, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { downloadFile, uploadAction } from '../../api';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { ownServerPath } from '../../widgets/upload/file-url';

const L = t.renderer.import;
const ACCEPT = '.xls,.xlsx';
export const IMPORT_MODAL_WIDTH = 600;

export interface ImportExcelModalProps {
  open: boolean;
  /** The page's importExcel path. */
  url: string;
  /** Online (entity) pages show the 'validation enabled' switch and send validateStatus. */
  online?: boolean;
  isSingleTableImport?: string;
  foreignKeys?: string;
  onClose: () => void;
  /** After a successful import (also one with erroneous rows). */
  onImported: () => void;
}

interface ImportErrors {
  fileUrl?: string;
  fileName?: string;
  msg?: string;
}

/** The error file of a 201 answer: `result.fileUrl` (protocol.md §9) or a bare path (spec §7). */
function errorFileOf(result: unknown): { path: string; name: string; detail?: string } | null {
  if (typeof result === 'string' && result) return { path: result, name: result.split('/').pop() || result };
  if (result && typeof result === 'object') {
    const r = result as ImportErrors;
    if (r.fileUrl)
      return { path: r.fileUrl, name: r.fileName || r.fileUrl.split('/').pop() || r.fileUrl, detail: r.msg };
  }
  return null;
}

function downloadErrors(path: string, name: string): void {
  // Paths the server returns are below the API base; plain stored paths go through the static domain.
  const own = path.startsWith('/') ? path : ownServerPath(path);
  if (own) void downloadFile(own, name).catch(() => undefined);
  else window.open(path, '_blank', 'noopener');
}

/** The outcome of an import with an error report: the message, its detail and the download link. */
function showErrorReport(title: string, message: string, errors: ReturnType<typeof errorFileOf>): void {
  feedback().modal.warning({
    title,
    width: 500,
    content: (
      <div>
        <div>{message}</div>
        {errors?.detail && <div>{errors.detail}</div>}
        {errors && (
          <a onClick={() => downloadErrors(errors.path, errors.name)} role="link">
            {L.downloadErrors}
          </a>
        )}
      </div>
    ),
  });
}

/**
 * 导入EXCEL (spec §2, §4): choose .xls/.xlsx files, upload them in one request, report the outcome.
 * The caller mounts it when opening, so every opening starts clean: no files, validation off.
 */
export function ImportExcelModal({
  open,
  url,
  online,
  isSingleTableImport,
  foreignKeys,
  onClose,
  onImported,
}: ImportExcelModalProps) {
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [validate, setValidate] = useState(true);
  const [uploading, setUploading] = useState(false);

  const start = async () => {
    const fd = new FormData();
    for (const f of files) if (f.originFileObj) fd.append('files[]', f.originFileObj, f.name);
    if (isSingleTableImport) fd.append('isSingleTableImport', isSingleTableImport);
    if (foreignKeys) fd.append('foreignKeys', foreignKeys);
    if (online) fd.append('validateStatus', validate ? '1' : '0');
    const names = files.map((f) => f.name).join('、');
    setUploading(true);
    try {
      const res = await uploadAction<unknown>(url, fd);
      if (Number(res.code) === 201) {
        showErrorReport(L.partialTitle, res.message, errorFileOf(res.result));
        onImported();
        onClose();
      } else if (res.success) {
        feedback().message.success(res.message || L.succeeded);
        onImported();
        onClose();
      } else {
        // Every row refused: the answer still carries the error report, which the user needs to fix the file.
        const errors = errorFileOf(res.result);
        if (errors) showErrorReport(L.allFailedTitle, L.failed(names, res.message), errors);
        else feedback().message.warning(L.failed(names, res.message));
      }
    } catch (e) {
      feedback().message.warning(L.failed(names, e instanceof Error ? e.message : ''));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal
      title={L.title}
      open={open}
      width={IMPORT_MODAL_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{L.close}</Button>
          <Button
            type="primary"
            disabled={files.length === 0}
            loading={uploading}
            onClick={() => void start()}
          >
            {uploading ? L.uploading : L.start}
          </Button>
        </Space>
      }
    >
      {online && (
        <div style={{ marginBottom: 12 }}>
          <Space>
            <span>{L.validate}</span>
            <Switch
              checked={validate}
              onChange={setValidate}
              checkedChildren={t.common.yes}
              unCheckedChildren={t.common.no}
              aria-label={L.validate}
            />
          </Space>
        </div>
      )}
      <Upload.Dragger
        multiple
        accept={ACCEPT}
        fileList={files}
        beforeUpload={() => false}
        onChange={({ fileList }) => setFiles(fileList.filter((f) => /\.xlsx?$/i.test(f.name)))}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{L.choose}</p>
        <p className="ant-upload-hint">{L.hint}</p>
      </Upload.Dragger>
    </Modal>
  );
}
