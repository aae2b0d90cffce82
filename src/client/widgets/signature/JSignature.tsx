import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import type { JSignatureProps as SignatureOptions } from '../../../shared/schema-types';
import { t } from '../../locale/zh-CN';
import { sendFile } from '../upload/transport';
import { SignatureImage } from './SignatureImage';
import { SignaturePad } from './SignaturePad';
import { canvasPng } from './strokes';

export interface JSignatureProps extends SignatureOptions {
  /** The stored path of the signature picture (what the upload API answered). */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** Formily's readOnly pattern: the signature only, like disabled. */
  readOnly?: boolean;
}

/** Signatures are medical records: they go to the server's `medical` folder, with its upload checks. */
const BIZ = 'medical';

type Upload = { kind: 'idle' } | { kind: 'uploading' } | { kind: 'failed'; message: string };

/**
 * A handwritten signature as a form field (case-report forms, consent): drawn on a canvas, confirmed,
 * uploaded as a PNG through the console's upload API, and stored as the path the server gave it.
 */
export function JSignature({
  value,
  onChange,
  width = 600,
  height = 240,
  penColor = '#000000',
  disabled,
  readOnly,
}: JSignatureProps) {
  const s = t.signature;
  const [resigning, setResigning] = useState(false);
  const [upload, setUpload] = useState<Upload>({ kind: 'idle' });

  if (disabled || readOnly)
    return value ? (
      <SignatureImage path={value} width={width} height={height} />
    ) : (
      <Typography.Text type="secondary">{s.unsigned}</Typography.Text>
    );

  if (value && !resigning)
    return (
      <Space direction="vertical" style={{ width: '100%', maxWidth: width }}>
        <SignatureImage path={value} width={width} height={height} />
        <Button onClick={() => setResigning(true)}>{s.resign}</Button>
      </Space>
    );

  const confirm = async (canvas: HTMLCanvasElement) => {
    setUpload({ kind: 'uploading' });
    try {
      const file = await canvasPng(canvas, s.fileName).catch(() => {
        throw new Error(s.exportFailed);
      });
      const up = await sendFile(file, { target: 'server', biz: BIZ }, () => undefined);
      setUpload({ kind: 'idle' });
      setResigning(false);
      onChange?.(up.path);
    } catch (err) {
      setUpload({
        kind: 'failed',
        message: s.uploadFailed((err instanceof Error && err.message) || t.widgets.unknownError),
      });
    }
  };

  return (
    <SignaturePad
      width={width}
      height={height}
      penColor={penColor}
      busy={upload.kind === 'uploading'}
      error={upload.kind === 'failed' ? upload.message : null}
      onConfirm={(canvas) => void confirm(canvas)}
      onCancel={
        value
          ? () => {
              setUpload({ kind: 'idle' });
              setResigning(false);
            }
          : undefined
      }
    />
  );
}
