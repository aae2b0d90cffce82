import { Alert, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { getAction } from '../../api';
import { t } from '../../locale/zh-CN';
import { useFileSrc } from '../upload/file-url';

export const DOCTOR_QR_URL = '/api/sys/staff/user/wxmpQrCode';

export interface DoctorQrModalProps {
  open: boolean;
  /** The doctor's id, sent as `id`. */
  doctorId: string;
  url?: string;
  onClose: () => void;
}

interface Reply {
  key: string;
  image: string;
  error: string;
}

/** The doctor's QR code (spec §2): 600 wide, a spinner until the reply, then the image or the reason. */
export function DoctorQrModal({ open, doctorId, url = DOCTOR_QR_URL, onClose }: DoctorQrModalProps) {
  const key = `${url}?id=${doctorId}`;
  const [reply, setReply] = useState<Reply | null>(null);
  useEffect(() => {
    if (!open) return;
    let alive = true;
    getAction<string>(url, { id: doctorId })
      .then((res) => {
        if (!alive) return;
        if (res.success && res.result) setReply({ key, image: String(res.result), error: '' });
        else setReply({ key, image: '', error: res.message || t.widgets.qr.failed });
      })
      .catch((e: unknown) => alive && setReply({ key, image: '', error: e instanceof Error ? e.message : t.widgets.qr.failed }));
    return () => {
      alive = false;
      setReply(null);
    };
  }, [open, doctorId, url, key]);
  const current = reply?.key === key ? reply : null;
  const { src, failed } = useFileSrc(current?.image || null);
  const waiting = !current || (current.image !== '' && !src && !failed);
  return (
    <Modal title={t.widgets.qr.title} open={open} width={600} footer={null} destroyOnHidden onCancel={onClose}>
      <div style={{ minHeight: 240, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {waiting ? (
          <Spin size="large" aria-label={t.common.loading} />
        ) : current.error || failed ? (
          <Alert type="error" showIcon message={current.error || `${t.widgets.upload.imageLoadFailed} ${current.image}`} />
        ) : (
          <img src={src} alt={t.widgets.qr.alt} style={{ maxWidth: '100%' }} />
        )}
      </div>
    </Modal>
  );
}
