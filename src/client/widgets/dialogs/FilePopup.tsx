import { Modal } from 'antd';
import { useState } from 'react';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { JUpload, type JUploadProps } from '../upload/JUpload';

export interface FilePopupProps extends Omit<JUploadProps, 'value' | 'onChange'> {
  open: boolean;
  /** Paths already chosen, comma-joined. */
  value?: string | null;
  title?: string;
  /** Default 520 (spec §9). */
  width?: number;
  onOk: (value: string) => void;
  onCancel: () => void;
}

function FilePopupDialog({ value, title, width = 520, onOk, onCancel, open: _open, ...upload }: FilePopupProps) {
  const [draft, setDraft] = useState(value ?? '');
  return (
    <Modal
      title={title ?? t.widgets.filePopup.title}
      open
      width={width}
      onCancel={onCancel}
      onOk={() => {
        if (!draft) {
          void feedback().message.warning(t.widgets.filePopup.noFile);
          return;
        }
        onOk(draft);
      }}
    >
      <JUpload {...upload} value={draft} onChange={(v) => setDraft(v ?? '')} />
    </Modal>
  );
}

/** File pop-up (spec §2): an upload in a 520-wide dialog; OK without a file says 没有上传文件. */
export function FilePopup(props: FilePopupProps) {
  // Mounted only while open, so each opening starts from the field's current value.
  return props.open ? <FilePopupDialog {...props} /> : null;
}
